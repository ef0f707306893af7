/**
 * What idling costs on this machine: the same calculation and its answer's bytes, run back to back or
 * with the thread asleep between calls, timed per call (wall time of the work alone, the sleep left out).
 * On the VMs this project has been measured on, the work after a pause runs 1.6-2x slower (cold caches
 * or a slower core after idling): a server whose worker idles between requests pays that on every one
 * (docs/performance.md, "Fifth round").
 *
 *   npx tsx tools/bench/idle-cost.ts
 */
import { loadEngine, resultUtf8 } from '../../engine/index.ts';
import { benchProfile } from './engine-bench.ts';
import { monthlyRequest } from './sample-requests.ts';

const engine = loadEngine();
const versions = benchProfile();
const requests = Array.from({ length: 100 }, (_, i) => monthlyRequest(i, true));
const cell = new Int32Array(new SharedArrayBuffer(4));

/** Mean µs of wall time per calculation and answer, with the thread asleep `sleepMs` before each. */
function perCall(sleepMs: number, calls: number): number {
  let ns = 0n;
  for (let i = 0; i < calls; i++) {
    if (sleepMs > 0) Atomics.wait(cell, 0, 0, sleepMs);
    const start = process.hrtime.bigint();
    resultUtf8(engine.calculate('monthly_payroll', requests[i % requests.length], versions));
    ns += process.hrtime.bigint() - start;
  }
  return Number(ns) / calls / 1000;
}

perCall(0, 3000); // warm-up: optimised code, templates made
for (let round = 0; round < 3; round++) {
  const line = [
    `back to back ${perCall(0, 2000).toFixed(0)} µs`,
    `asleep 0.3 ms before each ${perCall(0.3, 2000).toFixed(0)} µs`,
    `asleep 2 ms before each ${perCall(2, 500).toFixed(0)} µs`,
  ];
  console.log(line.join(' | '));
}
