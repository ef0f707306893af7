/** Cut down to whole yen (toward minus infinity). Why: withholding tax formulas, attendance deductions. */
import { Decimal } from '../../decimal.ts';
import { snapToYen } from './snap.ts';
import type { RoundingRule } from './types.ts';

export const floorYen: RoundingRule = {
  name: 'floor_yen',
  description: 'to yen, rounding down (toward minus infinity)',
  inFormula: /\bfloor_yen\b/,
  apply: (d) => snapToYen(d, Decimal.ROUND_FLOOR),
};
