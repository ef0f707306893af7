/**
 * Ranks the functions of a V8 .cpuprofile (node --cpu-prof) under one root function (default: the
 * engine's `calculate`, so loading and start-up are left out): self time (where the CPU is) and total
 * time (what a call costs with its callees), as shares of the root's samples.
 * Usage: tsx tools/bench/cpu-profile-summary.ts FILE.cpuprofile [top] [root function name].
 * (For the HTTP server, profile-http.ts profiles and summarises in one command.)
 */
import { relative } from 'node:path';
import { rankBy, ranked, readProfile, samplesOf, type ProfileNode } from './cpu-profile.ts';
import { ROOT } from './server-process.ts';

const [file, topArg, rootName = 'calculate'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: tsx tools/bench/cpu-profile-summary.ts FILE.cpuprofile [top] [root function]\n');
  process.exit(2);
}
const nameOf = (n: ProfileNode) => {
  const f = n.callFrame;
  const where = f.url ? relative(ROOT, f.url.replace('file://', '')) : 'native';
  return `${f.functionName || '(anonymous)'} (${where})`;
};

const samples = samplesOf(readProfile(file)).filter((s) => s.stack.some((n) => n.callFrame.functionName === rootName));
const rootTotal = samples.reduce((sum, s) => sum + s.us, 0);
const { self, total } = rankBy(samples, nameOf);
const top = Number(topArg ?? 25);
console.log(`${(rootTotal / 1000).toFixed(0)} ms of samples under ${rootName}\n\nself time:`);
console.log(ranked(self, rootTotal, top).join('\n'));
console.log('\ntotal time (with callees):');
console.log(ranked(total, rootTotal, top).join('\n'));
