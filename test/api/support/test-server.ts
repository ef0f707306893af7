/**
 * A real server on port 0 over a test database, called with fetch. Log lines are captured in memory
 * so tests can check what is (and is not) logged.
 */
import pino from 'pino';
import type { Engine } from '../../../engine/index.ts';
import { createAccountWithKey } from '../../../server/app/accounts.ts';
import type { AppConfig } from '../../../server/app/app-deps.ts';
import type { HttpTimeouts } from '../../../server/boot/config.ts';
import { startServer, type DrainOutcome, type DrainSettings, type RunningServer } from '../../../server/app/http-server.ts';
import type { Plan, Store } from '../../../server/app/store/types.ts';
import { profilePutExample } from '../../../engine/contract/examples.ts';
import type { TestDatabase } from './databases.ts';
import { FakeEngine } from './fake-engine.ts';

export const DEFAULT_TEST_CONFIG: AppConfig = {
  rateLimitPerSecond: 1000,
  rateLimitBurst: 2000,
  freePlanMonthlyQuota: 10,
  maxBodyBytes: 1024 * 1024,
};

export interface TestServer {
  url: string;
  store: Store;
  engine: Engine;
  logs: Record<string, unknown>[];
  rawLogs: string[];
  /** The running HTTP server, for its drain hook and events. */
  running: RunningServer;
  stop(): Promise<DrainOutcome>;
}

export interface TestServerOptions {
  engine?: Engine;
  config?: Partial<AppConfig>;
  now?: () => Date;
  store?: Store;
  timeouts?: HttpTimeouts & Partial<DrainSettings>;
}

export async function startTestServer(db: TestDatabase, options: TestServerOptions = {}): Promise<TestServer> {
  const store = options.store ?? (await db.open());
  const engine = options.engine ?? new FakeEngine();
  const rawLogs: string[] = [];
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        rawLogs.push(line);
        logs.push(JSON.parse(line));
      },
    },
  );
  const running: RunningServer = await startServer(
    { engine, store, config: { ...DEFAULT_TEST_CONFIG, ...options.config }, logger, now: options.now },
    0,
    '127.0.0.1',
    options.timeouts,
  );
  return { url: running.url, store, engine, logs, rawLogs, running, stop: () => running.stop(2000) };
}

export async function newAccount(store: Store, plan: Plan = 'standard'): Promise<{ account_id: string; api_key: string }> {
  return createAccountWithKey(store, `test ${plan}`, plan);
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call(
  server: { url: string },
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; headers: Headers; json: any }> {
  const headers: Record<string, string> = { ...(options.key ? { 'X-API-Key': options.key } : {}) };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...headers, ...options.headers }, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}

export async function putProfile(server: { url: string }, key: string, companyId: string, body: object = profilePutExample) {
  return call(server, 'PUT', `/cp/v1/companies/${encodeURIComponent(companyId)}/calculation-profile`, { key, body });
}
