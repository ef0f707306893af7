/** A bonus must pay something: bonus_gross_amount 0 with no bonus_items is rejected (decisions.md 3). */
import type { ValidationDetail } from '../../errors.ts';
import { detail, itemsAt, type Obj } from './read.ts';

export function checkBonusAboveZero(request: Obj): ValidationDetail[] {
  const items = request.bonus_items;
  const noItems = items === undefined || (Array.isArray(items) && itemsAt(request, 'bonus_items').length === 0);
  if (request.bonus_gross_amount === 0 && noItems) {
    return [detail(['bonus_gross_amount'], 'out_of_range', 'The bonus must be above 0: bonus_gross_amount is 0 and bonus_items is empty.')];
  }
  return [];
}
