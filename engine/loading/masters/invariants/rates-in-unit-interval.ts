/**
 * Every rate is a fraction within 0..1 inclusive, so a percentage written by mistake ("18.3" instead of
 * "0.183") is caught. Works on the file as written: any key named `rate` or `*_rate`, and the third
 * element of a bonus band [lower, upper, rate].
 */
import { Decimal } from '../../../decimal.ts';
import type { Issue } from './issue.ts';
import { PointerStack } from './pointer.ts';

const ONE = new Decimal(1);
const RATE_KEY = /(^|_)rate$/;

/** A rate outside 0..1 inclusive (also the parameters' check of their rate cells, engine/loading/parameters/build.ts). */
export function outsideUnitInterval(d: Decimal): boolean {
  return d.isNeg() || d.gt(ONE);
}

/** A rate as written (string or number) outside 0..1; anything else is not this check's to judge. */
function outside(v: unknown): boolean {
  return (typeof v === 'string' || typeof v === 'number') && outsideUnitInterval(new Decimal(String(v)));
}

const issue = (path: string, v: unknown): Issue => ({
  path,
  message: `rate ${v} is not within 0..1 (rates are fractions: 9.15 % is "0.0915")`,
});

export function ratesInUnitInterval(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  const at = new PointerStack();
  const walk = (node: unknown, key: string) => {
    if (Array.isArray(node)) {
      const isBand = (key === 'bands' || key === 'otsu') && node.every((b) => Array.isArray(b) && b.length === 3);
      for (let i = 0; i < node.length; i++) {
        if (isBand) {
          const rate = (node[i] as unknown[])[2];
          if (outside(rate)) issues.push(issue(at.at(i, 2), rate));
        } else {
          at.push(i);
          walk(node[i], key);
          at.pop();
        }
      }
    } else if (node && typeof node === 'object') {
      for (const k of Object.keys(node)) {
        const v = (node as Record<string, unknown>)[k];
        if (RATE_KEY.test(k)) {
          if (outside(v)) issues.push(issue(at.at(k), v));
        } else {
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
