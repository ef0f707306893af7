/**
 * Entry point (`npm start` runs its compiled form, dist/server.cjs, through dist/main.js: server/boot/boot.ts):
 * configuration from the environment, checked as a whole first (one log line per problem on stderr,
 * exit 1); then one server process, or a node:cluster primary with PAYROLL_WORKERS workers.
 */
import cluster from 'node:cluster';
import pino from 'pino';
import { runClusterPrimary } from '../process/cluster.ts';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { serveProcess } from './serve-process.ts';

function configOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // LOG_LEVEL may be the broken one: these lines are written whatever it says.
    // Synchronous writes: the lines come out in the order of the problems, whatever the load.
    const logger = createLogger('info', pino.destination({ fd: 2, sync: true }));
    for (const problem of err.problems) logger.fatal({ config: true }, problem);
    logger.flush();
    process.exit(1);
  }
}

const config = configOrExit();
const logger = createLogger(config.logLevel);
if (config.workers > 1 && cluster.isPrimary) runClusterPrimary(config, logger);
// No top-level await: the bundle is a CommonJS script (server/boot/boot.ts says why). serveProcess handles
// its own failures (one log line, exit 1); anything else it throws is an unhandled rejection, which
// ends the process with exit 1 and the error on stderr, as a rejected top-level await did.
else void serveProcess(config, logger);
