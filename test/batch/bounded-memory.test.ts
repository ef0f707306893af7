/**
 * Bounded memory: when the output does not drain, the batch stops reading its input after a bounded
 * number of lines (the window of chunks), instead of reading and computing everything into memory.
 * Counts lines, not time.
 */
import { Readable, Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { runBatch } from '../../tools/batch/run-batch.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyBatchLine } from '../../tools/bench/sample-requests.ts';

it('stops reading input while the output is blocked, then finishes every line in order once it drains', async () => {
  const total = 5_000;
  let produced = 0;
  const input = new Readable({
    highWaterMark: 1024,
    read() {
      this.push(produced < total ? monthlyBatchLine(produced++, false) + '\n' : null);
    },
  });
  const held: (() => void)[] = [];
  let written = '';
  let blocked = true;
  const output = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _enc, done) {
      written += chunk.toString();
      if (blocked) held.push(done);
      else done();
    },
  });
  const versions = applyProfilePut([], BENCH_PROFILE_PUT, { company_id: BENCH_COMPANY, profile_id: 'p' }).versions;
  const chunkLines = 10;
  const workers = 2;
  const run = runBatch({ input, output, profiles: new Map([[BENCH_COMPANY, versions]]), workers, chunkLines, maxLineBytes: 1 << 20 });

  // Wait until the first chunk reached the output and the intake has come to a stop.
  while (!held.length) await new Promise((r) => setTimeout(r, 50));
  let last = -1;
  while (produced !== last) {
    last = produced;
    await new Promise((r) => setTimeout(r, 500));
  }
  // window (4 chunks per worker) of lines, plus what the input stream buffers (1 KB, about 1 line) and
  // the line the chunker holds: far below the 5,000 lines of the input.
  expect(produced).toBeLessThanOrEqual(workers * 4 * chunkLines + chunkLines + 2);
  expect(produced).toBeLessThan(total);

  blocked = false;
  held.splice(0).forEach((done) => done());
  const summary = await run;
  expect(summary).toMatchObject({ lines: total, results: total, errors: 0 });
  const lines = written
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { line: number });
  expect(lines.map((l) => l.line)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
}, 120_000);
