/**
 * range_lookup — [table, x] or [table, x, column] -> the row of a RangeTable whose range contains x,
 * as a plain object with every field of the row (plus its position when the convention names an index
 * field). Which ends are closed, what happens outside every range and which error a miss raises are the
 * table's own data (RangeTable.convention, from the master file): the operator holds no statute.
 * Why: every table-driven rule (grades, computer-method tiers, bonus rate bands, the monthly table).
 * An unavailable table (status not_imported), an unknown column or no matching row -> EngineError
 * with the convention's not_found_error code, naming the table.
 */
import { Decimal, isDecimal, smallIntegerOf } from '../../decimal.ts';
import { EngineError } from '../../errors.ts';
import { rowBounds, type RangeConvention, type RangeRow, type RangeTable } from '../../loading/masters/range-table.ts';
import type { Evaluator, OperatorDef, Scope, Value } from '../types.ts';
import { describe, fromScope, requireDecimal, stringOf } from '../values.ts';

export interface RangeMatch {
  row: RangeRow;
  position: number; // 0-based
}

function isRangeTable(v: unknown): v is RangeTable {
  return v !== null && typeof v === 'object' && 'convention' in v && 'label' in v;
}

/** The table's rows for the column (its name evaluated only once the table is known to be usable). */
function rowsOf(table: RangeTable, columnName: (() => string) | null): RangeRow[] {
  if (table.unavailable) fail(table, table.unavailable);
  if (!columnName) return table.rows ?? fail(table, 'the table has columns; the lookup names none');
  const name = columnName();
  const rows = table.columns?.[name];
  if (!Array.isArray(rows) || rows.length === 0) fail(table, `no column ${JSON.stringify(name)}`);
  return rows as RangeRow[];
}

/** (A module function, not a closure made at every lookup.) */
function fail(table: RangeTable, m: string): never {
  throw new EngineError(table.convention.not_found_error, `${table.label}: ${m}`);
}

/**
 * Rows whose bounds are all integers below 10^15 and whose ranges are ascending and disjoint (every
 * row but the last closed above, each upper bound at or below the next lower bound, strictly below it
 * for inclusive upper ends), with their bounds as JS numbers; null for any other row list.
 * For such rows at most one row contains x, and it is the last row whose lower bound is <= x: a row
 * before it ends at or below that bound (so below or at x), a row after it starts above x. So a binary
 * search over exact integer bounds finds the very row the linear scan below would.
 */
interface NumericRows {
  from: Float64Array;
  to: Float64Array; // NaN where open
}
const numericRowsCache = new WeakMap<RangeRow[], WeakMap<RangeConvention, NumericRows | null>>();

function numericRows(rows: RangeRow[], c: RangeConvention): NumericRows | null {
  let byConvention = numericRowsCache.get(rows);
  if (!byConvention) numericRowsCache.set(rows, (byConvention = new WeakMap()));
  let found = byConvention.get(c);
  if (found === undefined) {
    found = buildNumericRows(rows, c);
    byConvention.set(c, found);
  }
  return found;
}

function buildNumericRows(rows: RangeRow[], c: RangeConvention): NumericRows | null {
  const n = rows.length;
  const from = new Float64Array(n);
  const to = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [f, t] = rowBounds(rows[i], c);
    const fn = isDecimal(f) ? smallIntegerOf(f) : undefined;
    if (fn === undefined) return null;
    from[i] = fn;
    if (t === null) {
      if (i < n - 1) return null;
      to[i] = NaN;
    } else {
      const tn = isDecimal(t) ? smallIntegerOf(t) : undefined;
      if (tn === undefined) return null;
      to[i] = tn;
    }
  }
  for (let i = 0; i < n - 1; i++) {
    if (!(from[i] < from[i + 1])) return null;
    if (c.upper_end === 'exclusive' ? !(to[i] <= from[i + 1]) : !(to[i] < from[i + 1])) return null;
  }
  return { from, to };
}

/** The matching row; rows are ascending and contiguous (a masters invariant). */
function findRange(table: RangeTable, rows: RangeRow[], x: Decimal, what: string): RangeMatch {
  const c = table.convention;
  const xn = smallIntegerOf(x);
  const numeric = xn !== undefined && rows.length > 0 ? numericRows(rows, c) : null;
  if (numeric !== null) {
    const xv = xn!;
    const { from, to } = numeric;
    let lo = 0;
    let hi = rows.length - 1;
    if (from[0] <= xv) {
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (from[mid] <= xv) lo = mid;
        else hi = mid - 1;
      }
      const top = to[lo];
      if (Number.isNaN(top) || (c.upper_end === 'exclusive' ? xv < top : xv <= top)) return { row: rows[lo], position: lo };
    }
    return outsideEveryRange(table, rows, x, what);
  }
  for (let i = 0; i < rows.length; i++) {
    const [from, to] = rowBounds(rows[i], c);
    const belowTop = to === null || (c.upper_end === 'exclusive' ? x.lt(to) : x.lte(to));
    if (from.lte(x) && belowTop) return { row: rows[i], position: i };
  }
  return outsideEveryRange(table, rows, x, what);
}

function outsideEveryRange(table: RangeTable, rows: RangeRow[], x: Decimal, what: string): RangeMatch {
  const c = table.convention;
  if (c.outside === 'nearest' && rows.length > 0) {
    const below = x.lt(rowBounds(rows[0], c)[0]);
    return below ? { row: rows[0], position: 0 } : { row: rows[rows.length - 1], position: rows.length - 1 };
  }
  throw new EngineError(c.not_found_error, `${table.label}: no range${what} contains the amount ${x.toFixed()}`);
}

/** Compiles the shared [table, x, column?] operands: the table, x and the matching row. */
export function compileRangeOperands(op: string, tableEv: Evaluator, xEv: Evaluator, columnEv: Evaluator | undefined, where: string) {
  return (scope: Scope): { table: RangeTable; x: Decimal; match: RangeMatch; column: string | null } => {
    const table = tableEv(scope);
    if (!isRangeTable(table))
      throw new Error(`${where}: operator "${op}" needs a range table (a master's *_table), got ${describe(table)}`);
    // the column operand is evaluated once (expressions are pure), after the table's availability check
    let column: string | null = null;
    const rows = rowsOf(table, columnEv ? () => (column = stringOf(columnEv(scope))) : null);
    const x = requireDecimal(op, where, xEv(scope), 2);
    return { table, x, match: findRange(table, rows, x, column === null ? '' : ` of column ${column}`), column };
  };
}

/**
 * A row's fields as values (JS numbers as Decimal), converted once per row: master rows never change,
 * and a Decimal is immutable, so every lookup of the row may share them.
 */
const rowFieldsCache = new WeakMap<RangeRow, [string, Value][]>();
function rowFields(row: RangeRow): [string, Value][] {
  let fields = rowFieldsCache.get(row);
  if (!fields) {
    fields = Object.entries(row).map(([k, v]) => [k, fromScope(v)]);
    rowFieldsCache.set(row, fields);
  }
  return fields;
}

/** The row as an operator result: every field, plus the position where the convention asks for it. */
export function rowValue(table: RangeTable, m: RangeMatch): { [k: string]: Value } {
  const out: { [k: string]: Value } = {};
  for (const [k, v] of rowFields(m.row)) out[k] = v;
  const idx = table.convention.index;
  if (idx) out[idx.field] = new Decimal(m.position + idx.base);
  return out;
}

export const rangeLookupOperator: OperatorDef = {
  names: ['range_lookup'],
  arity: [2, 3],
  numberOperands: [1],
  compile([tableEv, xEv, columnEv], _raw, ctx) {
    const operands = compileRangeOperands('range_lookup', tableEv, xEv, columnEv, ctx.where);
    return (scope) => {
      const { table, match } = operands(scope);
      return rowValue(table, match);
    };
  },
};
