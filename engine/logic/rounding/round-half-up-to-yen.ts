/** Half up to whole yen (0.5 away from zero). Why: unit prices under unit_price_half_up, hourly base rounding. */
import { Decimal } from '../../decimal.ts';
import { snapToYen } from './snap.ts';
import type { RoundingRule } from './types.ts';

export const roundHalfUpToYen: RoundingRule = {
  name: 'round_half_up_to_yen',
  description: 'to yen, half up (0.5 away from zero)',
  inFormula: /\bround_half_up_to_yen\b/,
  apply: (d) => snapToYen(d, Decimal.ROUND_HALF_UP),
};
