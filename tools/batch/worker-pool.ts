/**
 * Worker threads that compute chunks in parallel while the output keeps the input's order. Memory is
 * bounded by a window: chunk N is only handed out once every chunk before N - window is written, so at
 * most `window` chunks (queued, computing or waiting for their turn) exist at any time, and a slow
 * output (write() returning false) stops the intake until it drains.
 */
import { Worker } from 'node:worker_threads';
import type { Writable } from 'node:stream';
import type { Chunk } from './line-chunker.ts';
import type { FromWorker, ToWorker, WorkerData, WorkerSetup } from './messages.ts';

type DoneMessage = Extract<FromWorker, { kind: 'done' }>;

interface Slot {
  worker: Worker;
  busy: number;
}

/** Chunks given to one worker before it answers: two, so it never idles while its answer travels. */
const PER_WORKER = 2;

export class OrderedWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Chunk[] = [];
  /** each finished chunk with the worker that made it (its buffer goes back there when recycling) */
  private readonly finished = new Map<number, { message: DoneMessage; slot: Slot }>();
  private recycle = false;
  private nextToWrite = 0;
  private submitted = 0;
  private outputBlocked = false;
  private failure: Error | undefined;
  private closing = false;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly output: Writable,
    private readonly window: number,
    private readonly onWritten: (m: DoneMessage) => void,
  ) {}

  /** Starts `count` workers and waits until each has loaded the engine. */
  async start(count: number, setup: WorkerSetup): Promise<void> {
    // with --gzip a worker sends zlib's bytes, never its own buffer: nothing to hand back
    this.recycle = setup.recycle && !setup.gzip;
    // a TypeScript worker is booted with the tsx loader registered in its thread; a built one runs as it is
    const boot = setup.entry.endsWith('.ts') ? new URL('./worker-boot.mjs', import.meta.url) : new URL(setup.entry);
    await Promise.all(
      Array.from({ length: count }, (_, workerIndex) => {
        const workerData: WorkerData = { ...setup, workerIndex, workerCount: count };
        const worker = new Worker(boot, { workerData });
        const slot: Slot = { worker, busy: 0 };
        this.slots.push(slot);
        return new Promise<void>((resolve, reject) => {
          worker.on('message', (m: FromWorker) => {
            if (m.kind === 'ready') resolve();
            else if (m.kind === 'load-failed') reject(new Error(`the engine could not load its masters and rules:\n${m.message}`));
            else this.onDone(slot, m);
          });
          worker.on('error', (err) => {
            reject(err);
            this.fail(err);
          });
          worker.on('exit', (code) => {
            if (code !== 0 && !this.closing) this.fail(new Error(`a batch worker exited with code ${code}`));
          });
        });
      }),
    );
  }

  /** Hands a chunk over; resolves when the pool may take the next one (window and output allow). */
  async submit(chunk: Chunk): Promise<void> {
    this.queue.push(chunk);
    this.submitted = chunk.seq + 1;
    this.dispatch();
    while (!this.failure && (this.outputBlocked || this.submitted - this.nextToWrite >= this.window)) await this.sleep();
    if (this.failure) throw this.failure;
  }

  /** Resolves when every submitted chunk is written; stops the workers. */
  async finish(): Promise<void> {
    while (!this.failure && this.nextToWrite < this.submitted) await this.sleep();
    await this.close();
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => (this.wakeUp = resolve));
  }

  private wake(): void {
    const w = this.wakeUp;
    this.wakeUp = undefined;
    w?.();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
      if (slot.busy >= PER_WORKER) return;
      const chunk = this.queue.shift()!;
      slot.busy++;
      this.post(slot, { kind: 'chunk', chunk }, chunk.bytes.buffer as ArrayBuffer);
    }
  }

  private post(slot: Slot, message: ToWorker, transfer: ArrayBuffer): void {
    slot.worker.postMessage(message, [transfer]);
  }

  /** With recycling, a chunk's buffer goes back to its worker once the output is done with the bytes. */
  private written(slot: Slot, bytes: Uint8Array): (() => void) | undefined {
    if (!this.recycle) return undefined;
    return () => {
      if (!this.closing) this.post(slot, { kind: 'reuse', buffer: bytes.buffer as ArrayBuffer }, bytes.buffer as ArrayBuffer);
    };
  }

  private onDone(slot: Slot, m: DoneMessage): void {
    slot.busy--;
    this.finished.set(m.seq, { message: m, slot });
    for (let next = this.finished.get(this.nextToWrite); next; next = this.finished.get(this.nextToWrite)) {
      this.finished.delete(this.nextToWrite);
      this.nextToWrite++;
      const { bytes } = next.message;
      const done = this.written(next.slot, bytes);
      if (!bytes.length) done?.();
      else if (!this.output.write(bytes, done) && !this.outputBlocked) {
        this.outputBlocked = true;
        this.output.once('drain', () => {
          this.outputBlocked = false;
          this.wake();
        });
      }
      this.onWritten(next.message);
    }
    this.dispatch();
    this.wake();
  }
}
