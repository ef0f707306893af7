/**
 * What the command tells the specialist after writing a master: a file with placeholders left is reported
 * as incomplete, with each placeholder (a field left on every record counted once, with its records and
 * the --set that fills it), never as a plain "wrote"; then what was set, what was carried and from where,
 * and the previous version's effective_to to close.
 */
import { PLACEHOLDER } from './placeholder.ts';
import type { UniformField } from './uniform.ts';

export interface ImportOutcome {
  target: string | null; // null: printed on stdout
  doc: Record<string, unknown>;
  uniform: readonly UniformField[];
  set: Map<UniformField, string | number | null>;
  carried: { from: string; keys: string[] } | null;
  derived: string[];
  close: { file: string; effectiveTo: string } | null;
  convertedFrom?: string;
}

/** Placeholder paths, a record-level field as `records[*].field` with its count. */
function placeholderPaths(doc: unknown): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string' && v.startsWith(PLACEHOLDER)) found.set(path, (found.get(path) ?? 0) + 1);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, path === 'records' ? `${path}[*]` : `${path}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(doc, '');
  return found;
}

export function importReport(o: ImportOutcome): string[] {
  const where = o.target ?? 'stdout';
  const placeholders = placeholderPaths(o.doc);
  const values = [...placeholders.values()].reduce((a, b) => a + b, 0);
  const out: string[] = [];
  if (placeholders.size) {
    out.push(
      `masters:import: INCOMPLETE master written to ${where}: ${values} placeholder value(s) in ${placeholders.size} field(s) left to fill; masters:check and the server refuse the file until every one is filled:`,
    );
    for (const [path, n] of placeholders) {
      const field = o.uniform.find((f) => path === f.name || path === `records[*].${f.name}`);
      const hint = field ? ` (or --set ${field.name}=VALUE)` : '';
      out.push(`  ${path}${n > 1 ? ` (${n} records)` : ''}${hint}`);
    }
  } else {
    out.push(`masters:import: master written to ${where} with no placeholder left; next: npm run masters:check`);
  }
  if (o.convertedFrom) out.push(`  converted from ${o.convertedFrom} to UTF-8 (--encoding ${o.convertedFrom})`);
  for (const [field, value] of o.set) {
    const records = field.scope === 'record' ? ` on all ${(o.doc.records as unknown[]).length} records` : '';
    out.push(`  set ${field.name} = ${JSON.stringify(value)}${records} (--set)`);
  }
  if (o.carried) out.push(`  carried from ${o.carried.from} (confirm each against the new publication): ${o.carried.keys.join(', ')}`);
  for (const d of o.derived) out.push(`  from the CSV: ${d}`);
  if (o.close) out.push(`  close the previous version: effective_to: "${o.close.effectiveTo}" in ${o.close.file}`);
  return out;
}
