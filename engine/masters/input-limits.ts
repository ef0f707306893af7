/**
 * Input limits the request schemas take from the masters, so that a limit which follows the statutory
 * tables is data: tax_dependent_count may go up to the smallest `tax_dependent_count_max` declared by the
 * loaded monthly withholding table versions (every version that can be chosen must support the count; the
 * master schema requires the field). Worked out when the engine loads (Engine.inputLimits()), from the set
 * it loaded; the server sets the limit on its copies of the request schemas (server/validation/request-schemas.ts).
 */
import type { MasterSet } from './types.ts';

export interface InputLimits {
  tax_dependent_count_max: number;
}

export function inputLimitsOf(masters: MasterSet): InputLimits {
  const values = masters.all('income_tax_monthly_table').map((t) => t.tax_dependent_count_max);
  if (values.length === 0) throw new Error('no monthly withholding table is loaded: the tax_dependent_count limit is unknown');
  return { tax_dependent_count_max: Math.min(...values) };
}
