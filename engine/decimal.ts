/**
 * The one Decimal constructor the engine uses for money and rates. No JS float ever carries a yen
 * amount or a rate: YAML numbers are converted through their shortest string form, request integers
 * are exact, and every operator of the interpreter works on these values.
 *
 * Precision 50 significant digits: every quantity is a rational with a denominator far below 10^15
 * (rates with <= 6 decimals, hours with <= 2, minutes / 60), so a non-terminating division carried to
 * 50 digits is within 10^-30 of its true value; named roundings snap to 20 places first
 * (see logic/rounding/snap.ts), which makes ceil/floor of such a value exact.
 */
import DecimalBase from 'decimal.js';
import toFastProperties from 'to-fast-properties';

export const Decimal = DecimalBase.clone({ precision: 50, rounding: DecimalBase.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
/*
 * decimal.js's constructors carry some sixty own properties that V8 keeps in dictionary mode, where
 * `instanceof` misses its inline caches, and the engine and decimal.js itself test `instanceof Decimal`
 * of nearly every value. to-fast-properties makes both fast-mode objects (test/logic/decimal-fast-paths.test.ts
 * checks it); nothing adds properties to them afterwards (which could turn them back).
 */
toFastProperties(Decimal);
toFastProperties(DecimalBase);
export type Decimal = InstanceType<typeof Decimal>;

export const ZERO = new Decimal(0);

/** Any decimal.js instance (of this clone or another: decimal.js marks them all with the same tag). */
export function isDecimal(v: unknown): v is Decimal {
  // primitives first: most values tested are strings, booleans or null, and need no prototype walk
  return (
    typeof v === 'object' && v !== null && (v instanceof Decimal || (v as { toStringTag?: unknown }).toStringTag === '[object Decimal]')
  );
}

/** Converts a number, numeric string or Decimal to Decimal; throws on anything else. */
export function toDecimal(v: unknown): Decimal {
  if (isDecimal(v)) return v as Decimal;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError(`not a finite number: ${v}`);
    // an integer is laid out as the constructor would read it (decimalOfNumber: from the same String(v)
    // beyond 2^53); zero of either sign is +0, as String(-0) is "0"
    if (Number.isInteger(v)) return decimalOfNumber(v);
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
  let digits = digitCount(m);
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

/** Decimal digits of a word (0 <= w < 10^7) without making a string. */
function digitCount(w: number): number {
  return w < 10 ? 1 : w < 100 ? 2 : w < 1e3 ? 3 : w < 1e4 ? 4 : w < 1e5 ? 5 : w < 1e6 ? 6 : 7;
}

/**
 * Exact integer fast paths. A Decimal integer of magnitude below 10^15 is exactly a JS number
 * (smallIntegerOf), and the sum or difference of two such numbers is below 2 x 10^15 < 2^53, so JS
 * computes it exactly; comparing them is exact too. The result is made by the Decimal constructor from
 * that integer, which gives the value decimal.js's plus/minus would (they round to 50 significant
 * digits, far more than 16). With a zero operand the answer is the other operand, or for two zeros
 * the zero whose sign decimal.js's own rules give (-0 + 0 is +0, -0 - 0 is -0; the test checks every
 * pair of signs); anything else (fractions, large values, NaN) goes to decimal.js.
 */
const SMALL = 1e15;

function isSmall(n: number | undefined): n is number {
  return n !== undefined && n < SMALL && n > -SMALL;
}

/**
 * a.plus(b), exactly. With one operand zero and the other a small integer, decimal.js returns (a copy
 * of) the other operand, rounded to 50 digits, which a 16-digit integer already is: that operand is
 * returned itself (a Decimal never changes, so sharing it is the same as copying it).
 */
export function plus(a: Decimal, b: Decimal): Decimal {
  const x = smallIntegerOf(a);
  if (isSmall(x)) {
    const y = smallIntegerOf(b);
    if (isSmall(y)) {
      if (x !== 0 && y !== 0) return decimalOfInteger(x + y);
      if (y === 0 && x !== 0) return a; // x + 0 = x, whichever zero
      if (x === 0 && y !== 0) return b; // 0 + y = y, whichever zero
      // both zero: decimal.js gives their common sign's zero, and +0 for -0 + 0 (it rounds half up)
      return signOf(a) === signOf(b) ? a : ZERO;
    }
  }
  return a.plus(b);
}

/** a.minus(b), exactly (a - 0 = a for a non-zero small a; 0 - b = -b for a non-zero small b, as decimal.js; zeros below). */
export function minus(a: Decimal, b: Decimal): Decimal {
  const x = smallIntegerOf(a);
  if (isSmall(x)) {
    const y = smallIntegerOf(b);
    if (isSmall(y)) {
      if (x !== 0 && y !== 0) return decimalOfInteger(x - y);
      if (y === 0 && x !== 0) return a;
      if (x === 0 && y !== 0) return b.neg();
      // both zero: x - y is x + (-y) when the signs differ (-0 - 0 is -0), else +0
      return signOf(a) !== signOf(b) ? a : ZERO;
    }
  }
  return a.minus(b);
}

/**
 * a.times(b), exactly, for what the engine multiplies most (an amount in yen times a rate, nearly
 * all of one digit word each): each operand read as an integer significand
 * without trailing zeros times a power of ten (scaledOf), the significands multiplied as JS numbers when
 * the product stays below 2^53 (so it is exact), and the Decimal laid out as decimal.js lays out that
 * value (decimalOfScaled). At most 16 significant digits, far below the precision of 50, so decimal.js's
 * own product needs no rounding either and is this same value. Zeros, NaN, infinities and larger
 * significands go to decimal.js (test/logic/decimal-fast-paths.test.ts compares the two, digit words,
 * exponent and sign included).
 */
export function times(a: Decimal, b: Decimal): Decimal {
  const x = scaledOf(a);
  if (x !== undefined) {
    const y = scaledOf(b);
    if (y !== undefined) {
      const product = x.significand * y.significand;
      if (product <= Number.MAX_SAFE_INTEGER) return decimalOfScaled(signOf(a) * signOf(b), product, x.exponent + y.exponent);
    }
  }
  return a.times(b);
}

/**
 * a.div(b), exactly, when the quotient terminates within 16 significant digits (what the rules divide
 * most: an amount by 0.5): with a = A x 10^i and b = B x 10^j (scaledOf), the
 * first A x 10^n below 2^53 that B divides gives the quotient (A x 10^n / B) x 10^(i - n - j), every
 * step exact. decimal.js's own quotient, carried to the precision of 50, is then this same value with no
 * rounding. A quotient that does not terminate there (x / 173.8), zeros, NaN and infinities go to
 * decimal.js (test/logic/decimal-fast-paths.test.ts compares the two, representation included).
 */
export function dividedBy(a: Decimal, b: Decimal): Decimal {
  const x = scaledOf(a);
  if (x !== undefined) {
    const y = scaledOf(b);
    if (y !== undefined) {
      let dividend = x.significand;
      for (let n = 0; dividend <= Number.MAX_SAFE_INTEGER; n++, dividend *= 10) {
        if (dividend % y.significand === 0)
          return decimalOfScaled(signOf(a) * signOf(b), dividend / y.significand, x.exponent - n - y.exponent);
      }
    }
  }
  return a.div(b);
}

/** A finite non-zero Decimal of at most 15 significant digits as significand x 10^exponent (no trailing zeros in the significand). */
function scaledOf(d: Decimal): { significand: number; exponent: number } | undefined {
  const words = (d as unknown as { d: number[] | null }).d;
  if (!words || words[0] === 0) return undefined; // NaN, an infinity, a zero
  let significand = words[0];
  // the first word holds the leading digit, so its digits are all significant
  let digits = digitCount(significand);
  if (digits + 7 * (words.length - 1) > 15) return undefined;
  for (let i = 1; i < words.length; i++) significand = significand * 1e7 + words[i];
  digits += 7 * (words.length - 1);
  let exponent = (d as unknown as { e: number }).e - digits + 1;
  while (significand % 10 === 0) {
    significand /= 10;
    exponent++;
  }
  return { significand, exponent };
}

/**
 * The Decimal sign x significand x 10^exponent (significand a positive integer at most 2^53 - 1), as
 * decimal.js makes it: own properties constructor, s, e, d in that order; e the exponent of the leading
 * digit; d the digits in words of seven, the first word ending where the digit of exponent 0 mod 7
 * sits, with no trailing zero word.
 */
function decimalOfScaled(sign: number, significand: number, exponent: number): Decimal {
  while (significand % 10 === 0) {
    significand /= 10;
    exponent++;
  }
  const digits = digitCount16(significand);
  const e = exponent + digits - 1;
  const first = (((e % 7) + 7) % 7) + 1; // digits in the first word
  const words: number[] = [];
  let rest = digits - first;
  if (rest <= 0) words.push((significand * POW10[-rest]) | 0);
  else {
    // every quotient below is of integers under 2^53 by a power of ten, so floor of it is exact
    const head = Math.floor(significand / POW10[rest]);
    words.push(head | 0);
    let tail = significand - head * POW10[rest];
    while (rest > 7) {
      const w = Math.floor(tail / POW10[rest - 7]);
      words.push(w | 0);
      tail -= w * POW10[rest - 7];
      rest -= 7;
    }
    words.push((tail * POW10[7 - rest]) | 0);
  }
  return decimalOf(sign, e, words);
}

/**
 * A Decimal with these fields, own properties in decimal.js's order (constructor, s, e, d). The words and
 * the exponent are given as small integers (`| 0`, exact: every word is below 10^7): a word computed by
 * float arithmetic is otherwise kept as a double, and its array with double elements, where decimal.js's
 * own arrays hold small integers, so every reader of `d` (decimal.js's and the engine's) met two kinds of
 * array (test/logic/decimal-fast-paths.test.ts asks V8 the kind).
 */
function decimalOf(sign: number, e: number, words: number[]): Decimal {
  const r = Object.create(Decimal.prototype) as { constructor: unknown; s: number; e: number; d: number[] };
  r.constructor = Decimal;
  r.s = sign;
  r.e = e | 0;
  r.d = words;
  return r as unknown as Decimal;
}

/** Decimal digits of a positive integer below 2^53, by digitCount on its words of seven (each floor exact). */
function digitCount16(n: number): number {
  if (n < 1e7) return digitCount(n);
  return n < 1e14 ? 7 + digitCount(Math.floor(n / 1e7)) : 14 + digitCount(Math.floor(n / 1e14));
}

/** decimal.js's sign field: 1 or -1 (a zero has one too). */
function signOf(d: Decimal): number {
  return (d as unknown as { s: number }).s;
}

/** a.cmp(b) (-1, 0 or 1; NaN when either is NaN), without the copy of b decimal.js makes. */
export function compare(a: Decimal, b: Decimal): number {
  const x = smallIntegerOf(a);
  if (x !== undefined) {
    const y = smallIntegerOf(b);
    if (y !== undefined) return x < y ? -1 : x > y ? 1 : 0; // -0 and 0 are equal, as in decimal.js
  }
  return a.cmp(b);
}

/**
 * a < b, a > b and a = b through compare: decimal.js's lt, gt and eq copy b into a new Decimal first. The
 * loader's table invariants compare every cell of every withholding table with its neighbours at each start.
 */
export const lt = (a: Decimal, b: Decimal): boolean => compare(a, b) < 0;
export const gt = (a: Decimal, b: Decimal): boolean => compare(a, b) > 0;
export const eq = (a: Decimal, b: Decimal): boolean => compare(a, b) === 0;

/**
 * new Decimal(n) for an integer of magnitude at most 2^53 - 1 (never -0: a + b or a - b of non-zero
 * integers is +0 when zero, as in decimal.js), laid out by the engine, which is cheaper than
 * decimal.js's constructor (two instanceof tests, the digits counted by float division). Below 10^7 the value is its own single word, as decimal.js's small-integer path writes it; above,
 * decimalOfScaled lays it out as decimal.js parses String(n) (trailing zero words dropped).
 */
function decimalOfInteger(n: number): Decimal {
  if (n === 0) return ZERO; // shared, as a Decimal never changes
  const sign = n < 0 ? -1 : 1;
  const m = n < 0 ? -n : n;
  if (m >= 1e7) return decimalOfScaled(sign, m, 0);
  return decimalOf(sign, digitCount(m) - 1, [m | 0]);
}

/**
 * toDecimal(v) for a value the engine keeps for its life (a master's cell, a parameter, a rule's
 * constant, a profile's own rate): the same Decimal, a small integer's digit words made by an array
 * literal of its own. Why: V8 allocates the arrays of a literal whose arrays outlive collections in
 * the old space (allocation-site pretenuring); decimalOfInteger's literal makes the short-lived words
 * of every sum and difference, and shared with long-lived values it would be pretenured, slowing plus
 * and minus. Larger integers and fractions go on to toDecimal (few kept values are such).
 */
export function keptDecimal(v: unknown): Decimal {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v !== 0) {
    const m = v < 0 ? -v : v;
    if (m < 1e7) return decimalOf(v < 0 ? -1 : 1, digitCount(m) - 1, [m | 0]);
  }
  return toDecimal(v);
}

/**
 * toDecimal(n) for a JS number: the same value. Safe integers are laid out by decimalOfInteger, larger
 * ones read by the constructor (String(n) is what it would parse otherwise); fractions go through
 * toDecimal.
 */
export function decimalOfNumber(n: number): Decimal {
  // zero of either sign is ZERO there: toDecimal(0) and toDecimal(-0) are both +0 (String(-0) is "0")
  if (Number.isSafeInteger(n)) return decimalOfInteger(n);
  return Number.isInteger(n) ? new Decimal(n) : toDecimal(n);
}
