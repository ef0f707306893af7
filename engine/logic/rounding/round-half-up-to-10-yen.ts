/** Half up to 10 yen (5 yen away from zero). Why: the computer-method (電算機特例) tax. */
import { Decimal } from '../../decimal.ts';
import { snap } from './snap.ts';
import type { RoundingRule } from './types.ts';

export const roundHalfUpTo10Yen: RoundingRule = {
  name: 'round_half_up_to_10_yen',
  description: 'to 10 yen, half up (5 yen away from zero)',
  inFormula: /\bround_half_up_to_10_yen\b/,
  apply: (d) => snap(d).div(10).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(10),
};
