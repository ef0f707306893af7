import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Database, SQLITE_DRIVER_PACKAGE } from '../../server/app/store/sqlite-driver.ts';

const require = createRequire(import.meta.url);

describe('the SQLite driver chosen for the running Node', () => {
  it('is better-sqlite3 13 from Node-API 10 on and 12 below it', () => {
    const napi = Number(process.versions.napi);
    const pkg = JSON.parse(readFileSync(require.resolve(`${SQLITE_DRIVER_PACKAGE}/package.json`), 'utf8')) as { version: string };
    expect(pkg.version.split('.')[0]).toBe(napi >= 10 ? '13' : '12');
  });

  it('opens a database, writes in a transaction and reads it back', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (a INTEGER)');
    const insert = db.prepare('INSERT INTO t (a) VALUES (?)');
    db.transaction((values: number[]) => values.forEach((v) => insert.run(v)))([1, 2, 3]);
    expect(db.prepare('SELECT sum(a) AS s FROM t').get()).toEqual({ s: 6 });
    db.close();
  });
});
