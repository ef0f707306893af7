/**
 * Claims on a shared rate-limit window in Redis (leased.ts): postgres-claims.ts's statement as one Lua
 * script, so a claim is atomic however many processes and machines claim at once (Redis runs one script
 * at a time), and one round trip. Time is Redis's clock (TIME), the same for every process on every
 * machine. The window is a hash {end, used} that expires with its window, so an idle key leaves nothing.
 * Its key is `<namespace>:lease:<limiter>:<who>`: the one-script-a-request limiter of earlier versions
 * kept a plain counter under `<namespace>:<limiter>:<who>`, which a replica of that version may still
 * write during a rolling upgrade; a hash under the same name would fail with WRONGTYPE on both sides.
 * TIME before writes needs Redis 5 or later (scripts replicated by their effects).
 */
import type { Redis } from 'ioredis';
import type { ClaimPoints } from './leased.ts';

/** KEYS[1] the window; ARGV want, limit, duration (ms). Returns granted, used, ms left, window end. */
const CLAIM_SCRIPT = `
local want, limit, duration = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = redis.call('HMGET', KEYS[1], 'end', 'used')
local windowEnd, used = tonumber(window[1]), tonumber(window[2])
if windowEnd == nil or used == nil or windowEnd <= now then
  windowEnd, used = now + duration, 0
end
local granted = math.min(want, math.max(0, limit - used))
used = used + granted
redis.call('HSET', KEYS[1], 'end', windowEnd, 'used', used)
redis.call('PEXPIRE', KEYS[1], windowEnd - now)
return { granted, used, windowEnd - now, windowEnd }
`;

type ClaimReply = [granted: number, used: number, msLeft: number, windowEnd: number];
type ClaimingRedis = Redis & { payrollClaimPoints(key: string, want: number, limit: number, durationMs: number): Promise<ClaimReply> };

/** `namespace` keeps deployments and test runs that share one Redis apart. */
export function redisClaims(client: Redis, namespace: string): ClaimPoints {
  // ioredis sends it by EVALSHA, and loads it again by EVAL when Redis does not know it (a restart).
  client.defineCommand('payrollClaimPoints', { numberOfKeys: 1, lua: CLAIM_SCRIPT });
  const claiming = client as ClaimingRedis;
  return async (key, want, limit, durationMs) => {
    // Not connected: fail at once (the insurance limiter answers), rather than wait in ioredis's offline queue.
    if (client.status !== 'ready') throw new Error(`Redis is not ready (${client.status})`);
    const [granted, used, msLeft, windowEnd] = await claiming.payrollClaimPoints(`${namespace}:lease:${key}`, want, limit, durationMs);
    return { granted, used, windowId: windowEnd, msLeft: Math.max(1, msLeft) };
  };
}
