/**
 * Entry point (`npm start`): configuration from the environment, the store (migrated on start), the
 * engine (masters and rules loaded and compiled once), then the HTTP server. SIGTERM and SIGINT
 * drain in-flight requests, close the store and exit 0.
 */
import pino from 'pino';
import { loadEngine } from '../engine/index.ts';
import { readConfig } from './config.ts';
import { EngineHolder, logLoaded, reloadAndLog } from './engine-holder.ts';
import { startServer } from './http-server.ts';
import { openStore } from './store/open-store.ts';

const config = readConfig();
const logger = pino({ level: config.logLevel });
const store = await openStore(config);
let engine;
try {
  engine = loadEngine({ mastersDir: config.mastersDir, rulesDir: config.rulesDir });
} catch (err) {
  logger.fatal({ err }, 'the engine could not load its masters and rules');
  await store.close();
  process.exit(1);
}
logLoaded(logger, engine, 'masters and rules loaded');
const loadFromConfig = () => loadEngine({ mastersDir: config.mastersDir, rulesDir: config.rulesDir });
const engines = new EngineHolder(engine, loadFromConfig);
const server = await startServer({ engine: engines, store, config, logger }, config.port);
logger.info({ port: server.port, store: store.kind }, 'listening');

// SIGHUP reloads masters and rules: the whole new set or nothing (server/engine-holder.ts)
process.on('SIGHUP', () => reloadAndLog(engines, logger));

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'draining');
    server.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
