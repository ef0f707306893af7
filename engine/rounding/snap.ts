/**
 * Snaps a value to 20 decimal places (half-even) before a named rounding. Why: a non-terminating
 * division carried at precision 50 (250000 / 173.8 x 2607 / 60, exactly 62,500) comes out as
 * 62499.99999...97 or 62500.000...03; ceil/floor of that would gain or lose a yen. Every quantity
 * of the engine is a rational with a small denominator, so its exact value never has a non-zero digit
 * between the 20th and 30th place, and the snapped value is the exact one.
 */
import { Decimal } from '../decimal.ts';

export const SNAP_PLACES = 20;

export function snap(d: Decimal): Decimal {
  return d.toDecimalPlaces(SNAP_PLACES, Decimal.ROUND_HALF_EVEN);
}
