/** Round up to whole yen (toward plus infinity). Why: overtime premium, computer-method salary deduction. */
import { Decimal } from '../../decimal.ts';
import { snapToYen } from './snap.ts';
import type { RoundingRule } from './types.ts';

export const ceilYen: RoundingRule = {
  name: 'ceil_yen',
  description: 'to yen, rounding up (toward plus infinity)',
  inFormula: /\bceil_yen\b/,
  apply: (d) => snapToYen(d, Decimal.ROUND_CEIL),
};
