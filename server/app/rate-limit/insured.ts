/**
 * A limiter whose backend can fail to answer, backed by an in-process insurance limiter. The store
 * backends get this from rate-limiter-flexible (insuranceLimiter); RateLimiterCluster has no such
 * option, and when the primary does not answer over IPC within its timeout (a busy machine) it rejects
 * with a plain Error, which became a 500. A backend failure is never the client's fault: this process
 * limits on its own until the backend answers again (decisions.md, "Rate limits").
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** What the rate limit needs of a backend: consume resolves when allowed and rejects with RateLimiterRes when not. */
export type PointLimiter = Pick<RateLimiterAbstract, 'consume'>;

export function withInsurance(backend: PointLimiter, insurance: PointLimiter): PointLimiter {
  return {
    consume: async (key, points) => {
      try {
        return await backend.consume(key, points);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rejection; // the backend's answer: refused
        return insurance.consume(key, points);
      }
    },
  };
}
