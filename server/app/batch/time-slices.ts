/**
 * A long job on the serving thread (a batch of a thousand calculations) lets other requests in between
 * its steps: once a slice of `sliceMs` is spent, the next step waits for the event loop's next turn, so
 * another account's request waits at most about one slice for it, not for the whole batch.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Call before each step; await what it returns when it returns a promise (the slice is spent). */
export function timeSlices(sliceMs: number, now: () => number = () => performance.now()): () => Promise<void> | undefined {
  let sliceStart = now();
  return () => {
    if (now() - sliceStart < sliceMs) return undefined;
    return nextTurn().then(() => {
      sliceStart = now();
    });
  };
}
