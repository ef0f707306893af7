/**
 * The walk of a dotted `var` path ("request.attendance_input.overtime_minutes", "tier.rate") generated
 * once per path as a function with the path's keys written in. Why: the generic walk (walkFrom, below)
 * is one function reading every path of every rule, so its property reads and its Decimal test
 * (a toStringTag lookup on plain objects) are megamorphic; a function per path has feedback of its own.
 *
 * The same answer as walkFrom(data, segments, start) for every data: at each segment, undefined unless
 * the value is a non-null object that is no Decimal (by instanceof, or by decimal.js's toStringTag as
 * isDecimal tests); an array is indexed only by an all-digit segment; an object only by a key it owns;
 * undefined as soon as a step is undefined. test/logic/var-path.test.ts holds the two together; with
 * PAYROLL_CODEGEN=off (util/codegen.ts) walkFrom itself answers.
 */
import { Decimal, isDecimal } from '../decimal.ts';
import { generatedFunction } from '../util/codegen.ts';

export type PathWalk = (data: unknown) => unknown;

/**
 * The walk of segments[start..] from data (what segments before start led to): the reference the
 * generated walks are held to.
 */
export function walkFrom(data: unknown, segments: readonly string[], start: number): unknown {
  for (let i = start; i < segments.length; i++) {
    const seg = segments[i];
    if (data === null || data === undefined || typeof data !== 'object' || isDecimal(data)) return undefined;
    if (Array.isArray(data)) {
      if (!/^\d+$/.test(seg)) return undefined;
      data = data[Number(seg)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(data, seg)) return undefined;
      data = (data as Record<string, unknown>)[seg];
    }
    if (data === undefined) return undefined;
  }
  return data;
}

/**
 * The walk of a path from `start`, made on its first call (most vars are never read by a walk, and
 * rules hold thousands) and shared by every var of the same path.
 */
export function lazyWalk(segments: readonly string[], start: number): PathWalk {
  const key = `${start}:${segments.join('.')}`;
  let walk = walks.get(key);
  if (walk === undefined) {
    let compiled: PathWalk | undefined;
    walk = (data) => (compiled ??= compileWalk(segments, start))(data);
    walks.set(key, walk);
  }
  return walk;
}
const walks = new Map<string, PathWalk>();

export function compileWalk(segments: readonly string[], start: number): PathWalk {
  const lines = ['"use strict";', 'let d = data, p;'];
  for (const seg of segments.slice(start)) {
    const key = JSON.stringify(seg);
    const index = /^\d+$/.test(seg) ? `d[${Number(seg)}]` : 'undefined';
    // On a plain object (prototype Object.prototype or none) a key Object.prototype lacks is found only
    // if owned, so the own-property test is the read itself (an owned undefined reads undefined too).
    const plain = seg in Object.prototype ? `hasOwn.call(d, ${key}) ? d[${key}] : undefined` : `d[${key}]`;
    lines.push(
      'if (d === null || typeof d !== "object" || d.toStringTag === "[object Decimal]") return undefined;',
      'p = getPrototypeOf(d);',
      `if (Array.isArray(d)) d = d instanceof Decimal ? undefined : ${index};`,
      `else if (p === ObjectPrototype || p === null) d = ${plain};`,
      `else d = d instanceof Decimal || !hasOwn.call(d, ${key}) ? undefined : d[${key}];`,
      'if (d === undefined) return undefined;',
    );
  }
  lines.push('return d;');
  const factory = generatedFunction<(...helpers: unknown[]) => PathWalk>(
    ['Decimal', 'hasOwn', 'getPrototypeOf', 'ObjectPrototype'],
    `return function walk(data) {\n${lines.join('\n')}\n};`,
    () => () => (data) => walkFrom(data, segments, start),
  );
  return factory(Decimal, Object.prototype.hasOwnProperty, Object.getPrototypeOf, Object.prototype);
}
