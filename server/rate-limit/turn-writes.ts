/**
 * The rate limiter's Redis commands of one event-loop turn, written to Redis in one write.
 *
 * Each request asks the limiter once: one command (RateLimiterRedis's script). Written as it comes, each
 * command is a write system call of its own and wakes Redis once, and Redis's answer wakes this process
 * once. Where the server's processes share the cores with others (two workers beside Redis and the
 * clients), each such wake-up can preempt a worker in the middle of another request: the two-worker
 * rows of the scale bench paid for that (docs/performance.md, "Eleventh round"). `inOneWrite` corks the
 * client's socket at the turn's first command and uncorks it in the loop's check phase (setImmediate:
 * after the turn's I/O callbacks, so after every request read in this turn has asked), so that the
 * turn's commands leave in one writev, and Redis reads and answers them together.
 *
 * Nothing waits past the end of the turn, and each command is still its own atomic script: the limit is
 * exactly as before. ioredis's own `enableAutoPipelining` batches the same turn through pipeline objects
 * and a callback per command; measured, it cost more than it saved (docs/performance.md, "Fifth round").
 */
import type { Socket } from 'node:net';
import type { PointLimiter } from './insured.ts';

/** A function to call before each command: the first call of a turn corks `socketOf()` until the check phase. */
export function writesOfOneTurn(socketOf: () => Socket | undefined): () => void {
  let corked: Socket | undefined;
  const uncork = () => {
    const socket = corked;
    corked = undefined;
    socket?.uncork();
  };
  return () => {
    if (corked) return;
    const socket = socketOf();
    if (!socket || socket.destroyed) return; // not connected: ioredis keeps the command in its offline queue
    corked = socket;
    socket.cork();
    setImmediate(uncork);
  };
}

/** `limiter` whose commands of one turn leave together (`beforeCommand` from writesOfOneTurn). */
export function inOneWrite(limiter: PointLimiter, beforeCommand: () => void): PointLimiter {
  return {
    consume: (key, points) => {
      beforeCommand();
      return limiter.consume(key, points);
    },
  };
}
