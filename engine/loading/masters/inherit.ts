/**
 * Versions that restate only what changed. A multi-record file with `inherit_unchanged_records: true` lists
 * the records the publication changed; the records of the previous version (same kind, the latest
 * effective_from before this one) whose ids it does not list are carried into it unchanged, with this
 * file's envelope (version, dates, file) but keep their original source (source_artifact_id, sources) and
 * name the version and file they were published in (`inherited_from`). Files are processed oldest first, so a chain of
 * inheriting versions stays complete. Every resolved record, listing and trace therefore sees a full version.
 */
import type { Raw } from './records/envelope.ts';
import { meta } from './records/envelope.ts';
import type { MasterRecord } from './types.ts';

export interface BuiltFile {
  file: string;
  raw: Raw;
  records: MasterRecord[];
}

export function inheritUnchangedRecords(files: BuiltFile[]): void {
  const sorted = [...files].sort((a, b) =>
    a.raw.effective_from < b.raw.effective_from ? -1 : a.raw.effective_from > b.raw.effective_from ? 1 : 0,
  );
  sorted.forEach((f, i) => {
    if (f.raw.inherit_unchanged_records !== true) return;
    const previous = sorted
      .slice(0, i)
      .reverse()
      .find((p) => p.raw.kind === f.raw.kind);
    if (!previous) return;
    const listed = new Set(f.records.map((r) => r.id));
    for (const r of previous.records) {
      if (!listed.has(r.id)) {
        // the new version's id, dates and file, but the source the values actually came from, and where
        const origin = r.inherited_from ?? { version: r.version, file: r.file };
        f.records.push({
          ...r,
          ...meta(f.raw, f.file, r.id),
          source_artifact_id: r.source_artifact_id,
          sources: r.sources,
          inherited_from: origin,
        } as MasterRecord);
      }
    }
  });
}
