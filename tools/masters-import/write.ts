/**
 * The imported master as YAML text in the layout of the hand-written masters: one flow-style line per
 * table row or record (so a later `git diff` of a new year's table is one line per changed row), a
 * header comment saying where it came from and what is left to fill.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';
import type { ImportedMaster } from './kinds/shared.ts';
import { PLACEHOLDER } from './placeholder.ts';

/** Keys whose items are written one per line in flow style. */
const ROW_LISTS = ['rows', 'records', 'grades', 'otsu', 'bands'];

export function masterYaml(imported: ImportedMaster, csvFile: string, kindName: string): string {
  const doc = new Document(imported.doc);
  const flowRows = (node: unknown) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
        if (ROW_LISTS.includes(key) && isSeq(pair.value)) for (const item of pair.value.items) (item as { flow?: boolean }).flow = true;
        else flowRows(pair.value);
      }
    } else if (isSeq(node)) node.items.forEach(flowRows);
  };
  flowRows(doc.contents);
  // dates and versions quoted as in the hand-written masters (unambiguous under any YAML schema)
  visit(doc, { Scalar(_key, node) {
    if (isScalar(node) && typeof node.value === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(node.value)) node.type = 'QUOTE_DOUBLE';
  } });
  const sha = createHash('sha256').update(readFileSync(csvFile)).digest('hex');
  doc.commentBefore = [
    ` Imported by \`npm run masters:import -- ${kindName} ${basename(csvFile)}\` (csv sha256 ${sha}).`,
    ` Every ${PLACEHOLDER} below must be filled from the published source; masters:check refuses the file until then.`,
    ...imported.notes.map((n) => ` Note: ${n}.`),
  ].join('\n');
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
