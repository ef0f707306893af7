/**
 * The circuit breaker in front of Redis (server/rate-limit/breaker.ts), with a fake backend: failures in
 * a row open it, then no call reaches the backend (each fails at once, for the insurance limiter); a
 * refusal is an answer, not a failure; its own probe closes it again.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { CircuitOpenError, createBreaker } from '../../server/rate-limit/breaker.ts';
import type { PointLimiter } from '../../server/rate-limit/insured.ts';

function fakeBackend() {
  const backend = {
    mode: 'answer' as 'answer' | 'fail' | 'refuse',
    reached: 0,
    consume: async () => {
      backend.reached += 1;
      if (backend.mode === 'fail') throw new Error('Command timed out');
      if (backend.mode === 'refuse') throw new RateLimiterRes(0, 500, 3, false);
      return new RateLimiterRes(1, 500, 1, false);
    },
  };
  return backend;
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('circuit breaker', () => {
  it('opens after three failures in a row, then fails at once without reaching the backend', async () => {
    const backend = fakeBackend();
    const breaker = createBreaker(() => Promise.reject(new Error('still frozen')), { probeIntervalMs: 50 });
    const guarded: PointLimiter = breaker.guard(backend);
    backend.mode = 'fail';
    for (let i = 0; i < 3; i++) await expect(guarded.consume('k')).rejects.toThrow('Command timed out');
    expect(breaker.state()).toBe('open');
    await expect(guarded.consume('k')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(backend.reached).toBe(3);
    expect(breaker.calls()).toBe(3);
    breaker.close();
  });

  it('refusals and answers in between keep it closed', async () => {
    const backend = fakeBackend();
    const breaker = createBreaker(() => Promise.resolve());
    const guarded = breaker.guard(backend);
    for (const mode of ['fail', 'fail', 'refuse', 'fail', 'fail', 'answer', 'fail', 'fail'] as const) {
      backend.mode = mode;
      await guarded.consume('k').catch(() => {});
    }
    expect(breaker.state()).toBe('closed');
    expect(backend.reached).toBe(8);
    breaker.close();
  });

  it('closes when its own probe is answered, and the backend is asked again', async () => {
    const backend = fakeBackend();
    let frozen = true;
    const breaker = createBreaker(() => (frozen ? Promise.reject(new Error('timeout')) : Promise.resolve('PONG')), { probeIntervalMs: 20 });
    const guarded = breaker.guard(backend);
    backend.mode = 'fail';
    for (let i = 0; i < 3; i++) await guarded.consume('k').catch(() => {});
    expect(breaker.state()).toBe('open');
    await new Promise((r) => setTimeout(r, 100)); // probes fail meanwhile: still open
    expect(breaker.state()).toBe('open');
    frozen = false;
    backend.mode = 'answer';
    await until(() => breaker.state() === 'closed');
    expect(breaker.state()).toBe('closed');
    expect((await guarded.consume('k')).remainingPoints).toBe(1);
    expect(backend.reached).toBe(4);
    breaker.close();
  });
});
