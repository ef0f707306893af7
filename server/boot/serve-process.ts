/**
 * One server process: the store (migrated on open), the engine (masters and rules loaded and compiled
 * once), then the HTTP server. SIGTERM and SIGINT drain (server/app/http-server.ts), close the store and
 * exit 0, or 1 if the drain deadline cut requests in flight; SIGHUP reloads the masters and rules. Run alone (one process) or as a node:cluster worker (server/process/cluster.ts).
 */
import type { Logger } from 'pino';
import cluster from 'node:cluster';
import { DEFAULT_LOAD_CACHE, loadEngine, loadEngineOffThread } from '../../engine/index.ts';
import type { ServerConfig } from './config.ts';
import { EngineHolder, logLoaded, reloadAndLog } from '../process/engine-holder.ts';
import { startServer } from '../app/http-server.ts';
import { limiterKind } from '../app/rate-limit/backends.ts';
import { refusalLines, refusalProblems } from '../process/load-refusal.ts';
import { oneAtATime } from '../process/one-at-a-time.ts';
import { openStore } from '../app/store/open-store.ts';
import { bundleIdentity } from './bundle-identity.ts';
import { followPrimaryReloads } from '../process/worker-reload.ts';
import { storeOpenFailure } from '../app/store/open-failure.ts';

export async function serveProcess(config: ServerConfig, logger: Logger): Promise<void> {
  let store;
  try {
    store = await openStore(config);
  } catch (err) {
    // an unreachable or malformed PAYROLL_DATABASE_URL, an unwritable PAYROLL_DB: one line, no stack
    logger.fatal({ config: true }, storeOpenFailure(config, err));
    process.exit(1);
  }
  // the checked documents of the last clean load (engine/loading/load-cache.ts): a warm start parses no YAML, and
  // a start of the bundle that proved this very set skips the checks that would find nothing again
  const load = () =>
    loadEngine({
      mastersDir: config.mastersDir,
      rulesDir: config.rulesDir,
      cacheFile: DEFAULT_LOAD_CACHE,
      codeFingerprint: bundleIdentity(),
    });
  let engine;
  try {
    engine = load();
  } catch (err) {
    // one readable line per problem (file:line: path: message), then the log line without a stack
    const lines = refusalLines(err);
    process.stderr.write(lines.map((l) => `${l}\n`).join(''));
    logger.fatal(
      { problems: refusalProblems(err) },
      `the engine could not load its masters and rules (${lines.length} problem(s), listed above)`,
    );
    await store.close();
    process.exit(1);
  }
  logLoaded(logger, engine, 'masters and rules loaded');
  // a reload parses and checks in a worker thread with its own heap (engine/loading/load-off-thread.ts)
  const engines = new EngineHolder(engine, () =>
    loadEngineOffThread({ mastersDir: config.mastersDir, rulesDir: config.rulesDir, cacheFile: DEFAULT_LOAD_CACHE }),
  );
  const starting = startServer({ engine: engines, store, config, logger }, config.port, config.host, config);
  // SIGTERM and SIGINT drain from the moment the server is being started, before it listens: the primary
  // of a cluster may tell a worker to stop as soon as the worker's socket is listening, which is before
  // this function goes on (a replacement worker started during a drain was killed by the signal itself).
  let shuttingDown = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (shuttingDown) return;
      shuttingDown = true;
      logger.info({ signal }, 'draining');
      starting
        .then((started) => started.stop(config.shutdownTimeoutMs))
        .then(
          ({ cutRequests }) => {
            if (cutRequests > 0) {
              logger.error(
                { cut_requests: cutRequests, shutdown_timeout_ms: config.shutdownTimeoutMs },
                'the drain deadline cut requests in flight',
              );
            }
            logger.info('stopped');
            process.exit(cutRequests > 0 ? 1 : 0);
          },
          (err: unknown) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }
  let server;
  try {
    server = await starting;
  } catch (err) {
    // EADDRINUSE, EACCES (a port below 1024), EADDRNOTAVAIL (HOST not on this machine): one clear line.
    const e = err as NodeJS.ErrnoException;
    logger.fatal({ code: e.code }, `cannot listen on ${config.host ?? '*'}:${config.port}: ${e.code ?? e.message}`);
    await store.close();
    process.exit(1);
  }
  const rateLimitBackend = limiterKind({ backend: config.rateLimitBackend, redisUrl: config.redisUrl }, store.kind);
  logger.info({ port: server.port, host: config.host ?? null, store: store.kind, rate_limit_backend: rateLimitBackend }, 'listening');

  // SIGHUP reloads masters and rules: the whole new set or nothing (server/process/engine-holder.ts), checked off
  // this thread; under node:cluster the primary coordinates it, every worker or none (server/process/cluster-reload.ts)
  if (cluster.isWorker) followPrimaryReloads(engines, logger, (m) => process.send!(m));
  else
    process.on(
      'SIGHUP',
      oneAtATime(() => reloadAndLog(engines, logger).then(() => undefined)),
    );
}
