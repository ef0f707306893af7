/** What the app needs from outside: the engine (statute), the store (control plane), config and a logger. */
import type { Logger } from 'pino';
import type { Engine } from '../../engine/index.ts';
import type { ServerConfig } from '../boot/config.ts';
import type { Store } from './store/types.ts';

export type AppConfig = Pick<
  ServerConfig,
  'rateLimitPerSecond' | 'rateLimitBurst' | 'freePlanMonthlyQuota' | 'maxBodyBytes' | 'corsOrigins'
> &
  Partial<Pick<ServerConfig, 'rateLimitBackend' | 'redisUrl' | 'cacheTtlSeconds'>> & {
    /** Namespace of rate-limit keys in Redis; tests isolate themselves with it. */
    redisKeyPrefix?: string;
  };

export interface AppDeps {
  engine: Engine;
  store: Store;
  config: AppConfig;
  logger: Logger;
  /** Clock for the quota month; injectable for tests. */
  now?: () => Date;
  /** Whether the shutdown drain has begun (GET /readyz then answers 503); set by server/app/http-server.ts. */
  draining?: () => boolean;
}
