/** Copies a file's envelope onto one record: every loaded record carries id, version, dates, provider and sources. */
import type { MasterMeta, MasterKind, SourceDocument } from '../types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a YAML document its kind's JSON schema has already validated: the builders read the fields the schema guarantees
export type Raw = Record<string, any>;

/** A built record and the JSON pointer of its data inside the file ('' for single-table files). */
export interface Built<R = MasterMeta> {
  record: R;
  pointer: string;
}

export function meta(raw: Raw, file: string, id: string): MasterMeta {
  return {
    kind: raw.kind as MasterKind,
    id,
    version: raw.version,
    effective_from: raw.effective_from,
    effective_to: raw.effective_to ?? null,
    known_through: raw.known_through,
    effective_date_basis: raw.effective_date_basis,
    provider: raw.provider,
    source_artifact_id: raw.source_artifact_id ?? null,
    sources: (raw.sources as SourceDocument[]).map((s) => ({ ...s, url: s.url ?? null })),
    file,
  };
}
