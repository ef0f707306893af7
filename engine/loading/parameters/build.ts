/**
 * Builds the parameters of one validated masters/parameters/<area>.yaml and checks what its schema cannot:
 * the area is the file's name, dates ascending (so periods never overlap), each value of its unit's type,
 * rates within 0..1 and every value within the parameter's declared range, a table's rows holding exactly
 * its declared columns with contiguous ranges. Each issue carries the JSON pointer of the node at fault.
 */
import { basename } from 'node:path';
import { Decimal, eq, lt, keptDecimal } from '../../decimal.ts';
import type { Raw } from '../masters/records/envelope.ts';
import { convention } from '../masters/records/range-table.ts';
import type { Issue } from '../masters/invariants/issue.ts';
import { outsideUnitInterval } from '../masters/invariants/rates-in-unit-interval.ts';
import type { RangeRow, RangeTable } from '../masters/range-table.ts';
import type { SourceDocument } from '../masters/types.ts';
import { addDays, isIsoDate } from '../../util/dates.ts';
import { pointerSegment } from '../../util/json-pointer.ts';
import type { DatedValue, Parameter, ParameterUnit, ParameterValue } from './types.ts';

const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The value of one cell or scalar in its unit, or an issue message. */
function typed(unit: string, v: unknown): { value: ParameterValue } | { problem: string } {
  switch (unit) {
    case 'rate':
    case 'decimal':
      if (typeof v === 'string' && DECIMAL.test(v)) return { value: new Decimal(v) };
      if (typeof v === 'number')
        return {
          problem: `${unit} ${v} must be a quoted decimal string ("${v}"), never a YAML number: a float cannot hold every rate exactly`,
        };
      if (typeof v === 'string' && /%\s*$/.test(v))
        return { problem: `${unit} "${v}" is a percentage: write the fraction ("${percentToFraction(v)}")` };
      return { problem: `${unit} must be a decimal string like "0.001", got ${JSON.stringify(v)}` };
    case 'yen':
    case 'count':
    case 'months':
      if (typeof v === 'number' && Number.isInteger(v)) return { value: keptDecimal(v) };
      return { problem: `${unit} must be a whole number, got ${JSON.stringify(v)}` };
    case 'text':
      return typeof v === 'string' && v.length > 0
        ? { value: v }
        : { problem: `text must be a non-empty string, got ${JSON.stringify(v)}` };
    case 'flag':
      return typeof v === 'boolean' ? { value: v } : { problem: `flag must be true or false, got ${JSON.stringify(v)}` };
    default:
      return { problem: `unknown unit ${unit}` };
  }
}

/** "9.8%" -> "0.098": the hint's suggestion, computed exactly. */
export function percentToFraction(v: string): string {
  const n = v.replace(/%\s*$/, '').trim();
  return DECIMAL.test(n) ? new Decimal(n).div(100).toFixed() : '0.…';
}

function sourceOf(raw: Raw): SourceDocument {
  return { ...(raw as SourceDocument), url: (raw.url as string | undefined) ?? null };
}

/** The JSON pointer of a table cell, made only for an issue (a closure or string per cell cost the load). */
const cellPointer = (at: string, row: number, segment: string) => `${at}/rows/${row}/${segment}`;

/** Rows of a table value: every declared column, no other, each of its unit; contiguous ranges. */
function tableOf(path: string, at: string, def: Raw, dv: Raw, date: string, issues: Issue[], checks: boolean): RangeTable | null {
  const columns = def.columns as Record<string, { unit: string; nullable?: boolean }>;
  // each column's name and pointer segment once per table; a cell's pointer is made only for an issue
  const declared = Object.entries(columns).map(([col, spec]) => ({ col, spec, segment: pointerSegment(col) }));
  const before = issues.length;
  const rows: RangeRow[] = [];
  (dv.rows as Raw[]).forEach((row, i) => {
    const out: RangeRow = {};
    for (const { col, spec, segment } of declared) {
      if (!(col in row)) {
        issues.push({ path: `${at}/rows/${i}`, message: `missing column "${col}" (declared in columns)` });
        continue;
      }
      if (row[col] === null) {
        if (!spec.nullable) issues.push({ path: cellPointer(at, i, segment), message: `column "${col}" is not nullable` });
        out[col] = null;
        continue;
      }
      const t = typed(spec.unit, row[col]);
      if ('problem' in t) issues.push({ path: cellPointer(at, i, segment), message: t.problem });
      else {
        out[col] = t.value;
        if (spec.unit === 'rate' && outsideUnitInterval(t.value as Decimal))
          issues.push(rateIssue(t.value as Decimal, cellPointer(at, i, segment)));
      }
    }
    for (const col of Object.keys(row))
      if (!(col in columns))
        issues.push({
          path: `${at}/rows/${i}/${pointerSegment(col)}`,
          message: `unknown column "${col}" (declared: ${Object.keys(columns).join(', ')})`,
        });
    rows.push(out);
  });
  if (issues.length > before) return null;
  const table: RangeTable = { label: `parameter ${path} from ${date}`, unavailable: null, convention: convention(def), rows };
  // an invariant only: a set proven under this build (engine/loading/load-cache.ts) had its rows contiguous
  if (checks) rowsContiguous(table, at, issues);
  return issues.length > before ? null : table;
}

function rowsContiguous(t: RangeTable, at: string, issues: Issue[]) {
  const [lo, hi] = t.convention.bounds;
  const rows = t.rows!;
  rows.forEach((r, i) => {
    const from = r[lo] as Decimal;
    const to = r[hi] as Decimal | null;
    if (to !== null && lt(to, from))
      issues.push({ path: `${at}/rows/${i}/${hi}`, message: `${hi} ${to.toFixed()} is below ${lo} ${from.toFixed()}` });
    const next = rows[i + 1];
    if (!next) return;
    if (to === null) {
      issues.push({ path: `${at}/rows/${i}/${hi}`, message: `only the last row may be open (${hi}: null)` });
      return;
    }
    const expected = t.convention.upper_end === 'exclusive' ? to : to.plus(1);
    const nextFrom = next[lo] as Decimal;
    if (!eq(nextFrom, expected))
      issues.push({
        path: `${at}/rows/${i + 1}/${lo}`,
        message: `${lo} ${nextFrom.toFixed()} does not follow the previous row (expected ${expected.toFixed()}: ${nextFrom.gt(expected) ? 'gap' : 'overlap'})`,
      });
  });
}

function rateIssue(d: Decimal, path: string): Issue {
  return { path, message: `rate ${d.toFixed()} is not within 0..1 (rates are fractions: 0.1 % is "0.001")` };
}

/** `checks` false: the set is proven under this build (engine/loading/load-cache.ts): the rows' contiguity, an invariant only, is not checked again. */
export function buildParameters(raw: Raw, file: string, checks = true): { parameters: Parameter[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const area = raw.area as string;
  const stem = basename(file).replace(/\.yaml$/, '');
  if (area !== stem)
    issues.push({ path: '/area', message: `area "${area}" must be the file's name (${stem}): rules read parameters.<area>.<name>` });
  const parameters: Parameter[] = [];
  for (const [name, def] of Object.entries(raw.parameters as Record<string, Raw>)) {
    const path = `${area}.${name}`;
    const at = `/parameters/${pointerSegment(name)}`;
    const unit = def.unit as ParameterUnit;
    const before = issues.length;
    if (unit === 'table' && (!def.columns || !def.range_convention))
      issues.push({ path: at, message: 'a table parameter declares its columns and range_convention' });
    if (unit !== 'table' && (def.columns || def.range_convention || def.tax_table))
      issues.push({ path: at, message: `columns, range_convention and tax_table belong to unit table, not ${unit}` });
    if (unit === 'table' && def.columns) {
      const bounds = (def.range_convention?.bounds ?? ['from', 'to']) as string[];
      for (const b of bounds)
        if (!(b in def.columns))
          issues.push({ path: `${at}/range_convention`, message: `bound column "${b}" is not among the declared columns` });
    }
    let range: { min: Decimal; max: Decimal } | null = null;
    if (def.range) {
      range = { min: new Decimal(def.range.min), max: new Decimal(def.range.max) };
      if (range.min.gt(range.max)) issues.push({ path: `${at}/range`, message: `min ${def.range.min} is above max ${def.range.max}` });
      if (unit === 'table' || unit === 'text' || unit === 'flag')
        issues.push({ path: `${at}/range`, message: `a range applies to numbers, not to unit ${unit}` });
    }
    if (issues.length > before) continue;
    const dates = Object.keys(def.values as Raw);
    const values: DatedValue[] = [];
    dates.forEach((date, i) => {
      const dv = (def.values as Record<string, Raw>)[date];
      const vat = `${at}/values/${pointerSegment(date)}`;
      if (!isIsoDate(date)) return void issues.push({ path: vat, message: `${date} is not a calendar date` });
      if (i > 0 && date <= dates[i - 1]) issues.push({ path: vat, message: `dates must be ascending: ${date} follows ${dates[i - 1]}` });
      let value: ParameterValue | null = null;
      if (unit === 'table') {
        if (dv.value !== undefined && dv.value !== null)
          issues.push({ path: `${vat}/value`, message: 'a table parameter holds rows, not a value' });
        else if (dv.value === null) value = null;
        else if (!Array.isArray(dv.rows) || dv.rows.length === 0)
          issues.push({ path: vat, message: 'missing rows (or value: null where the table is repealed)' });
        else value = tableOf(path, vat, def, dv, date, issues, checks);
      } else {
        if (dv.rows !== undefined) issues.push({ path: `${vat}/rows`, message: `rows belong to unit table, not ${unit}` });
        if (dv.value === undefined)
          issues.push({ path: vat, message: 'missing value (null where the parameter is repealed from this date)' });
        else if (dv.value !== null) {
          const t = typed(unit, dv.value);
          if ('problem' in t) issues.push({ path: `${vat}/value`, message: t.problem });
          else {
            value = t.value;
            if (unit === 'rate' && outsideUnitInterval(value as Decimal)) issues.push(rateIssue(value as Decimal, `${vat}/value`));
            if (range && ((value as Decimal).lt(range.min) || (value as Decimal).gt(range.max))) {
              issues.push({
                path: `${vat}/value`,
                message: `${(value as Decimal).toFixed()} is outside the plausible range ${def.range.min}..${def.range.max} (${def.range.basis})`,
              });
            }
          }
        }
      }
      const notImported = dv.status === 'not_imported';
      if (notImported && dv.value !== null) issues.push({ path: `${vat}/status`, message: 'status not_imported goes with value: null' });
      if (i === 0 && dv.value === null && !notImported)
        issues.push({
          path: `${vat}/value`,
          message: 'the first value cannot be null: a parameter starts with a value (or status: not_imported)',
        });
      values.push({
        effective_from: date,
        effective_to: null,
        value,
        source: sourceOf(dv.source as Raw),
        inferred: dv.inferred === true,
        not_imported: notImported,
      });
    });
    // a not_imported or repealed entry (null) holds no value: the newest value is the last one read as a value
    let newest: string | undefined;
    for (const v of values) if (v.value !== null) newest = v.effective_from;
    if (newest !== undefined && def.known_through < newest)
      issues.push({
        path: `${at}/known_through`,
        message: `known_through ${def.known_through} is before its newest value's date ${newest}`,
      });
    if (issues.length > before) continue;
    for (let i = 0; i + 1 < values.length; i++) values[i].effective_to = addDays(values[i + 1].effective_from, -1);
    parameters.push({
      path,
      file,
      description: def.description,
      unit,
      legal_basis: def.legal_basis ?? null,
      tax_table: def.tax_table ?? null,
      known_through: def.known_through,
      values,
    });
  }
  return { parameters, issues };
}
