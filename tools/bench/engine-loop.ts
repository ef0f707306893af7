/**
 * A plain engine loop to profile: `node --cpu-prof --cpu-prof-dir=.tmp/prof --import tsx
 * tools/bench/engine-loop.ts [count] [trace|notrace]`, then `npx tsx tools/bench/cpu-profile-summary.ts
 * .tmp/prof/<file>.cpuprofile` for the ranked hot functions (docs/performance.md).
 */
import { DEFAULT_LOAD_CACHE, loadEngine } from '../../engine/index.ts';
import { benchProfile } from './engine-bench.ts';
import { monthlyRequest } from './sample-requests.ts';

const count = Number(process.argv[2] ?? 20_000);
const trace = process.argv[3] !== 'notrace';
const engine = loadEngine({ cacheFile: DEFAULT_LOAD_CACHE });
const versions = benchProfile();
const requests = Array.from({ length: 100 }, (_, i) => monthlyRequest(i, trace));
let net = 0;
for (let i = 0; i < count; i++) {
  const r = engine.calculate('monthly_payroll', requests[i % 100], versions);
  net += (r.amounts as { net_payment: number }).net_payment;
}
console.log(`${count} monthly payrolls (${trace ? 'with' : 'without'} trace); checksum ${net}`);
