/**
 * Every rate is a fraction within 0..1 inclusive, so a percentage written by mistake ("18.3" instead of
 * "0.183") is caught. Works on the file as written: any key named `rate` or `*_rate`, and the third
 * element of a bonus band [lower, upper, rate].
 */
import { Decimal } from '../../decimal.ts';
import type { Issue } from './issue.ts';
import { PointerStack } from './pointer.ts';

const ONE = new Decimal(1);
const RATE_KEY = /(^|_)rate$/;

function check(path: () => string, v: unknown, issues: Issue[]) {
  if (typeof v !== 'string' && typeof v !== 'number') return;
  const d = new Decimal(String(v));
  if (d.isNeg() || d.gt(ONE))
    issues.push({ path: path(), message: `rate ${v} is not within 0..1 (rates are fractions: 9.15 % is "0.0915")` });
}

export function ratesInUnitInterval(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  const at = new PointerStack();
  const walk = (node: unknown, key: string) => {
    if (Array.isArray(node)) {
      const isBand = (key === 'bands' || key === 'otsu') && node.every((b) => Array.isArray(b) && b.length === 3);
      for (let i = 0; i < node.length; i++) {
        if (isBand) check(() => at.at(i, 2), (node[i] as unknown[])[2], issues);
        else {
          at.push(i);
          walk(node[i], key);
          at.pop();
        }
      }
    } else if (node && typeof node === 'object') {
      for (const k of Object.keys(node)) {
        const v = (node as Record<string, unknown>)[k];
        if (RATE_KEY.test(k)) check(() => at.at(k), v, issues);
        else {
          at.push(k);
          walk(v, k);
          at.pop();
        }
      }
    }
  };
  walk(raw, '');
  return issues;
}
