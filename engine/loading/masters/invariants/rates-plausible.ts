/**
 * Every field named in the plausibility bounds (masters/plausibility/*.yaml, data with their legal or
 * historical basis) lies within its plausible range, so a total entered instead of the employee half, or
 * a rate ten times too big or small, is refused rather than computed with. Rates outside 0..1 are left to
 * rates-in-unit-interval (one problem per mistake).
 */
import { Decimal } from '../../../decimal.ts';
import type { Issue } from './issue.ts';
import { PointerStack } from './pointer.ts';

const ONE = new Decimal(1);
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

export interface PlausibleRange {
  min: string;
  max: string;
  basis: string;
}

export type PlausibilityBounds = ReadonlyMap<string, PlausibleRange>;

/** Each range's ends as Decimals, made once per range rather than at every comparison. */
const decimalEnds = new WeakMap<PlausibleRange, { min: Decimal; max: Decimal }>();
function endsOf(bound: PlausibleRange): { min: Decimal; max: Decimal } {
  let ends = decimalEnds.get(bound);
  if (!ends) decimalEnds.set(bound, (ends = { min: new Decimal(bound.min), max: new Decimal(bound.max) }));
  return ends;
}

export function ratesPlausible(raw: unknown, bounds: PlausibilityBounds): Issue[] {
  const issues: Issue[] = [];
  if (bounds.size === 0) return issues;
  const at = new PointerStack();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        at.push(i);
        walk(node[i]);
        at.pop();
      }
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        const v = (node as Record<string, unknown>)[key];
        const bound = bounds.get(key);
        if (bound && typeof v === 'string' && DECIMAL_TEXT.test(v)) {
          const d = new Decimal(v);
          if (d.gt(ONE)) continue;
          const { min, max } = endsOf(bound);
          if (d.lt(min) || d.gt(max)) {
            issues.push({
              path: at.at(key),
              message: `${key} ${v} is outside the plausible employee share ${bound.min}..${bound.max} (${bound.basis}): a total rate instead of the employee half, or a misplaced zero?`,
            });
          }
        } else {
          at.push(key);
          walk(v);
          at.pop();
        }
      }
    }
  };
  walk(raw);
  return issues;
}
