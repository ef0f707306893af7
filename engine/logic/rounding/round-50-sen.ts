/**
 * Social insurance employee premiums (被保険者負担分): a fraction of 50 sen or less is dropped, above
 * 50 sen rounds up. For any x: floor(x) if x - floor(x) <= 0.50, else floor(x) + 1 (ties toward
 * minus infinity), so r(x - n) = r(x) - n for every integer n; the combined-premium marginal lines
 * (decisions 3) rely on that shift property.
 */
import { Decimal } from '../../decimal.ts';
import { snapToYen } from './snap.ts';
import type { RoundingRule } from './types.ts';

export const round50SenOrLessDownOver50SenUpToYen: RoundingRule = {
  name: 'round_50_sen_or_less_down_over_50_sen_up_to_yen',
  description: 'to yen: fraction <= 0.50 yen down, > 0.50 yen up (employee social insurance premiums)',
  inFormula: /\bround_50_sen(?:_or_less_down_over_50_sen_up_to_yen)?\b/,
  apply: (d) => snapToYen(d, Decimal.ROUND_HALF_FLOOR),
};
