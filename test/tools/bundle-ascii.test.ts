/**
 * tools/bundle-ascii.ts: what it writes for the non-ASCII characters esbuild leaves in comments, and
 * that the rest of a source is untouched.
 */
import { expect, it } from 'vitest';
import { asciiSource } from '../../tools/bundle-ascii.ts';

it('writes each non-ASCII character as \\u{…}, a character outside the BMP as one, ASCII as it is', () => {
  const source = 'const a = "\\u2014"; // 第1表 – ±0 😀\n/* 翌月徴収 */ f(a);';
  expect(asciiSource(source)).toBe(
    'const a = "\\u2014"; // \\u{7b2c}1\\u{8868} \\u{2013} \\u{b1}0 \\u{1f600}\n/* \\u{7fcc}\\u{6708}\\u{5fb4}\\u{53ce} */ f(a);',
  );
  expect(asciiSource('plain ASCII\n')).toBe('plain ASCII\n');
});
