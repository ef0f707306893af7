/** Half up to 100 yen (50 yen away from zero). Why: the overtime monthly total under half_up_100_yen. */
import { Decimal } from '../../decimal.ts';
import { snap } from './snap.ts';
import type { RoundingRule } from './types.ts';

export const roundHalfUpTo100Yen: RoundingRule = {
  name: 'round_half_up_to_100_yen',
  description: 'to 100 yen, half up (50 yen away from zero)',
  inFormula: /\bround_half_up_to_100_yen\b|\bround_half_up\([^)]*\/ 100\) x 100\b/,
  apply: (d) => snap(d).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(100),
};
