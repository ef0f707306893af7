/**
 * Ranks the functions of a V8 .cpuprofile (node --cpu-prof) under one root function (default: the
 * engine's `calculate`, so loading and start-up are left out): self time (where the CPU is) and total
 * time (what a call costs with its callees), as shares of the root's samples.
 * Usage: tsx tools/bench/cpu-profile-summary.ts FILE.cpuprofile [top] [root function name].
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ROOT } from './server-process.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

const [file, topArg, rootName = 'calculate'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: tsx tools/bench/cpu-profile-summary.ts FILE.cpuprofile [top] [root function]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const nameOf = (n: ProfileNode) => {
  const f = n.callFrame;
  const where = f.url ? relative(ROOT, f.url.replace('file://', '')) : 'native';
  return `${f.functionName || '(anonymous)'} (${where})`;
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let rootTotal = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const stack: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
  if (!stack.some((n) => n.callFrame.functionName === rootName)) return;
  rootTotal += dt;
  const leaf = nameOf(stack[0]);
  self.set(leaf, (self.get(leaf) ?? 0) + dt);
  for (const name of new Set(stack.map(nameOf))) total.set(name, (total.get(name) ?? 0) + dt);
});
const top = Number(topArg ?? 25);
const rank = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${((us / rootTotal) * 100).toFixed(1).padStart(5)} %  ${k}`);
console.log(`${(rootTotal / 1000).toFixed(0)} ms of samples under ${rootName}\n\nself time:`);
console.log(rank(self).join('\n'));
console.log('\ntotal time (with callees):');
console.log(rank(total).join('\n'));
