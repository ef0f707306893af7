import type { Decimal } from '../decimal.ts';

/** A named rounding rule (the names the spec shows in trace steps' rounding_rule). */
export interface RoundingRule {
  name: string;
  description: string;
  /** Snaps to 20 places first (snap.ts), then rounds. */
  apply(d: Decimal): Decimal;
}
