/**
 * The body of the off-thread check (engine/loading/load-off-thread.ts): loads and checks the whole set in a
 * worker thread, with its own heap limit, and hands back the checked documents it was built from (or
 * every problem). Nothing here touches the serving thread's engine.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCheckedSet, type CheckRequest } from '../engine.ts';
import { LoadError } from '../errors.ts';

try {
  parentPort!.postMessage({ ok: true, set: loadCheckedSet(workerData as CheckRequest) });
} catch (e) {
  const problems =
    e instanceof LoadError
      ? e.problems
      : [{ file: '-', path: '/', message: `the check failed: ${e instanceof Error ? e.message : String(e)}` }];
  parentPort!.postMessage({ ok: false, problems });
}
