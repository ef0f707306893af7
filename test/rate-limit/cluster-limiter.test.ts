/**
 * node:cluster workers on the embedded store share one rate limit through the primary
 * (startClusterRateLimitPrimary + RateLimiterCluster): two workers charging one key six times in all
 * against a burst of 4 get exactly 4 allowed, where per-process limiters would allow all 6.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('cluster-shared rate limit', () => {
  it('two workers share one count kept by the primary', () => {
    const script = fileURLToPath(new URL('./cluster-limiter-script.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as { kinds: string[]; allowed: boolean[] };
    expect(result.kinds).toEqual(['cluster', 'cluster']);
    expect(result.allowed).toHaveLength(6);
    expect(result.allowed.filter(Boolean)).toHaveLength(4);
  }, 60_000);
});
