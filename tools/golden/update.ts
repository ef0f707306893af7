/**
 * `npm run golden -- --update`: writes the actual values over the expected ones in the case files.
 * The yaml Document API finds each value's node and its source range; only that range of the original
 * text is replaced, so comments, descriptions, key order, quoting and line folding stay exactly as
 * written and `git diff` shows just the changed numbers. (Re-dumping a parsed document rewraps folded
 * descriptions and requotes strings, which buries the changes in noise.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isCollection, isNode, parseDocument } from 'yaml';
import type { PathSegment } from './compare.ts';

export interface ValueEdit {
  /** index of the case in the file's `cases` list */
  caseIndex: number;
  /** path inside the case's `expect` */
  path: PathSegment[];
  value: unknown;
}

/** A value as YAML source: JSON is valid YAML flow syntax, and quotes every string unambiguously. */
function yamlText(value: unknown): string {
  return JSON.stringify(value);
}

/** Applies the edits to one file; returns how many values were rewritten. Throws if a path is missing. */
export function applyEdits(file: string, edits: ValueEdit[]): number {
  const source = readFileSync(file, 'utf8');
  const doc = parseDocument(source, { schema: 'core', keepSourceTokens: false });
  const splices: [number, number, string][] = [];
  for (const edit of edits) {
    const node = doc.getIn(['cases', edit.caseIndex, 'expect', ...edit.path], true);
    if (!isNode(node) || !node.range) throw new Error(`${file}: no value at cases[${edit.caseIndex}].expect.${edit.path.join('.')}`);
    // a block collection (its lines below its key) becomes flow text after the key, and keeps the line break
    // and indentation before the next key that its range runs up to
    const block = isCollection(node) && !node.flow;
    const start = block ? node.range[0] - /\s*$/.exec(source.slice(0, node.range[0]))![0].length : node.range[0];
    const trailing = block ? /\s*$/.exec(source.slice(node.range[0], node.range[1]))![0] : '';
    splices.push([start, node.range[1], (block ? ' ' : '') + yamlText(edit.value) + trailing]);
  }
  // from the end backwards, so earlier offsets stay valid
  splices.sort((a, b) => b[0] - a[0]);
  let text = source;
  for (const [start, end, replacement] of splices) text = text.slice(0, start) + replacement + text.slice(end);
  const check = parseDocument(text, { schema: 'core' });
  if (check.errors.length)
    throw new Error(`${file}: the update would break the file (${check.errors[0].message.split('\n')[0]}); left unchanged`);
  writeFileSync(file, text);
  return splices.length;
}
