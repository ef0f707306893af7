/**
 * Where the rate-limit points live (PAYROLL_RATE_LIMIT_BACKEND, default `auto`):
 * - `memory`: in this process only (rate-limiter-flexible's RateLimiterMemory): no store write per
 *   request. Inside a node:cluster worker it becomes RateLimiterCluster, which asks the primary over IPC,
 *   so all workers of one machine share one count; the primary must call startClusterRateLimitPrimary().
 *   When the primary does not answer in time, the worker limits on its own (insured.ts).
 * - `redis`: PAYROLL_REDIS_URL (RateLimiterRedis over ioredis): shared by every process and machine.
 * - `postgres`: the store's rate_limit_points table (RateLimiterPostgres): shared without Redis.
 * `auto` picks redis when PAYROLL_REDIS_URL is set, else postgres when the store is PostgreSQL, else memory.
 * Shared backends carry an in-memory insurance limiter: when Redis, PostgreSQL or the cluster primary
 * fails, each process goes on limiting on its own instead of refusing every request.
 */
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { RateLimiterCluster, RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiterBackend } from '../store/types.ts';
import { withInsurance, type PointLimiter } from './insured.ts';

export type RateLimitBackendName = 'auto' | 'memory' | 'redis' | 'postgres';
export const RATE_LIMIT_BACKENDS: readonly RateLimitBackendName[] = ['auto', 'memory', 'redis', 'postgres'];

export interface LimiterFactory {
  /** What the points are kept in, for logs and tests: memory, cluster, redis or postgres. */
  readonly kind: 'memory' | 'cluster' | 'redis' | 'postgres';
  create(keyPrefix: string, points: number, durationSeconds: number): PointLimiter;
  /** Settles once the backend has first connected or failed to (Redis); callers wait for it once. */
  readonly settled?: Promise<void>;
  close(): Promise<void>;
}

export interface BackendOptions {
  backend?: RateLimitBackendName;
  redisUrl?: string;
  /** Namespace of the keys in Redis (several deployments or test runs can share one Redis). */
  redisKeyPrefix?: string;
}

function memoryFactory(): LimiterFactory {
  if (cluster.isWorker) {
    return {
      kind: 'cluster',
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
    create: (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration }),
    close: async () => {},
  };
}

/** How long a Redis command may take before the in-memory insurance limiter answers instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

function redisFactory(url: string, namespace: string): LimiterFactory {
  // While Redis is not connected, the limiter answers from its insurance at once (rejectIfRedisNotReady)
  // instead of making every request wait; a connected Redis that stalls is bounded by the command timeout.
  // required here, not imported at start-up: ioredis is ~60 ms of module loading that only Redis deployments need
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new Redis(url, { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
  // The first requests wait for the first connection attempt, so they count in Redis too.
  const settled = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    client.once('error', () => resolve());
    setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS).unref();
  });
  client.on('error', () => {}); // reconnects by itself; a refused connection must not crash the process
  return {
    kind: 'redis',
    settled,
    create: (keyPrefix, points, duration) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${namespace}:${keyPrefix}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      }),
    close: async () => {
      client.disconnect();
    },
  };
}

function postgresFactory(backend: RateLimiterBackend): LimiterFactory {
  return {
    kind: 'postgres',
    create: (keyPrefix, points, duration) =>
      new RateLimiterPostgres({
        storeClient: backend.storeClient,
        storeType: 'pool',
        // The table comes from the store's migrations, hence tableCreated: the library creates nothing.
        tableName: backend.tableName,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      }),
    close: async () => {},
  };
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
    return redisFactory(options.redisUrl, options.redisKeyPrefix ?? 'payroll');
  }
  if (name === 'postgres') {
    const backend = store.rateLimiterBackend();
    if (backend.kind !== 'postgres') throw new Error('PAYROLL_RATE_LIMIT_BACKEND=postgres needs PAYROLL_DATABASE_URL');
    return postgresFactory(backend);
  }
  return memoryFactory();
}
