/**
 * What an import kind is, and what every kind's build uses: the master envelope with placeholder
 * provenance, CSV line numbers, and picking the version a CSV stands for.
 */
import { ImportError, type CsvLayout, type CsvRow } from '../csv.ts';
import { placeholderSources, toFill } from '../placeholder.ts';
import type { UniformField } from '../uniform.ts';

export interface ImportOptions {
  /** the year of a withholding table, the premium month of kyokai rates, the fiscal year of EI rates */
  select?: string;
}

export interface ImportedMaster {
  /** master file path relative to masters/ */
  path: string;
  /** the master document, placeholders included, keys in the masters' usual order */
  doc: Record<string, unknown>;
  /** what the specialist still has to fill or check, for the file's header comment */
  notes: string[];
  /** comments written before top-level keys (the carried structure's own explanations) */
  keyComments?: Record<string, string>;
}

export interface ImportKind extends CsvLayout {
  description: string;
  /** fields given once with --set FIELD=VALUE (the same on every record, or one value outside the rows) */
  uniform?: readonly UniformField[];
  build(rows: CsvRow[], file: string, options: ImportOptions): ImportedMaster;
  /**
   * After the previous version's structure is carried over: what the new CSV itself determines in it
   * (the withholding table's below-table bound is its first row's lower bound). Returns notes.
   */
  afterCarry?(doc: Record<string, unknown>): string[];
}

/** The CSV line of data row i: the header is line 1. */
export const line = (i: number) => i + 2;

interface Envelope {
  kind: string;
  /** the master id, for kinds whose file holds one table (not records with their own ids) */
  id?: string;
  version: string;
  from: string;
  to: string | null;
  basis: string;
}

/**
 * The master `<folder>/<version>.yaml`: the envelope (provenance left to fill), then the kind's own
 * fields.
 */
export function importedMaster(folder: string, head: Envelope, fields: Record<string, unknown>, notes: string[]): ImportedMaster {
  return {
    path: `${folder}/${head.version}.yaml`,
    doc: {
      kind: head.kind,
      ...(head.id ? { id: head.id } : {}),
      version: head.version,
      effective_from: head.from,
      effective_to: head.to,
      known_through: toFill('the last date the published source covers (docs/updating-statutory-data.md)'),
      effective_date_basis: head.basis,
      provider: toFill('publisher of the table'),
      source_artifact_id: toFill('the artifact_id of the source below'),
      sources: placeholderSources(),
      ...fields,
    },
    notes,
  };
}

/** The year a withholding table applies to: --select, else the 4 digits in the file name (monthly_2026.csv). */
export function tableYear(file: string, options: ImportOptions): string {
  const year = options.select ?? /(\d{4})(?!.*\d{4})/.exec(file.split('/').pop() ?? '')?.[1];
  if (!year || !/^\d{4}$/.test(year)) throw new ImportError(`${file}: cannot tell the table's year from the file name; give --select YYYY`);
  return year;
}

/** Picks one version out of a CSV that holds several (kyokai: premium month, EI: fiscal year); default the newest. */
export function selectVersion(rows: CsvRow[], column: string, file: string, options: ImportOptions): CsvRow[] {
  const values = [...new Set(rows.map((r) => r[column]))].sort();
  const wanted = options.select ?? values.at(-1)!;
  const picked = rows.filter((r) => r[column] === wanted);
  if (!picked.length) throw new ImportError(`${file}: no rows with ${column} = ${wanted} (the file has ${values.join(', ')})`);
  return picked;
}
