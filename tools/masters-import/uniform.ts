/**
 * Values that are the same on every record of a published table but not in its CSV (the kyokai childcare
 * support rate and the health bonus cap: 2 x 47 placeholders otherwise), or single values of the master
 * outside the rows (the pension rate and bonus cap): given once on the command line with
 * `--set FIELD=VALUE` and written to every record (or the one field). Each kind declares which fields it
 * takes and of what type; a value is checked before it is written, so nothing but a rate, a yen amount or
 * null (where the master allows it) reaches the file.
 */
import { Decimal } from '../../engine/tooling.ts';
import { ImportError } from './errors.ts';
import { PLACEHOLDER } from './placeholder.ts';

export interface UniformField {
  name: string;
  /** `record`: the same value on every record (records[*]); `top`: one field of the master */
  scope: 'record' | 'top';
  type: 'rate' | 'yen';
  nullable?: boolean;
  /** what the value is, for --help and the placeholder */
  what: string;
}

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** "0.00115" or "0.115%" -> "0.00115" (exact, decimal.js); yen "5730000" or "5,730,000" -> 5730000; "null". */
function parseValue(field: UniformField, text: string): string | number | null {
  const t = text.trim();
  if (t === 'null') {
    if (field.nullable) return null;
    throw new ImportError(`--set ${field.name}: null is not allowed here (${field.what})`);
  }
  if (field.type === 'yen') {
    const digits = t.replace(/,/g, '');
    if (!/^(0|[1-9][0-9]*)$/.test(digits) || !Number.isSafeInteger(Number(digits)))
      throw new ImportError(`--set ${field.name}: "${text}" is not a whole number of yen`);
    return Number(digits);
  }
  const percent = t.endsWith('%');
  const number = percent ? t.slice(0, -1).trim() : t;
  if (!DECIMAL.test(number))
    throw new ImportError(`--set ${field.name}: "${text}" is not a rate (a fraction like 0.00115, or a percentage like 0.115%)`);
  const rate = percent ? new Decimal(number).div(100) : new Decimal(number);
  if (rate.gte(1))
    throw new ImportError(`--set ${field.name}: "${text}" is 100 % or more; give a fraction (0.00115) or a percentage (0.115%)`);
  return rate.toFixed();
}

/** Parses the --set options against the kind's fields; an unknown field names the ones the kind takes. */
export function parseSets(sets: string[], fields: readonly UniformField[], kindName: string): Map<UniformField, string | number | null> {
  const out = new Map<UniformField, string | number | null>();
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new ImportError(`--set ${s}: give FIELD=VALUE`);
    const name = s.slice(0, eq).trim();
    const field = fields.find((f) => f.name === name);
    if (!field) {
      const known = fields.length ? `it takes ${fields.map((f) => f.name).join(', ')}` : 'it takes no --set';
      throw new ImportError(`--set ${name}: not a field ${kindName} fills from the command line; ${known}`);
    }
    if (out.has(field)) throw new ImportError(`--set ${name} given twice`);
    out.set(field, parseValue(field, s.slice(eq + 1)));
  }
  return out;
}

/** Writes the set values over the kind's placeholders (the document is changed in place). */
export function applySets(doc: Record<string, unknown>, sets: Map<UniformField, string | number | null>): void {
  for (const [field, value] of sets) {
    if (field.scope === 'top') {
      doc[field.name] = value;
      continue;
    }
    for (const record of doc.records as Record<string, unknown>[]) record[field.name] = value;
  }
}

/** The placeholder a kind writes for a field not given with --set. */
export function fieldPlaceholder(field: UniformField): string {
  return `${PLACEHOLDER}: ${field.what} (or --set ${field.name}=VALUE)`;
}
