/**
 * The one Decimal constructor the engine uses for money and rates. No JS float ever carries a yen
 * amount or a rate: YAML numbers are converted through their shortest string form, request integers
 * are exact, and every operator of the interpreter works on these values.
 *
 * Precision 50 significant digits: every quantity is a rational with a denominator far below 10^15
 * (rates with <= 6 decimals, hours with <= 2, minutes / 60), so a non-terminating division carried to
 * 50 digits is within 10^-30 of its true value; named roundings snap to 20 places first
 * (see rounding/snap.ts), which makes ceil/floor of such a value exact.
 */
import DecimalBase from 'decimal.js';

export const Decimal = DecimalBase.clone({ precision: 50, rounding: DecimalBase.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;

export const ZERO = new Decimal(0);

export function isDecimal(v: unknown): v is Decimal {
  return v instanceof Decimal || Decimal.isDecimal(v);
}

/** Converts a number, numeric string or Decimal to Decimal; throws on anything else. */
export function toDecimal(v: unknown): Decimal {
  if (isDecimal(v)) return v as Decimal;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError(`not a finite number: ${v}`);
    return new Decimal(String(v));
  }
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return new Decimal(v.trim());
  throw new TypeError(`not a decimal value: ${JSON.stringify(v)}`);
}
