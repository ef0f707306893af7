/**
 * The SQLite driver for the running Node. better-sqlite3 13 is built on Node-API 10 (Node 22.14 and
 * later, 24) and is the only line that runs on Node 24: 12's classes derive from node::ObjectWrap, whose
 * destructor aborts the process there. 12 stays for Node 20, which offers Node-API 9 and on which 13
 * crashes at load. Both have the same API; the choice is made once, at first import.
 */
import { createRequire } from 'node:module';
import type DatabaseConstructor from 'better-sqlite3';

const NODE_API_OF_DRIVER_13 = 10;

/** The package name `require` resolves to on this runtime (for child processes that open the file). */
export const SQLITE_DRIVER_PACKAGE = Number(process.versions.napi) >= NODE_API_OF_DRIVER_13 ? 'better-sqlite3-v13' : 'better-sqlite3';

export const Database: typeof DatabaseConstructor = createRequire(import.meta.url)(SQLITE_DRIVER_PACKAGE);
