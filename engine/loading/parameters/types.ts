/**
 * Parameters as loaded (engine/loading/parameters/build.ts): the values of masters/parameters/<area>.yaml with
 * decimal strings as Decimals and table rows as RangeTables, each dated value with its source.
 */
import type { Decimal } from '../../decimal.ts';
import type { RangeTable } from '../masters/range-table.ts';
import type { SourceDocument } from '../masters/types.ts';

export type ParameterUnit = 'rate' | 'yen' | 'count' | 'months' | 'decimal' | 'text' | 'flag' | 'table';

/** What a rule reads: a Decimal (rate, yen, count, months, decimal), a string, a boolean or a RangeTable. */
export type ParameterValue = Decimal | string | boolean | RangeTable;

export interface DatedValue {
  effective_from: string;
  /** the day before the next dated value (null: open-ended) */
  effective_to: string | null;
  /** null: the parameter is not in force in this period (a value repealed from effective_from) */
  value: ParameterValue | null;
  source: SourceDocument;
  inferred: boolean;
  /** value null because the period's law is not in the masters (status: not_imported): the loader accepts the gap, a calculation there is settings_not_resolved */
  not_imported: boolean;
}

export interface Parameter {
  /** "local_levy.rate": the path after `parameters.` */
  path: string;
  file: string;
  description: string;
  unit: ParameterUnit;
  legal_basis: string | null;
  /** a published tax table listed by GET /v1/masters/tax-tables under this name, else null */
  tax_table: string | null;
  /** the last date the sources of its newest value cover; read later, that value is carried forward (docs/adr/0105) */
  known_through: string;
  values: DatedValue[]; // ascending, contiguous
}
