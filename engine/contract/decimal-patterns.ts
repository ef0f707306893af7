/**
 * The patterns of the string fields that carry a decimal number (a rate, an hour count, a multiplier),
 * so no float ever holds one. The schemas use these constants, and the engine finds its decimal fields
 * by them (calculating/context.ts): which fields are decimals is written once, in the schemas.
 */
/** Any non-negative decimal: hours, a withholding rate. */
export const DECIMAL_PATTERN = '^\\d{1,9}(\\.\\d{1,10})?$';
/** A fraction 0..1: an insurance rate. */
export const FRACTION_PATTERN = '^(0(\\.\\d{1,10})?|1(\\.0{1,10})?)$';
/** A multiplier 0..9.99...: an attendance pay rate. */
export const MULTIPLIER_PATTERN = '^[0-9](\\.\\d{1,10})?$';

/** Daily scheduled hours 1..24 (a daily wage divided by under an hour would be an astronomic hourly base). */
export const DAILY_HOURS_PATTERN = '^(([1-9]|1\\d|2[0-3])(\\.\\d{1,10})?|24(\\.0{1,10})?)$';

/** Every pattern above: a string field with one of them is computed with as a Decimal. */
export const DECIMAL_PATTERNS: ReadonlySet<string> = new Set([DECIMAL_PATTERN, FRACTION_PATTERN, MULTIPLIER_PATTERN, DAILY_HOURS_PATTERN]);
