/**
 * GET /v1/masters/versions: one record per version of every master kind (withholding tables, the
 * computer-method table, rate tables, grade tables, rounding policies: each table id and version, with its
 * dates, publisher, source and file, and the version and file an inherited record was first published in)
 * and one per dated value of every parameter (masters/parameters/). Built once at load.
 */
import { isDecimal } from '../decimal.ts';
import { MASTER_KINDS } from './masters/schemas/index.ts';
import type { MasterSet } from './masters/types.ts';
import type { Parameter, ParameterValue } from './parameters/types.ts';

const byKindIdDate = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.type).localeCompare(String(b.type)) ||
  String(a.id).localeCompare(String(b.id)) ||
  String(a.effective_from).localeCompare(String(b.effective_from));

/** A parameter value as listed: decimals as decimal strings, text and flags as they are; a table is listed by its unit only. */
function listedValue(v: ParameterValue | null): string | boolean | null {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  return isDecimal(v) ? v.toFixed() : null;
}

function parameterRecords(p: Parameter): Record<string, unknown>[] {
  return p.values.map((v) => ({
    type: 'parameter',
    id: p.path,
    version: v.effective_from,
    effective_from: v.effective_from,
    effective_to: v.effective_to,
    provider: v.source.publisher,
    source_artifact_id: v.source.artifact_id,
    file: p.file,
    inherited_from: null,
    unit: p.unit,
    value: listedValue(v.value),
    inferred: v.inferred,
  }));
}

export function masterVersionRecords(masters: MasterSet): Record<string, unknown>[] {
  const tables = MASTER_KINDS.flatMap((kind) =>
    masters.all(kind).map((r) => ({
      type: kind,
      id: r.id,
      version: r.version,
      effective_from: r.effective_from,
      effective_to: r.effective_to,
      provider: r.provider,
      source_artifact_id: r.source_artifact_id,
      file: r.file,
      inherited_from: r.inherited_from ?? null,
    })),
  );
  const parameters = (masters.parameters?.all() ?? []).flatMap(parameterRecords);
  return [...tables, ...parameters].sort(byKindIdDate);
}
