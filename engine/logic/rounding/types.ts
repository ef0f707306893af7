import type { Decimal } from '../../decimal.ts';

/** A named rounding rule (the names the spec shows in trace steps' rounding_rule). */
export interface RoundingRule {
  name: string;
  description: string;
  /**
   * How a rule's human `formula:` text shows this rounding (its name, or a short form such as
   * round_50_sen(...)): the rule loader checks that a rule's formula shows the rounding it applies and
   * no rounding it does not (loading/rules/check-formula.ts).
   */
  inFormula: RegExp;
  /** Snaps to 20 places first (snap.ts), then rounds. */
  apply(d: Decimal): Decimal;
}
