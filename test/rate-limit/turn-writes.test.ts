/**
 * The Redis limiter's commands of one loop turn leave in one write (server/app/rate-limit/turn-writes.ts):
 * the cork's own rules on a stand-in socket, then the limiter on a redis-server of the test's own, where
 * the claims of a turn's requests (eight accounts) reach the socket as one writev, and a key's limit is
 * still exact.
 */
import { Socket } from 'node:net';
import { setImmediate as afterThisTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLimiterFactory, type LimiterFactory } from '../../server/app/rate-limit/backends.ts';
import { writesOfOneTurn } from '../../server/app/rate-limit/turn-writes.ts';
import { redisServerInstalled, startPrivateRedis, type PrivateRedis } from '../../tools/scale-out/backend-counters.ts';

function standInSocket(destroyed = false) {
  const calls: string[] = [];
  const socket = { destroyed, cork: () => calls.push('cork'), uncork: () => calls.push('uncork') } as unknown as Socket;
  return { socket, calls };
}

describe('writesOfOneTurn', () => {
  it('corks at the first command of a turn, once, and uncorks in the check phase; the next turn corks again', async () => {
    const { socket, calls } = standInSocket();
    const beforeCommand = writesOfOneTurn(() => socket);
    beforeCommand();
    beforeCommand();
    beforeCommand();
    expect(calls).toEqual(['cork']);
    await afterThisTurn();
    expect(calls).toEqual(['cork', 'uncork']);
    beforeCommand();
    expect(calls).toEqual(['cork', 'uncork', 'cork']);
    await afterThisTurn();
    expect(calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
  });

  it('leaves a missing or destroyed socket alone (ioredis queues the command until it connects)', async () => {
    const destroyed = standInSocket(true);
    writesOfOneTurn(() => destroyed.socket)();
    writesOfOneTurn(() => undefined)();
    await afterThisTurn();
    expect(destroyed.calls).toEqual([]);
  });
});

const INSTALLED = redisServerInstalled();
if (!INSTALLED && process.env.CI !== 'true') console.warn('turn-writes test: redis-server is not installed; SKIPPED');

// In CI redis-server is required: the test runs and fails without it.
describe.runIf(INSTALLED || process.env.CI === 'true')('the Redis limiter, one turn of requests', () => {
  let redis: PrivateRedis;
  let factory: LimiterFactory;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    factory = createLimiterFactory(
      { backend: 'redis', redisUrl: redis.url, redisKeyPrefix: 'turn' },
      {
        kind: 'sqlite',
        rateLimiterBackend: () => ({ kind: 'sqlite', storeClient: null, tableName: '' }),
      },
    );
    await factory.settled;
  });
  afterAll(async () => {
    await factory?.close();
    await redis?.stop();
  });

  it('writes the claims of one turn to Redis once, and still admits exactly the limit', async () => {
    const limiter = factory.create('rl', 5, 60);
    await limiter.consume('warm-up'); // the script is loaded and the connection ready before counting
    await afterThisTurn();
    const redisPort = Number(new URL(redis.url).port);
    const toRedis = (socket: Socket) => socket.remotePort === redisPort;
    const write = vi.spyOn(Socket.prototype, '_write');
    const writev = vi.spyOn(Socket.prototype, '_writev');
    try {
      // eight accounts' first requests in one turn: eight claims (one per key), in one write
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => limiter.consume(`account:${i}`)));
      const writes = [...write.mock.contexts, ...writev.mock.contexts].filter((s) => toRedis(s as Socket));
      expect(writes).toHaveLength(1);
      expect(writev.mock.calls.filter((_, i) => toRedis(writev.mock.contexts[i] as Socket))[0]?.[0]).toHaveLength(8);
      expect(outcomes.map((o) => o.status)).toEqual(Array(8).fill('fulfilled'));
    } finally {
      write.mockRestore();
      writev.mockRestore();
    }
    const oneKey = await Promise.allSettled(Array.from({ length: 8 }, () => limiter.consume('account:a')));
    expect(oneKey.map((o) => o.status)).toEqual([...Array(5).fill('fulfilled'), ...Array(3).fill('rejected')]);
  });
});
