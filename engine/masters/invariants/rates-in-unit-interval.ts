/**
 * Every rate is a fraction within 0..1 inclusive, so a percentage written by mistake ("18.3" instead of
 * "0.183") is caught. Works on the file as written: any key named `rate` or `*_rate`, and the third
 * element of a bonus band [lower, upper, rate].
 */
import { Decimal } from '../../decimal.ts';
import type { Issue } from './issue.ts';

const ONE = new Decimal(1);

function check(path: string, v: unknown, issues: Issue[]) {
  if (typeof v !== 'string' && typeof v !== 'number') return;
  const d = new Decimal(String(v));
  if (d.isNeg() || d.gt(ONE)) issues.push({ path, message: `rate ${v} is not within 0..1 (rates are fractions: 9.15 % is "0.0915")` });
}

export function ratesInUnitInterval(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  const walk = (node: unknown, path: string, key: string) => {
    if (Array.isArray(node)) {
      const isBand = (key === 'bands' || key === 'otsu') && node.every((b) => Array.isArray(b) && b.length === 3);
      node.forEach((item, i) => {
        if (isBand) check(`${path}/${i}/2`, (item as unknown[])[2], issues);
        else walk(item, `${path}/${i}`, key);
      });
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (/(^|_)rate$/.test(k)) check(`${path}/${k}`, v, issues);
        else walk(v, `${path}/${k}`, k);
      }
    }
  };
  walk(raw, '', '');
  return issues;
}
