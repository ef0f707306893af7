/**
 * Readers and writers of one dotted context path (request.allowances, amounts.statutory_deductions.
 * health_insurance), generated once per path as a small function with the path's keys written in as
 * string literals. Why: a closure made by a factory shares its property-access feedback with every
 * other closure of that factory, so reading two hundred different paths through one closure's code is
 * a megamorphic keyed lookup per key; a function of its own per path reads each key like `a.b.c`.
 *
 * Semantics (what context.ts's getPath and setPath do, which the tests hold them to):
 *  - read: null for a missing value (undefined) or when a non-object (null, a primitive) is on the way;
 *  - write: a missing or non-object step on the way is replaced by a new {}; the last key is assigned.
 *    Strict mode, as the modules are: writing into a frozen object (the shared profile, masters,
 *    settings) throws a TypeError.
 * Keys are written into the source by JSON.stringify, so any key is safe to embed. With
 * PAYROLL_CODEGEN=off (util/codegen.ts) the plain closures below answer instead.
 */
import { generatedFunction } from '../util/codegen.ts';

export type PathReader = (root: unknown) => unknown;
export type PathWriter = (root: Record<string, unknown>, value: unknown) => void;

const key = (k: string) => `[${JSON.stringify(k)}]`;

export function pathReader(segments: readonly string[]): PathReader {
  const lines = ['"use strict";', 'let v = root;'];
  for (const seg of segments) {
    lines.push(`if (v === null || v === undefined || typeof v !== "object") return null;`, `v = v${key(seg)};`);
  }
  lines.push('return v === undefined ? null : v;');
  return generatedFunction<PathReader>(['root'], lines.join('\n'), () => plainPathReader(segments));
}

/** pathReader's answer by a loop over the segments. */
function plainPathReader(segments: readonly string[]): PathReader {
  return (root) => {
    let v = root;
    for (const seg of segments) {
      if (v === null || v === undefined || typeof v !== 'object') return null;
      v = (v as Record<string, unknown>)[seg];
    }
    return v === undefined ? null : v;
  };
}

export function pathWriter(segments: readonly string[]): PathWriter {
  const lines = ['"use strict";', 'let cur = root, next;'];
  for (const seg of segments.slice(0, -1)) {
    lines.push(
      `next = cur${key(seg)};`,
      `if (next === null || next === undefined || typeof next !== "object") cur${key(seg)} = {};`,
      `cur = cur${key(seg)};`,
    );
  }
  lines.push(`cur${key(segments[segments.length - 1])} = value;`);
  return generatedFunction<PathWriter>(['root', 'value'], lines.join('\n'), () => (root, value) => {
    let cur = root;
    for (const seg of segments.slice(0, -1)) {
      const next = cur[seg];
      if (next === null || next === undefined || typeof next !== 'object') cur[seg] = {};
      cur = cur[seg] as Record<string, unknown>;
    }
    cur[segments[segments.length - 1]] = value;
  });
}

/**
 * One function reading several paths into slots of an array (a rule's inputs into its scope):
 * values[slot] = pathReader(path)(root) for each, in order, generated as one function per rule.
 */
export type SlotsReader = (root: unknown, values: unknown[]) => void;

export function slotsReader(reads: readonly (readonly [slot: number, segments: readonly string[]])[]): SlotsReader {
  const lines = ['"use strict";', 'let v;'];
  reads.forEach(([slot, segments], i) => lines.push(...readCode(`read${i}`, segments), `values[${slot | 0}] = v;`));
  return generatedFunction<SlotsReader>(['root', 'values'], lines.join('\n'), () => {
    const readers = reads.map(([slot, segments]) => [slot | 0, plainPathReader(segments)] as const);
    return (root, values) => {
      for (const [slot, read] of readers) values[slot] = read(root);
    };
  });
}

/**
 * Source that leaves in `v` what pathReader(segments)(root) returns (null for a missing value or a
 * non-object on the way), as a labelled block the caller's next line follows. plainPathReader is the
 * closure that answers the same.
 */
export { plainPathReader };

export function readCode(label: string, segments: readonly string[]): string[] {
  const body = ['v = root;'];
  for (const seg of segments)
    body.push(`if (v === null || v === undefined || typeof v !== "object") { v = null; break ${label}; }`, `v = v${key(seg)};`);
  body.push('if (v === undefined) v = null;');
  return [`${label}: {`, ...body, '}'];
}
