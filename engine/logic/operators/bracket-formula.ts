/**
 * bracket_formula — [table, x, column, base_index] -> the amount a bracket table gives for x:
 * base + (x - from) x rate, where the row whose range contains x (range_lookup's convention) holds
 * `base` (one amount, or a list chosen by base_index, e.g. the dependents count) and `rate` (null: the
 * row's amount is the base itself, no excess part). Returns the row's other fields and
 * { tax, taxable_from, taxable_to, base_tax_amount, rate, excess_amount } (excess_amount null when the
 * rate is null). Why: the monthly withholding table (its rows, its below-table rule and its 740,000+
 * formulas are all rows of one bracket table in the master); the statute is the data and the rule.
 * A base_index outside the base list -> EngineError with the table's not_found_error code.
 */
import { minus, numberOf, plus, type Decimal } from '../../decimal.ts';
import { EngineError } from '../../errors.ts';
import { rowBounds, type RangeTable } from '../../loading/masters/range-table.ts';
import type { OperatorDef, Value } from '../types.ts';
import { describe, fromScope, isDecimal } from '../values.ts';
import { compileRangeOperands, rowValue, type RangeMatch } from './range-lookup.ts';

export const bracketFormulaOperator: OperatorDef = {
  names: ['bracket_formula'],
  arity: [4, 4],
  numberOperands: [1],
  compile([tableEv, xEv, columnEv, indexEv], _raw, ctx) {
    const operands = compileRangeOperands('bracket_formula', tableEv, xEv, columnEv, ctx.where);
    return (scope) => {
      const { table, x, match, column } = operands(scope);
      const row = match.row;
      let base = fromScope(row.base);
      if (Array.isArray(base)) {
        const i = indexEv(scope);
        const n = isDecimal(i) && (i as Decimal).isInteger() ? numberOf(i as Decimal) : -1;
        if (n < 0 || n >= base.length) {
          throw new EngineError(
            table.convention.not_found_error,
            `${table.label}: column ${column} has no base amount at index ${describe(i)} (0-${base.length - 1})`,
          );
        }
        base = base[n];
      }
      const amount = base as Decimal;
      const rate = (row.rate ?? null) as Decimal | null;
      const [from, to] = rowBounds(row, table.convention);
      const excess = rate === null ? null : minus(x, from);
      return resultOf(table, match, {
        tax: excess === null ? amount : plus(amount, excess.times(rate!)),
        taxable_from: from,
        taxable_to: to,
        base_tax_amount: amount,
        rate,
        excess_amount: excess,
      });
    };
  },
};

/**
 * The result object: the row's fields but base and rate (and its position where the convention names
 * one), then the computed fields, without the two bound fields: the keys and order that
 * `{ ...rest, ...computed }` followed by deleting the bounds gives, built without a delete (which would
 * turn the object into a slow dictionary for every later read).
 */
function resultOf(table: RangeTable, match: RangeMatch, computed: { [k: string]: Value }): { [k: string]: Value } {
  const [lower, upper] = table.convention.bounds;
  const row = rowValue(table, match); // every field, plus the position
  const out: { [k: string]: Value } = {};
  for (const k in row) {
    if (k === 'base' || k === 'rate' || k === lower || k === upper) continue;
    out[k] = Object.prototype.hasOwnProperty.call(computed, k) ? computed[k] : row[k];
  }
  for (const k in computed) {
    if (k === lower || k === upper) continue;
    out[k] = computed[k];
  }
  return out;
}
