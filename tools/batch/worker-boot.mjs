// Bootstrap of a batch worker thread run from the TypeScript sources: the tsx loader is registered per
// thread (a worker does not inherit the parent's module hooks on Node 20), so register it before importing
// the worker. Only a `.ts` entry is booted here; a built worker (dist/batch-worker.js) is started as it is
// (worker-pool.ts).
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
