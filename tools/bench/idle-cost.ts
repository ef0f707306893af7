/**
 * What idling costs on this machine: the same calculation and its answer's bytes, run back to back or
 * with the thread asleep between calls, timed per call (wall time of the work alone, the sleep left out).
 * On the VMs this project has been measured on, the work after a pause runs 1.6-2x slower (cold caches
 * or a slower core after idling): a server whose worker idles between requests pays that on every one
 * (docs/performance.md, "Fifth round").
 *
 *   npx tsx tools/bench/idle-cost.ts
 */
import { loadEngine } from '../../engine/index.ts';
import { benchProfile, perCallAfterSleep } from './engine-bench.ts';

const engine = loadEngine();
const versions = benchProfile();
perCallAfterSleep(engine, versions, 0, 3000); // warm-up: optimised code, templates made
for (let round = 0; round < 3; round++) {
  const line = [
    `back to back ${perCallAfterSleep(engine, versions, 0, 2000).toFixed(0)} µs`,
    `asleep 0.3 ms before each ${perCallAfterSleep(engine, versions, 0.3, 2000).toFixed(0)} µs`,
    `asleep 2 ms before each ${perCallAfterSleep(engine, versions, 2, 500).toFixed(0)} µs`,
  ];
  console.log(line.join(' | '));
}
