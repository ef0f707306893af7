/**
 * Input limits the request schemas take from the masters, so that a limit which follows the statutory
 * tables is data (docs/decisions.md "Dependents beyond seven"). Worked out when the engine loads
 * (Engine.inputLimits()), from the set it loaded; the server sets them on its copies of the request
 * schemas (server/app/validation/request-schemas.ts).
 * - tax_dependent_count_printed_max: the last 甲 dependents column every loaded monthly table prints
 *   (kou_last_dependents_column; 7 today): the spec's 0-7, the API's default limit.
 * - tax_dependent_count_max: the smallest `tax_dependent_count_max` the monthly table versions declare,
 *   the limit for a company whose profile opts in to the tables' rule for more dependents
 *   (income_tax.dependents_beyond_seven: statutory_reduction). Every version that can be chosen must
 *   support the count, hence the smallest (the master schema requires the field).
 */
import type { MasterSet } from './types.ts';

export interface InputLimits {
  /** the last printed dependents column: the default (the spec's) maximum of tax_dependent_count */
  tax_dependent_count_printed_max: number;
  /** the maximum under the profile's opt-in to the tables' note for more dependents */
  tax_dependent_count_max: number;
}

export function inputLimitsOf(masters: MasterSet): InputLimits {
  const tables = masters.all('income_tax_monthly_table');
  if (tables.length === 0) throw new Error('no monthly withholding table is loaded: the tax_dependent_count limit is unknown');
  return {
    tax_dependent_count_printed_max: Math.min(...tables.map((t) => t.kou_last_dependents_column!)),
    tax_dependent_count_max: Math.min(...tables.map((t) => t.tax_dependent_count_max)),
  };
}
