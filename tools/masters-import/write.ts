/**
 * The imported master as YAML text in the layout of the hand-written masters: one flow-style line per
 * table row or record (so a later `git diff` of a new year's table is one line per changed row), small
 * maps such as the range convention on one line, the carried keys with their comments, and a header
 * comment saying where it came from and what is left to fill.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Document, isMap, isPair, isScalar, isSeq, visit, type Node } from 'yaml';
import type { ImportedMaster } from './kinds/shared.ts';
import { PLACEHOLDER } from './placeholder.ts';

/** A node small enough for one line: a scalar, a list of scalars, or a map of such. */
function oneLine(node: unknown): boolean {
  if (isScalar(node)) return true;
  if (isSeq(node)) return node.items.every(isScalar);
  if (isMap(node)) return node.items.every((p) => oneLine(p.value));
  return false;
}

function setFlow(node: unknown): void {
  (node as { flow?: boolean }).flow = true;
}

export interface WriteContext {
  kindName: string;
  /** said in the header when the CSV was converted from another encoding */
  convertedFrom?: string;
}

export function masterYaml(imported: ImportedMaster, csvFile: string, { kindName, convertedFrom }: WriteContext): string {
  const doc = new Document(imported.doc);
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      if (key === 'sources') continue;
      const value = pair.value as Node;
      if ((isMap(value) || isSeq(value)) && oneLine(value)) setFlow(value);
      else if (isSeq(value)) {
        // a table: one line per row (nested tables, like the bonus bands per dependants count, likewise)
        for (const item of value.items) {
          if (oneLine(item)) setFlow(item);
          else if (isMap(item))
            for (const p of item.items) if (isSeq(p.value)) for (const row of p.value.items) if (oneLine(row)) setFlow(row);
        }
      }
      const comment = imported.keyComments?.[key];
      if (comment && isPair(pair) && isScalar(pair.key)) pair.key.commentBefore = comment;
    }
  }
  // dates and versions quoted as in the hand-written masters (unambiguous under any YAML schema)
  visit(doc, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  const sha = createHash('sha256').update(readFileSync(csvFile)).digest('hex');
  doc.commentBefore = [
    ` Imported by \`npm run masters:import -- ${kindName} ${basename(csvFile)}\` (csv sha256 ${sha}${convertedFrom ? `, converted from ${convertedFrom} to UTF-8` : ''}).`,
    ...(JSON.stringify(imported.doc).includes(PLACEHOLDER)
      ? [` Every ${PLACEHOLDER} below must be filled from the published source; masters:check refuses the file until then.`]
      : []),
    ...imported.notes.map((n) => ` Note: ${n}.`),
  ].join('\n');
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
