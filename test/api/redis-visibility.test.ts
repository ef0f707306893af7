/**
 * A Redis that does not answer is visible (issue 45 item 2): the start-up line names the backend,
 * /readyz shows it and its state (degraded, still ready), and the log says once when the fall-back to
 * per-process limits begins and once when it ends, never per request, never the URL's password.
 * A URL that is no Redis URL at all is refused at start (start-config.test.ts).
 */
import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closedPort } from './support/closed-port.ts';
import { describeUnless } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, type TestServer } from './support/test-server.ts';

const REDIS_URL = inject('redisTestUrl');
const REDIS_SKIP_REASON = inject('redisSkipReason');

const redisLines = (server: TestServer) => server.logs.filter((l) => l.rate_limit_backend === 'redis' && l.msg !== 'request');

async function until(test: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a Redis where nothing listens', () => {
  const api = freshServer('sqlite', { config: { redisUrl: 'redis://user:s3cret@127.0.0.1:1/2' } });

  it('serves, says once that limits are per process, and /readyz says degraded, still ready', async () => {
    for (let i = 0; i < 5; i++) expect((await call(api.server, 'GET', '/v1/masters/tax-tables', { key: api.key })).status).toBe(200);
    const ready = await call(api.server, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({
      status: 'ready',
      checks: { masters: 'ok', store: 'ok' },
      rate_limit: { backend: 'redis', state: 'degraded', reason: 'ECONNREFUSED' },
    });
    // ioredis retries all along; the fall-back is said once.
    await new Promise((r) => setTimeout(r, 500));
    expect(redisLines(api.server)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'rate limits per process: Redis does not answer',
        redis: '127.0.0.1:1',
        // On a loaded machine the first attempt may not have been refused yet when the first requests go.
        reason: expect.stringMatching(/^(ECONNREFUSED|not connected)$/),
      }),
    ]);
    expect(api.server.rawLogs.join('')).not.toContain('s3cret');
  });
});

describeUnless(REDIS_URL ? null : REDIS_SKIP_REASON, 'a Redis that comes back', () => {
  // A port that refuses until the test opens it, then forwards to the run's Redis.
  let port = 0;
  let relay: Server | undefined;
  const target = new URL(REDIS_URL ?? 'redis://127.0.0.1:6379');
  // Registered before freshServer's: the port is chosen before its server starts, the relay closed after it stops.
  beforeAll(async () => void (port = await closedPort()));
  afterAll(async () => {
    if (relay) await new Promise((r) => relay!.close(r));
  });
  const api = freshServer('sqlite', {
    config: {
      get redisUrl() {
        return `redis://127.0.0.1:${port}${target.pathname}`;
      },
      redisKeyPrefix: `visibility-${process.pid}`,
    },
  });

  it('says when the fall-back ends, and /readyz says ok again', async () => {
    await until(() => redisLines(api.server).length === 1, 'the fall-back said');
    relay = createServer((socket) => {
      const upstream = createConnection(Number(target.port || 6379), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay!.listen(port, '127.0.0.1', resolve));
    await until(() => redisLines(api.server).length === 2, 'the end of the fall-back said', 15_000);
    expect(redisLines(api.server)[1]).toMatchObject({ level: 30, msg: 'rate limits shared again: Redis answers' });
    expect((await call(api.server, 'GET', '/readyz')).json).toMatchObject({ rate_limit: { backend: 'redis', state: 'ok' } });
  });
});
