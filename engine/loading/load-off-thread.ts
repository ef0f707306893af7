/**
 * Loading a set of rules and masters without blocking the thread that serves (a reload): the YAML is
 * parsed and every check runs in a worker thread with its own heap limit and a deadline; the serving
 * thread then builds the engine from the documents the worker proved good (JSON text, parsed again here:
 * no YAML, no schema), after checking that the files on disk are still the ones checked. A set the worker
 * refuses, or that exhausts its heap or its time, is a LoadError like any broken set, and the serving
 * thread has done nothing but wait. Figures and the choice of JSON text over structured objects:
 * docs/reliability.md "Reload off the serving thread".
 */
import { Worker } from 'node:worker_threads';
import { loadEngine, type CheckRequest, type CheckedSet, type Engine, type EngineOptions } from '../engine.ts';
import { LoadError, type LoadProblem } from '../errors.ts';

/** The worker's heap (old generation), well above what a set at the loading bounds needs (docs/reliability.md). */
export const CHECK_HEAP_MB = 768;
/** Longest a check may take before it is stopped and the set refused. */
export const CHECK_TIMEOUT_MS = 120_000;

export interface CheckLimits {
  heapMb?: number;
  timeoutMs?: number;
}

/** Loads the set as loadEngine does, its parsing and checking in a worker thread; rejects with a LoadError. */
export async function loadEngineOffThread(options: EngineOptions = {}, limits: CheckLimits = {}): Promise<Engine> {
  const checked = await checkOffThread(
    { mastersDir: options.mastersDir, rulesDir: options.rulesDir, cacheFile: options.cacheFile },
    limits,
  );
  return loadEngine({ ...options, cacheFile: undefined, checked });
}

/** The set checked in a worker thread: its fingerprint and checked documents, or a LoadError. */
export function checkOffThread(request: CheckRequest, limits: CheckLimits = {}): Promise<CheckedSet> {
  const heapMb = limits.heapMb ?? CHECK_HEAP_MB;
  const timeoutMs = limits.timeoutMs ?? CHECK_TIMEOUT_MS;
  const where = `${request.rulesDir ?? 'rules/'} ${request.mastersDir ?? 'masters/'}`;
  const refuse = (message: string): LoadProblem[] => [{ file: where, path: '/', message }];
  return new Promise((resolve, reject) => {
    const worker = startWorker(request, heapMb);
    let settled = false;
    const settle = (outcome: CheckedSet | LoadProblem[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (Array.isArray(outcome)) reject(new LoadError(outcome));
      else resolve(outcome);
    };
    const timer = setTimeout(() => settle(refuse(`the check took longer than ${timeoutMs} ms and was stopped`)), timeoutMs);
    worker.on('message', (m: { ok: true; set: CheckedSet } | { ok: false; problems: LoadProblem[] }) => settle(m.ok ? m.set : m.problems));
    worker.on('error', (e: Error & { code?: string }) =>
      settle(
        refuse(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the check ran out of its ${heapMb} MB heap and was stopped (files too large together)`
            : `the check failed: ${e.message}`,
        ),
      ),
    );
    worker.on('exit', (code) => settle(refuse(`the check stopped (exit ${code}) without an answer`)));
  });
}

/**
 * The worker runs engine/loading/load-worker: the bundled load-worker.js beside dist/main.js, or from the sources
 * (dev and tests) the .ts file through tsx's loader, registered inside the worker since a worker does
 * not inherit the loader hooks of the thread that starts it.
 */
function startWorker(request: CheckRequest, heapMb: number): Worker {
  const options = { workerData: request, resourceLimits: { maxOldGenerationSizeMb: heapMb }, stdout: false, stderr: false };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./load-worker.js', import.meta.url), options);
  const file = new URL('./load-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
