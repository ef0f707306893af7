/**
 * Snaps a value to 20 decimal places (half-even) before a named rounding. Why: a non-terminating
 * division carried at precision 50 (250000 / 173.8 x 2607 / 60, exactly 62,500) comes out as
 * 62499.99999...97 or 62500.000...03; ceil/floor of that would gain or lose a yen. Every quantity
 * of the engine is a rational with a small denominator, so its exact value never has a non-zero digit
 * between the 20th and 30th place, and the snapped value is the exact one.
 *
 * An integer below 10^15 (smallIntegerOf: most amounts reaching a rounding) has no digit after the point: snapping it or rounding it to
 * yen gives an equal Decimal, which decimal.js makes as a copy; the value itself is returned instead (a
 * Decimal never changes, so sharing it is the same as copying it; test/rounding/rounding.test.ts holds
 * both paths to decimal.js's answer, sign of a zero and digits included).
 */
import type DecimalBase from 'decimal.js';
import { Decimal, smallIntegerOf } from '../../decimal.ts';

export const SNAP_PLACES = 20;

export function snap(d: Decimal): Decimal {
  return smallIntegerOf(d) !== undefined ? d : snapDigits(d);
}

/** snap(d) rounded to whole yen by decimal.js's rounding mode `mode` (the integer asked about once). */
export function snapToYen(d: Decimal, mode: DecimalBase.Rounding): Decimal {
  return smallIntegerOf(d) !== undefined ? d : snapDigits(d).toDecimalPlaces(0, mode);
}

/** The snap itself, for a value that is not a small integer. */
function snapDigits(d: Decimal): Decimal {
  return d.toDecimalPlaces(SNAP_PLACES, Decimal.ROUND_HALF_EVEN);
}
