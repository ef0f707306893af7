/**
 * The circuit breaker in front of Redis (server/app/rate-limit/breaker.ts), with a fake claim: failures in
 * a row open it, then no call reaches the backend (each fails at once, for the insurance limiter); a
 * claim that gets no points is an answer, not a failure; its own probe closes it again.
 */
import { describe, expect, it } from 'vitest';
import { CircuitOpenError, createBreaker } from '../../server/app/rate-limit/breaker.ts';
import type { WindowClaim } from '../../server/app/rate-limit/leased.ts';

/** A claim on a window of 5 points that answers, answers "nothing left", or fails, as `mode` says. */
function fakeBackend() {
  const backend = {
    mode: 'answer' as 'answer' | 'fail' | 'refuse',
    reached: 0,
    claim: async (_key: string, want: number): Promise<WindowClaim> => {
      backend.reached += 1;
      if (backend.mode === 'fail') throw new Error('Command timed out');
      const granted = backend.mode === 'refuse' ? 0 : want;
      return { granted, used: backend.mode === 'refuse' ? 5 : granted, msLeft: 500, windowId: 1 };
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
    const guarded = breaker.guard(backend.claim);
    backend.mode = 'fail';
    for (let i = 0; i < 3; i++) await expect(guarded('k', 1)).rejects.toThrow('Command timed out');
    expect(breaker.state()).toBe('open');
    await expect(guarded('k', 1)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(backend.reached).toBe(3);
    expect(breaker.calls()).toBe(3);
    breaker.close();
  });

  it('refusals and answers in between keep it closed', async () => {
    const backend = fakeBackend();
    const breaker = createBreaker(() => Promise.resolve());
    const guarded = breaker.guard(backend.claim);
    for (const mode of ['fail', 'fail', 'refuse', 'fail', 'fail', 'answer', 'fail', 'fail'] as const) {
      backend.mode = mode;
      await guarded('k', 1).catch(() => {});
    }
    expect(breaker.state()).toBe('closed');
    expect(backend.reached).toBe(8);
    breaker.close();
  });

  it('closes when its own probe is answered, and the backend is asked again', async () => {
    const backend = fakeBackend();
    let frozen = true;
    const breaker = createBreaker(() => (frozen ? Promise.reject(new Error('timeout')) : Promise.resolve('PONG')), { probeIntervalMs: 20 });
    const guarded = breaker.guard(backend.claim);
    backend.mode = 'fail';
    for (let i = 0; i < 3; i++) await guarded('k', 1).catch(() => {});
    expect(breaker.state()).toBe('open');
    await new Promise((r) => setTimeout(r, 100)); // probes fail meanwhile: still open
    expect(breaker.state()).toBe('open');
    frozen = false;
    backend.mode = 'answer';
    await until(() => breaker.state() === 'closed');
    expect(breaker.state()).toBe('closed');
    expect((await guarded('k', 2)).granted).toBe(2);
    expect(backend.reached).toBe(4);
    breaker.close();
  });
});
