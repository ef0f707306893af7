/**
 * Every field named in the plausibility bounds (masters/plausibility/*.yaml, data with their legal or
 * historical basis) lies within its plausible range, so a total entered instead of the employee half, or
 * a rate ten times too big or small, is refused rather than computed with. Rates outside 0..1 are left to
 * rates-in-unit-interval (one problem per mistake).
 */
import { Decimal } from '../../decimal.ts';
import type { Issue } from './issue.ts';

const ONE = new Decimal(1);

export interface PlausibleRange {
  min: string;
  max: string;
  basis: string;
}

export type PlausibilityBounds = ReadonlyMap<string, PlausibleRange>;

export function ratesPlausible(raw: unknown, bounds: PlausibilityBounds): Issue[] {
  const issues: Issue[] = [];
  if (bounds.size === 0) return issues;
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}/${i}`));
    else if (node && typeof node === 'object') {
      for (const [key, v] of Object.entries(node)) {
        const bound = bounds.get(key);
        if (bound && typeof v === 'string' && /^\d+(\.\d+)?$/.test(v)) {
          const d = new Decimal(v);
          if (d.gt(ONE)) continue;
          if (d.lt(bound.min) || d.gt(bound.max)) {
            issues.push({
              path: `${path}/${key}`,
              message: `${key} ${v} is outside the plausible employee share ${bound.min}..${bound.max} (${bound.basis}): a total rate instead of the employee half, or a misplaced zero?`,
            });
          }
        } else walk(v, `${path}/${key}`);
      }
    }
  };
  walk(raw, '');
  return issues;
}
