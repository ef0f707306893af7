/**
 * Reading a V8 .cpuprofile (node --cpu-prof): each sample as its stack (leaf first) with its time and
 * timestamp, and the ranking of functions by self time (where the CPU is) and total time (what a call
 * costs with its callees). Shared by cpu-profile-summary.ts (engine profiles) and profile-http.ts.
 */
import { readFileSync } from 'node:fs';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Sample {
  /** Leaf first. */
  stack: ProfileNode[];
  /** Microseconds this sample stands for. */
  us: number;
  /** Microseconds on the profile's clock (CLOCK_MONOTONIC on Linux, the clock of process.hrtime). */
  at: number;
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

export function samplesOf(profile: CpuProfile): Sample[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<number, ProfileNode[]>();
  const stackOf = (id: number) => {
    let stack = stacks.get(id);
    if (!stack) {
      stack = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
      stacks.set(id, stack);
    }
    return stack;
  };
  let at = profile.startTime;
  // V8 gives each sample the delta since the previous one; a sample stands for the time up to the next.
  return profile.samples.map((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    return { stack: stackOf(id), us: profile.timeDeltas[i + 1] ?? 0, at };
  });
}

/** Self and total time per name (the name a caller gives a frame: function, file, area...). */
export function rankBy(samples: Sample[], nameOf: (n: ProfileNode) => string): { self: Map<string, number>; total: Map<string, number> } {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const { stack, us } of samples) {
    const leaf = nameOf(stack[0]);
    self.set(leaf, (self.get(leaf) ?? 0) + us);
    for (const name of new Set(stack.map(nameOf))) total.set(name, (total.get(name) ?? 0) + us);
  }
  return { self, total };
}

/** The first `top` entries as "share %  name" lines, shares of `of` microseconds. */
export function ranked(m: Map<string, number>, of: number, top: number, perRequest?: number): string[] {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([k, us]) =>
        `${((us / of) * 100).toFixed(1).padStart(5)} %${perRequest ? `  ${(us / perRequest).toFixed(1).padStart(6)} µs/req` : ''}  ${k}`,
    );
}
