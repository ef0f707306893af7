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

/** Any decimal.js instance (of this clone or another: decimal.js marks them all with the same tag). */
export function isDecimal(v: unknown): v is Decimal {
  // primitives first: most values tested are strings, booleans or null, and need no prototype walk
  return typeof v === 'object' && v !== null && (v instanceof Decimal || (v as { toStringTag?: unknown }).toStringTag === '[object Decimal]');
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

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * d.toNumber() for an integer below 10^15 in magnitude, read from decimal.js's digit words (base 10^7,
 * most significant first; exponent e of the leading digit) instead of through a string as toNumber()
 * goes: every intermediate is an integer below 10^15, so the float arithmetic is exact and the result
 * is the same number (a negative zero stays -0). undefined for anything else (fraction, NaN, larger).
 */
export function smallIntegerOf(d: Decimal): number | undefined {
  const words = (d as unknown as { d: number[] | null }).d;
  const e = (d as unknown as { e: number }).e;
  if (!words || e >= 15) return undefined;
  let m = words[0];
  let digits = String(m).length;
  for (let i = 1; i < words.length; i++) {
    m = m * 1e7 + words[i];
    digits += 7;
  }
  const shift = e + 1 - digits;
  if (shift < 0) return undefined; // digits after the decimal point: not an integer
  return (d as unknown as { s: number }).s * m * POW10[shift];
}

/** d.toNumber() with the integer fast path above. */
export function numberOf(d: Decimal): number {
  return smallIntegerOf(d) ?? d.toNumber();
}
