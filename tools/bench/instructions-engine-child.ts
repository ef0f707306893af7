/**
 * The loop instructions-engine.ts runs under callgrind: load the engine, warm up, then on each line of
 * stdin ("run") calculate N monthly payrolls and answer "done", so the parent can zero the counters
 * before and dump them after while this process waits on stdin.
 */
import { createInterface } from 'node:readline';
import { loadEngine, resultJson } from '../../engine/index.ts';
import { benchProfile } from './engine-bench.ts';
import { monthlyRequest } from './sample-requests.ts';

const [warmup, count, mode] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const engine = loadEngine();
const versions = benchProfile();
const requests = Array.from({ length: 100 }, (_, i) => monthlyRequest(i, mode !== 'notrace'));
let checksum = 0;
function loop(n: number) {
  for (let i = 0; i < n; i++) {
    const r = engine.calculate('monthly_payroll', requests[i % 100], versions);
    checksum += (r.amounts as { net_payment: number }).net_payment;
    if (mode === 'json') checksum += resultJson(r).length;
  }
}
loop(warmup);
process.stdout.write('ready\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'run') return process.exit(0);
  loop(count);
  process.stdout.write(`done ${checksum}\n`);
});
