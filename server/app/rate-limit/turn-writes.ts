/**
 * The rate limiter's Redis commands of one event-loop turn, written to Redis in one write.
 *
 * Each claim of points (redis-claims.ts) is one command, its own script. Written as it comes, each command
 * is a write system call of its own and wakes Redis once, and Redis's answer wakes this process once.
 * Where the server's processes share the cores with others (two workers beside Redis and the clients),
 * each such wake-up can preempt a worker in the middle of another request (docs/performance.md,
 * "Eleventh round"). The returned function corks the client's socket at the turn's first command and
 * uncorks it in the loop's check phase (setImmediate: after the turn's I/O callbacks, so after every
 * request read in this turn has asked), so that the turn's commands leave in one writev, and Redis reads
 * and answers them together. Claims are far fewer than requests since they are made in batches
 * (leased.ts), but a window's first claims, and a slow caller's, are one per request.
 *
 * Nothing waits past the end of the turn, and each command is still its own atomic script. ioredis's own
 * `enableAutoPipelining` batches the same turn through pipeline objects and a callback per command;
 * measured, it cost more than it saved (docs/performance.md, "Fifth round").
 */
import type { Socket } from 'node:net';

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
