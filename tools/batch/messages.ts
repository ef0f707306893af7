/** What the batch's main thread and its workers say to each other (worker_threads messages). */
import type { ProfileVersion } from '../../engine/index.ts';
import type { Chunk } from './line-chunker.ts';
import type { PhaseTimings } from './phase-timings.ts';

export interface WorkerSetup {
  /** The module the bootstrap imports (this directory's worker.ts, or its compiled .js). */
  entry: string;
  profiles: [string, ProfileVersion[]][];
  runId: string;
  maxLineBytes: number;
  timings: boolean;
  /** Each chunk's output lines as one gzip member (the file is their concatenation: a valid gzip file). */
  gzip: boolean;
  /** How results carry their trace: as the API answers it, or compact (engine/trace/compact.ts). */
  trace: TraceForm;
  /**
   * The main thread hands each chunk's buffer back once the output has taken its bytes, and the worker
   * writes the next chunk into it (chunk-output.ts); without it each chunk's bytes are a copy of their own.
   */
  recycle: boolean;
  mastersDir?: string;
  rulesDir?: string;
}

export type TraceForm = 'full' | 'compact';

/** What each worker is started with: the setup and its place among the workers (its dictionary ids are its own). */
export interface WorkerData extends WorkerSetup {
  workerIndex: number;
  workerCount: number;
}

export type ToWorker =
  | { kind: 'chunk'; chunk: Chunk }
  /** a buffer of this worker's 'done' message, handed back once the output is done with its bytes */
  | { kind: 'reuse'; buffer: ArrayBuffer };

export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'load-failed'; message: string }
  | {
      kind: 'done';
      seq: number;
      bytes: Uint8Array;
      /** the chunk's output before compression (= bytes.length without --gzip): what chunk sizing follows */
      textBytes: number;
      lines: number;
      ok: number;
      failed: number;
      timings?: PhaseTimings;
    };
