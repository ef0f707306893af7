// Bootstrap of a batch worker thread. Under tsx the TypeScript loader is registered per thread (a
// worker does not inherit the parent's module hooks on Node 20), so register it before importing the
// worker; a compiled build (.js entry) needs nothing.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
