/**
 * The rounding registry: the six named rules of the spec (trace steps' rounding_rule values).
 * Rules reference them by name ({"round": [name, x]} and a rule's rounding_rule field).
 */
import { ceilYen } from './ceil-yen.ts';
import { floorYen } from './floor-yen.ts';
import { round50SenOrLessDownOver50SenUpToYen } from './round-50-sen.ts';
import { roundHalfUpTo100Yen } from './round-half-up-to-100-yen.ts';
import { roundHalfUpTo10Yen } from './round-half-up-to-10-yen.ts';
import { roundHalfUpToYen } from './round-half-up-to-yen.ts';
import type { RoundingRule } from './types.ts';

export type { RoundingRule } from './types.ts';
export { snap, SNAP_PLACES } from './snap.ts';

const RULES: RoundingRule[] = [
  round50SenOrLessDownOver50SenUpToYen,
  floorYen,
  ceilYen,
  roundHalfUpToYen,
  roundHalfUpTo10Yen,
  roundHalfUpTo100Yen,
];

const BY_NAME = new Map(RULES.map((r) => [r.name, r]));

/** The named rule, or undefined for an unknown name. */
export function getRounding(name: string): RoundingRule | undefined {
  return BY_NAME.get(name);
}

/** All rule names, in the spec's order. */
export function roundingNames(): string[] {
  return RULES.map((r) => r.name);
}
