/**
 * Figures as ratios to a reference measured in the same run: on a machine others load, the figures of
 * two runs differ many times over, while a figure and a reference measured in turns (A B A B) in the
 * same minutes move together, so their ratio is what a run on any machine can be judged by. Pure: the
 * sections measure, this file pairs and divides (test/bench/ratios.test.ts).
 */
import { median } from './stats.ts';

/** A measured figure and the reference measured in turn with it, run by run. */
export interface Paired {
  /** The figure of each run (A). */
  figure: number[];
  /** The reference of each run (B), measured right after that run's figure. */
  reference: number[];
}

/**
 * Runs `a` then `b`, `runs` times (A B A B ...), so that a drift of the machine's speed over the minutes
 * of the bench moves both alike.
 */
export async function alternate<T, U>(
  runs: number,
  a: (run: number) => Promise<T> | T,
  b: (run: number) => Promise<U> | U,
): Promise<{ a: T[]; b: U[] }> {
  const out = { a: [] as T[], b: [] as U[] };
  for (let run = 0; run < runs; run++) {
    out.a.push(await a(run));
    out.b.push(await b(run));
  }
  return out;
}

/** The median of each run's figure / its reference: each run's pair is measured in the same minutes. */
export function pairedRatio(p: Paired): number {
  if (p.figure.length === 0 || p.figure.length !== p.reference.length) {
    throw new Error(`a ratio needs as many references as figures (${p.figure.length} and ${p.reference.length})`);
  }
  return median(p.figure.map((f, i) => f / p.reference[i]));
}

/** The medians of a pairing: what is shown beside the ratio. */
export function pairedMedians(p: Paired): { figure: number; reference: number; ratio: number } {
  return { figure: median(p.figure), reference: median(p.reference), ratio: pairedRatio(p) };
}

/** "7.46x" (two decimals under 10, one under 100, none above). */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '-';
  const digits = ratio < 10 ? 2 : ratio < 100 ? 1 : 0;
  return `${ratio.toFixed(digits)}x`;
}

/**
 * The ratio limit that an absolute limit was on the machine whose reference measured `reference`:
 * limit / reference for a figure that must stay at most its limit (a time, a cost), and the same for
 * one that must stay at least (a throughput: calc/s over the reference's calc/s).
 */
export function ratioLimit(absoluteLimit: number, reference: number): number {
  if (!(reference > 0)) throw new Error(`a reference must be positive, got ${reference}`);
  return absoluteLimit / reference;
}
