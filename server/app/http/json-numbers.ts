/**
 * Whether a JSON number token means the number the service reads and echoes: JSON.parse makes a
 * double of it, and an echo writes that double back (JSON.stringify). 1.50, 15e-1 and 1.5 are the
 * same number and pass; 12345678901234567890 (read as 12345678901234567000), 1e400 (Infinity) and
 * 0.30000000000000000001 (read as 0.3) do not.
 */
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Significant digits and the exponent of the first one: "1.50" and "15e-1" are both "15e1". */
function canonicalNumber(m: RegExpExecArray): string {
  const [, sign, int, frac = '', exp = ''] = m;
  let digits = int + frac;
  let exponent = Number(exp || 0) + int.length;
  const lead = /^0*/.exec(digits)![0].length;
  digits = digits.slice(lead).replace(/0+$/, '');
  exponent -= lead;
  return digits === '' ? '0' : `${sign}${digits}e${exponent}`;
}

export function readsExactly(token: string): boolean {
  const m = JSON_NUMBER.exec(token);
  if (m === null) return true; // not a JSON number: JSON.parse reports the syntax error
  const n = Number(token);
  if (!Number.isFinite(n)) return false;
  return canonicalNumber(m) === canonicalNumber(JSON_NUMBER.exec(String(n).replace('e+', 'e'))!);
}
