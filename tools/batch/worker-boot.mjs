// Bootstrap of a batch worker thread. Under tsx the TypeScript loader is registered per thread (a
// worker does not inherit the parent's module hooks on Node 20), so register it before importing the
// worker. A built worker (dist/batch-worker.js) is started as it is, without this boot (worker-pool.ts).
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
