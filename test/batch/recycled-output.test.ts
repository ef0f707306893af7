/**
 * With recycling (the batch command's file and standard output), a chunk's buffer goes back to its
 * worker only once the output's write callback has run: an output that reads the bytes just before
 * calling back, long after the write, still reads every line as it was written.
 */
import { Readable, Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { runBatch } from '../../tools/batch/run-batch.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyBatchLine } from '../../tools/bench/sample-requests.ts';

it('hands a buffer back only after the output is done with it: every line intact, in order', async () => {
  const total = 400;
  const input = Readable.from([Buffer.from(Array.from({ length: total }, (_, i) => monthlyBatchLine(i, false)).join('\n') + '\n')]);
  const copies: Buffer[] = [];
  const output = new Writable({
    highWaterMark: 64 * 1024 * 1024,
    write(chunk: Buffer, _enc, done) {
      // the bytes are read only when the output is about to call back, as a slow file system would
      setTimeout(() => {
        copies.push(Buffer.from(chunk));
        done();
      }, 15);
    },
  });
  const versions = applyProfilePut([], BENCH_PROFILE_PUT, { company_id: BENCH_COMPANY, profile_id: 'p' }).versions;
  const summary = await runBatch({
    input,
    output,
    profiles: new Map([[BENCH_COMPANY, versions]]),
    workers: 2,
    chunkLines: 10,
    maxLineBytes: 1 << 20,
    recycleOutput: true,
  });
  await new Promise<void>((resolve) => output.end(resolve));
  expect(summary).toMatchObject({ lines: total, results: total, errors: 0 });
  const lines = Buffer.concat(copies)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { line: number; result: { employee_ref: string } });
  expect(lines.map((l) => l.line)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  expect(lines.map((l) => l.result.employee_ref)).toEqual(Array.from({ length: total }, (_, i) => `e-${i}`));
}, 120_000);
