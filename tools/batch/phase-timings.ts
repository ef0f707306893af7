/**
 * Where a worker's time goes, per phase, summed over its lines (milliseconds). Kept only when asked
 * (--stats): the figures tell the engine's own cost apart from the batch's overheads (JSON, validation).
 */
export interface PhaseTimings {
  parse: number;
  validate: number;
  calculate: number;
  serialize: number;
}

const PHASES: readonly (keyof PhaseTimings)[] = ['parse', 'validate', 'calculate', 'serialize'];

export function zeroTimings(): PhaseTimings {
  return { parse: 0, validate: 0, calculate: 0, serialize: 0 };
}

export function addTimings(into: PhaseTimings, from: PhaseTimings): void {
  for (const p of PHASES) into[p] += from[p];
}
