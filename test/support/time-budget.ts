/**
 * Time budgets that scale with the machine. A test that builds, or starts a server or another vitest,
 * spends most of its time on CPU it shares with the rest of the run; on a small or busy machine the same
 * work takes several times as long. PAYROLL_TEST_TIME_SCALE is the factor (vitest.config.ts sets it once
 * per run from the cores and the load, unless given); budget() scales a time limit by it, and a limit
 * that still runs out says so: "slow machine?", with the factor, rather than looking like a wrong answer.
 */
import { availableParallelism, loadavg } from 'node:os';

/** The factor for this machine now: 1 on 4 or more idle cores, up to 4 on a small or loaded one. */
export function machineTimeScale(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.PAYROLL_TEST_TIME_SCALE);
  if (Number.isFinite(given) && given > 0) return given;
  const cores = availableParallelism();
  const busy = (loadavg()[0] ?? 0) / cores;
  return Math.min(4, Math.max(1, 4 / cores, 1 + busy));
}

export const TIME_SCALE = machineTimeScale();

/** `ms` scaled to this machine. */
export function budget(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

/** What a time limit that ran out says: the budget, the factor, and how to give more. */
export function slowMachine(what: string, ms: number): string {
  return `slow machine? ${what} within ${ms} ms (a budget scaled ×${TIME_SCALE.toFixed(2)}; PAYROLL_TEST_TIME_SCALE=N gives more)`;
}
