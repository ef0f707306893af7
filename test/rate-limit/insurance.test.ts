/**
 * withInsurance (server/app/rate-limit/insured.ts): a backend that fails to answer (RateLimiterCluster's
 * IPC timeout is a plain Error) is replaced by the in-process insurance limiter instead of becoming a
 * 500; a backend that refuses keeps its refusal; a backend that answers is used alone.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { withInsurance, type PointLimiter } from '../../server/app/rate-limit/insured.ts';

const failing: PointLimiter = {
  consume: async () => Promise.reject(new Error('RateLimiterCluster timeout: no answer from master in time')),
};

describe('a rate-limit backend with insurance', () => {
  it('when the backend fails, the insurance limits: its points are allowed, then refused with RateLimiterRes', async () => {
    const limiter = withInsurance(failing, new RateLimiterMemory({ points: 2, duration: 60 }));
    expect((await limiter.consume('k')).remainingPoints).toBe(1);
    expect((await limiter.consume('k')).remainingPoints).toBe(0);
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
  });

  it('a refusal of the backend stays a refusal, and the insurance is not charged', async () => {
    const refusal = new RateLimiterRes(0, 700, 3, false);
    const insurance = new RateLimiterMemory({ points: 5, duration: 60 });
    const limiter = withInsurance({ consume: async () => Promise.reject(refusal) }, insurance);
    await expect(limiter.consume('k')).rejects.toBe(refusal);
    expect(await insurance.get('k')).toBeNull();
  });

  it('an answering backend is used alone', async () => {
    const backend = new RateLimiterMemory({ points: 1, duration: 60 });
    const insurance = new RateLimiterMemory({ points: 5, duration: 60 });
    const limiter = withInsurance(backend, insurance);
    expect((await limiter.consume('k')).remainingPoints).toBe(0);
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
    expect(await insurance.get('k')).toBeNull();
  });
});
