/**
 * Reads one master YAML file strictly and keeps enough of the parsed document to point at lines.
 * - core schema: 2026-01-01 stays a string (no timestamp type), so dates never become Date objects;
 * - uniqueKeys (the yaml default, stated explicitly): a duplicate key is a problem, reported with the
 *   JSON pointer of the duplicated key and its line, never silently "last one wins".
 */
import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Document, type Node } from 'yaml';
import type { LoadProblem } from '../../errors.ts';
import { boundedText, boundedToJs } from '../../util/yaml-limits.ts';
import { pointerSegment } from '../../util/json-pointer.ts';

export interface YamlSource {
  file: string;
  value: unknown;
  problems: LoadProblem[];
  /** "line N" for a JSON pointer inside this file, or '' when it cannot be located. */
  lineOf(pointer: string): string;
}

/** `text`: the file's content when the caller has read it already (checked against the size bounds either way). */
export function readYamlSource(absPath: string, file: string, text?: string): YamlSource {
  const source = boundedText(absPath, file, text);
  if (typeof source !== 'string') return { file, value: undefined, problems: [source], lineOf: () => '' };
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true, prettyErrors: false, lineCounter });
  const lineAt = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `line ${line}, column ${col}`;
  };
  // after the first syntax error the parser's further errors are mostly its consequences: one mistake, one
  // message (duplicate keys are separate mistakes and all reported)
  const firstSyntax = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY');
  const reported = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY' || e === firstSyntax);
  const problems: LoadProblem[] = reported.map((e) => ({
    file,
    path: pointerAt(doc, e.pos[0]) || '/',
    message: `${e.code === 'DUPLICATE_KEY' ? 'duplicate key' : e.message.split('\n')[0]} (${lineAt(e.pos[0])})`,
  }));
  const data = problems.length ? { value: undefined, problem: null } : boundedToJs(file, (o) => doc.toJS(o));
  if (data.problem) problems.push(data.problem);
  return {
    file,
    value: data.value,
    problems,
    lineOf(pointer: string) {
      const segs = pointer
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      for (let n = segs.length; n >= 0; n--) {
        const node = (n === 0 ? doc.contents : doc.getIn(segs.slice(0, n), true)) as Node | undefined;
        if (node?.range) return lineAt(node.range[0]).replace(/, column \d+/, '');
      }
      return '';
    },
  };
}

/** The problem with "(line N)" of its JSON path appended, when the file can place it. */
export function withLine(p: LoadProblem, src: YamlSource | undefined): LoadProblem {
  const line = src?.lineOf(p.path);
  return line && !/\(line \d+/.test(p.message) ? { ...p, message: `${p.message} (${line})` } : p;
}

/** JSON pointer of the innermost key or item containing `offset` (used to place parse errors). */
function pointerAt(doc: Document, offset: number): string {
  let node: unknown = doc.contents;
  let pointer = '';
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const k = p.key as Node | null;
        const v = p.value as Node | null;
        return (k?.range && k.range[0] <= offset && offset <= k.range[2]) || (v?.range && v.range[0] <= offset && offset <= v.range[2]);
      });
      if (!pair) return pointer;
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      pointer += '/' + pointerSegment(key);
      const k = pair.key as Node | null;
      if (k?.range && k.range[0] <= offset && offset <= k.range[2]) return pointer;
      node = pair.value;
    } else if (isSeq(node)) {
      const i = node.items.findIndex((it) => {
        const r = (it as Node | null)?.range;
        return r && r[0] <= offset && offset <= r[2];
      });
      if (i < 0) return pointer;
      pointer += '/' + i;
      node = node.items[i];
    } else return pointer;
  }
}
