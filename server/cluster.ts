/**
 * PAYROLL_WORKERS > 1: this process becomes a node:cluster primary that forks the workers (each a full
 * server process, server/serve-process.ts, sharing the listening port) and serves nothing itself.
 * Quota stays exact because it is counted in the store by one atomic statement; rate limits through
 * the store or the cluster limiter started here.
 *
 * Signals: SIGTERM/SIGINT are passed to every worker, which drains (SIGHUP too, which reloads); the primary exits when all have
 * exited (0 if all drained cleanly, even after a worker was replaced). A worker that dies while serving is replaced; one that dies before
 * it ever listened (broken masters, bad port) stops the whole cluster with exit 1, since its siblings
 * would fail the same way.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.ts';
import { startClusterRateLimitPrimary } from './rate-limit/cluster-primary.ts';

export function runClusterPrimary(config: ServerConfig, logger: Logger): void {
  startClusterRateLimitPrimary();
  const listening = new Set<Worker>();
  let shuttingDown = false;
  let failed = false;

  function fork(): void {
    cluster.fork().on('listening', function (this: Worker) {
      listening.add(this);
      if (listening.size === config.workers) logger.info({ workers: config.workers, port: config.port }, 'all workers listening');
    });
  }

  function shutDown(signal: NodeJS.Signals): void {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'draining workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  }

  cluster.on('exit', (worker, code, signal) => {
    const everListened = listening.delete(worker);
    // the primary's own log lines carry its pid already: the worker's is worker_pid (one key, one meaning)
    const about = { worker_pid: worker.process.pid, code, signal };
    if (!shuttingDown) {
      if (everListened) {
        // replaced, and the service goes on: not a failure of the eventual drain (its exit stays 0)
        logger.error(about, 'worker died; starting another');
        fork();
        return;
      }
      failed = true;
      logger.fatal(about, 'a worker failed to start; stopping');
      shutDown('SIGTERM');
    } else if (code !== 0 && !(signal === 'SIGTERM' && !everListened)) failed = true; // one still starting has nothing to drain
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info('stopped');
      process.exit(failed ? 1 : 0);
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutDown(signal));
  // SIGHUP (reload masters and rules) goes to every worker: each validates and swaps its own set.
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
  });
  for (let i = 0; i < config.workers; i += 1) fork();
}
