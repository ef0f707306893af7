/**
 * Where the rate-limit points live (PAYROLL_RATE_LIMIT_BACKEND, default `auto`):
 * - `memory`: in this process only (rate-limiter-flexible's RateLimiterMemory): no store write per
 *   request. Inside a node:cluster worker it becomes RateLimiterCluster, which asks the primary over IPC,
 *   so all workers of one machine share one count; the primary must call startClusterRateLimitPrimary().
 *   When the primary does not answer in time, the worker limits on its own (insured.ts).
 * - `redis`: PAYROLL_REDIS_URL (ioredis): shared by every process and machine, claimed in batches by
 *   each process (leased.ts, redis-claims.ts: one script per claim), behind a circuit breaker
 *   (breaker.ts) so a frozen Redis costs no more than a dead one.
 * - `postgres`: the store's rate_limit_windows table, claimed in batches by each process (leased.ts,
 *   postgres-claims.ts): shared without Redis, and without a row update per request.
 * Both shared backends lease: a busy process asks the store far less than once a request and no request
 * waits on it but the claims' (docs/decisions.md, "Rate limits claimed in batches, on Redis too").
 * `auto` picks redis when PAYROLL_REDIS_URL is set, else postgres when the store is PostgreSQL, else memory.
 * Shared backends carry an in-memory insurance limiter: when Redis, PostgreSQL or the cluster primary
 * fails, each process goes on limiting on its own instead of refusing every request. For Redis that
 * fall-back is a state the factory reports (`health()`, shown by /readyz) and logs when it begins and
 * when it ends, once each, never per request.
 */
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { RateLimiterCluster, RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimiterBackend } from '../store/types.ts';
import { createBreaker, type Breaker } from './breaker.ts';
import { withInsurance, type PointLimiter } from './insured.ts';
import { createLeasedLimiter } from './leased.ts';
import { postgresClaims, type ClaimQueries } from './postgres-claims.ts';
import { redisClaims } from './redis-claims.ts';

export type RateLimitBackendName = 'auto' | 'memory' | 'redis' | 'postgres';
export const RATE_LIMIT_BACKENDS: readonly RateLimitBackendName[] = ['auto', 'memory', 'redis', 'postgres'];

export type LimiterKind = 'memory' | 'cluster' | 'redis' | 'postgres';

/** The backend and whether it serves as configured (`degraded`: each process limits on its own meanwhile). */
export interface BackendHealth {
  backend: LimiterKind;
  state: 'ok' | 'degraded';
  /** Why it is degraded (the backend's own error code or a timeout); absent when ok. */
  reason?: string;
}

/** What the factory logs: the fall-back to per-process limits and its end (a pino logger fits). */
export interface BackendLog {
  warn(fields: Record<string, unknown>, msg: string): void;
  info(fields: Record<string, unknown>, msg: string): void;
}

export interface LimiterFactory {
  /** What the points are kept in, for logs and tests: memory, cluster, redis or postgres. */
  readonly kind: LimiterKind;
  health(): BackendHealth;
  create(keyPrefix: string, points: number, durationSeconds: number): PointLimiter;
  /** Settles once the backend has first connected or failed to (Redis); callers wait for it once. */
  readonly settled?: Promise<void>;
  /** Redis: the circuit breaker, whose state and count of round trips tests and benchmarks read. */
  readonly breaker?: Breaker;
  close(): Promise<void>;
}

export interface BackendOptions {
  backend?: RateLimitBackendName;
  redisUrl?: string;
  /** Namespace of the keys in Redis (several deployments or test runs can share one Redis). */
  redisKeyPrefix?: string;
  log?: BackendLog;
}

const healthy = (backend: LimiterKind) => (): BackendHealth => ({ backend, state: 'ok' });

function memoryFactory(): LimiterFactory {
  if (cluster.isWorker) {
    return {
      kind: 'cluster',
      health: healthy('cluster'),
      create: (keyPrefix, points, duration) =>
        withInsurance(
          new RateLimiterCluster({ keyPrefix, points, duration, timeoutMs: 1000 }),
          new RateLimiterMemory({ keyPrefix, points, duration }),
        ),
      close: async () => {},
    };
  }
  return {
    kind: 'memory',
    health: healthy('memory'),
    create: (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }),
    close: async () => {},
  };
}

/** How long a Redis command may take before the in-memory insurance limiter answers instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Where Redis is, for a log line: host and port only (the URL may carry a password). */
function redisPlace(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '6379'}`;
}

/**
 * Whether this process limits in Redis or, Redis not answering, on its own: one line when the
 * fall-back begins and one when it ends, whatever the number of errors or requests in between.
 */
function redisHealth(url: string, log: BackendLog | undefined) {
  const fields = { rate_limit_backend: 'redis', redis: redisPlace(url) };
  let connected = false;
  /** Why the connection is down (the socket's error code), while it is. */
  let lostBecause = 'not connected';
  let breakerOpen = false;
  let said: 'ok' | 'degraded' | null = null;
  let stopped = false;
  const state = () => (connected && !breakerOpen ? 'ok' : 'degraded');
  const reason = () => (connected ? `no answer within ${REDIS_COMMAND_TIMEOUT_MS} ms` : lostBecause);
  const settle = () => {
    if (stopped) return;
    const now = state();
    // the first state is said only when it is the fall-back
    if (now === said || (said === null && now === 'ok')) {
      said = now;
      return;
    }
    said = now;
    if (now === 'degraded') log?.warn({ ...fields, reason: reason() }, 'rate limits per process: Redis does not answer');
    else log?.info(fields, 'rate limits shared again: Redis answers');
  };
  return {
    connected: () => {
      connected = true;
      settle();
    },
    lost: (why: string) => {
      connected = false;
      lostBecause = why;
      settle();
    },
    /** A connection that closes: its cause, when there was one, was said by the error before. */
    closed: () => {
      if (!connected) return;
      connected = false;
      lostBecause = 'connection closed';
      settle();
    },
    breaker: (open: boolean) => {
      breakerOpen = open;
      settle();
    },
    /** The first attempt has settled (connected, refused, or neither within the command timeout). */
    settleFirst: settle,
    stop: () => void (stopped = true),
    health: (): BackendHealth =>
      state() === 'ok' ? { backend: 'redis', state: 'ok' } : { backend: 'redis', state: 'degraded', reason: reason() },
  };
}

function redisFactory(url: string, namespace: string, log: BackendLog | undefined): LimiterFactory {
  // While Redis is not connected, the limiter answers from its insurance at once (redis-claims.ts)
  // instead of making every request wait; a connected Redis that stalls is bounded by the command
  // timeout, and after a few such timeouts by the circuit breaker, which stops asking it at all.
  // required here, not imported at start-up: ioredis's module loading is a cost only Redis deployments need
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new Redis(url, { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  const state = redisHealth(url, log);
  // The first requests wait for the first connection attempt, so they count in Redis too.
  const settled = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    client.once('error', () => resolve());
    setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS).unref();
  }).then(state.settleFirst);
  client.on('ready', state.connected);
  // ioredis reconnects by itself; a refused connection must not crash the process, and is a state, said once.
  client.on('error', (err: NodeJS.ErrnoException) => state.lost(err.code ?? err.message));
  client.on('close', state.closed);
  const breaker = createBreaker(() => client.ping(), { onChange: (s) => state.breaker(s === 'open') });
  const claim = breaker.guard(redisClaims(client, namespace));
  return {
    kind: 'redis',
    settled,
    health: state.health,
    breaker,
    // When Redis fails to answer a claim (or the breaker is open), this process limits on its own (insured.ts).
    create: (keyPrefix, points, duration) =>
      withInsurance(createLeasedLimiter(claim, keyPrefix, points, duration), new RateLimiterMemory({ keyPrefix, points, duration })),
    close: async () => {
      state.stop();
      breaker.close();
      client.disconnect();
    },
  };
}

function postgresFactory(backend: RateLimiterBackend): LimiterFactory {
  const queries = backend.storeClient as ClaimQueries;
  const claim = postgresClaims(queries, backend.tableName);
  return {
    kind: 'postgres',
    health: healthy('postgres'),
    // When PostgreSQL fails to answer a claim, this process limits on its own (insured.ts).
    create: (keyPrefix, points, duration) =>
      withInsurance(
        createLeasedLimiter(claim, keyPrefix, points, duration, queries.join?.bind(queries)),
        new RateLimiterMemory({ keyPrefix, points, duration }),
      ),
    close: async () => {},
  };
}

/** What the points will be kept in under these options: for the start-up line, before the factory exists. */
export function limiterKind(options: BackendOptions, storeKind: 'sqlite' | 'postgres'): LimiterKind {
  const name = resolveBackendName(options, storeKind);
  return name === 'memory' && cluster.isWorker ? 'cluster' : name;
}

function resolveBackendName(options: BackendOptions, storeKind: 'sqlite' | 'postgres'): Exclude<RateLimitBackendName, 'auto'> {
  const chosen = options.backend ?? 'auto';
  if (chosen !== 'auto') return chosen;
  if (options.redisUrl) return 'redis';
  return storeKind === 'postgres' ? 'postgres' : 'memory';
}

export function createLimiterFactory(
  options: BackendOptions,
  store: { kind: 'sqlite' | 'postgres'; rateLimiterBackend(): RateLimiterBackend },
): LimiterFactory {
  const name = resolveBackendName(options, store.kind);
  if (name === 'redis') {
    if (!options.redisUrl) throw new Error('PAYROLL_RATE_LIMIT_BACKEND=redis needs PAYROLL_REDIS_URL');
    return redisFactory(options.redisUrl, options.redisKeyPrefix ?? 'payroll', options.log);
  }
  if (name === 'postgres') {
    const backend = store.rateLimiterBackend();
    if (backend.kind !== 'postgres') throw new Error('PAYROLL_RATE_LIMIT_BACKEND=postgres needs PAYROLL_DATABASE_URL');
    return postgresFactory(backend);
  }
  return memoryFactory();
}
