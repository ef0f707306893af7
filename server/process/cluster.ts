/**
 * PAYROLL_WORKERS > 1: this process becomes a node:cluster primary that forks the workers (each a full
 * server process, server/boot/serve-process.ts, sharing the listening port) and serves nothing itself.
 * Quota stays exact because it is counted in the store by one atomic statement; rate limits through
 * the store or the cluster limiter started here.
 *
 * Signals: SIGTERM/SIGINT are passed to every worker, which drains (server/app/http-server.ts: each keeps
 * its listener open until no connection has come for the quiet time, so the connections this primary
 * still holds for the workers are handed to one that listens); SIGHUP reloads every worker or none
 * (server/process/cluster-reload.ts: each prepares the new set, the primary commits it only if all did); the primary exits when all have
 * exited (0 if all drained cleanly, even after a worker was replaced; 1 if a worker's drain cut requests,
 * or if a connection was left with no worker to take it: undeliveredConnections). A worker that dies while serving is replaced; one that dies before
 * it ever listened (broken masters, bad port) stops the whole cluster with exit 1 at start, since its
 * siblings would fail the same way; once the cluster has served, a replacement that cannot start is
 * retried while the other workers serve on.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { ServerConfig } from '../boot/config.ts';
import { coordinateReloads } from './cluster-reload.ts';
import { startClusterRateLimitPrimary } from '../app/rate-limit/cluster-primary.ts';
import { startClusterMetricsPrimary } from '../app/metrics/cluster-metrics.ts';

/**
 * Counts the connections the primary could not hand to any worker. In round-robin mode the primary
 * accepts every connection and hands each to a worker; a worker whose listener has closed refuses it
 * (`accepted: false`) and the primary offers it to another, but once no worker listens it is dropped
 * (with those still queued behind it, which node:cluster closes when the last listener goes: so the count is
 * at least one whenever any was dropped). node:cluster has no event for either, so this reads its
 * internal messages (cmd NODE_CLUSTER: a worker's `act: 'close'` of its listener, its answer to a
 * handed connection); should their shape change, the count stays 0 and nothing else changes.
 */
function undeliveredConnections(): { watch(worker: Worker): void; listening(worker: Worker): void; count(): number } {
  const open = new Set<Worker>();
  let dropped = 0;
  return {
    listening: (worker) => void open.add(worker),
    watch(worker) {
      worker.process.on('internalMessage', (message: { cmd?: unknown; act?: unknown; accepted?: unknown }) => {
        if (message?.cmd !== 'NODE_CLUSTER') return;
        if (message.act === 'close') open.delete(worker);
        else if (message.accepted === false && open.size === 0) dropped += 1;
      });
      worker.once('exit', () => open.delete(worker));
    },
    count: () => dropped,
  };
}

/** A replacement that fails to start is tried again after 1 s, then 2, 4, ... at most every minute. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

export function runClusterPrimary(config: ServerConfig, logger: Logger): void {
  startClusterRateLimitPrimary();
  startClusterMetricsPrimary();
  const listening = new Set<Worker>();
  let shuttingDown = false;
  let failed = false;
  let everAllListening = false;
  let retryMs = FIRST_RETRY_MS;
  const undelivered = undeliveredConnections();

  function fork(): void {
    const worker = cluster.fork();
    undelivered.watch(worker);
    worker.on('listening', function (this: Worker) {
      listening.add(this);
      undelivered.listening(this);
      retryMs = FIRST_RETRY_MS;
      if (listening.size === config.workers) {
        everAllListening = true;
        logger.info({ workers: config.workers, port: config.port }, 'all workers listening');
      }
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
      if (everAllListening && listening.size > 0) {
        // a replacement that cannot start (say the files on disk are a set a reload refused): the others
        // serve on, and it is tried again, less and less often, until the files load again
        logger.error({ ...about, retry_in_ms: retryMs }, 'a replacement worker failed to start; the others serve on');
        setTimeout(() => shuttingDown || fork(), retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        return;
      }
      failed = true;
      logger.fatal(about, 'a worker failed to start; stopping');
      shutDown('SIGTERM');
    } else if (code !== 0 && !(signal === 'SIGTERM' && !everListened)) {
      // one still starting has nothing to drain; any other exit but 0 makes the drain a failure: say which
      failed = true;
      logger.error({ ...about, ever_listened: everListened }, 'a worker did not drain cleanly');
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      if (undelivered.count() > 0) {
        failed = true;
        logger.error({ undelivered_connections: undelivered.count() }, 'connections were left with no worker to take them');
      }
      logger.info('stopped');
      process.exit(failed ? 1 : 0);
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutDown(signal));
  // SIGHUP reloads masters and rules on every listening worker or on none (server/process/cluster-reload.ts)
  const reload = coordinateReloads(() => [...listening], logger);
  process.on('SIGHUP', () => void reload());
  for (let i = 0; i < config.workers; i += 1) fork();
}
