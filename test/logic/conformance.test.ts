/**
 * Conformance with json-logic-js: on logic-only expressions over plain data, the compiled evaluator gives
 * the same result as jsonLogic.apply (after turning our Decimals back into JS numbers).
 */
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { isDecimal } from '../../engine/logic/values.ts';
import { compileExpression } from '../../engine/logic/compile.ts';

function plain(v: unknown): unknown {
  if (isDecimal(v)) return (v as { toNumber(): number }).toNumber();
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function ours(expr: unknown, data: Record<string, unknown>): unknown {
  return plain(compileExpression(expr, 'conformance')(data));
}

const DATA = {
  n0: 0,
  n1: 1,
  n2: 2,
  half: 0.5,
  neg: -3,
  big: 740000,
  s: 'kou',
  s2: 'otsu',
  num: '1',
  num2: '2.50',
  empty: '',
  t: true,
  f: false,
  nul: null,
  arr: [1, 2, 3],
  strs: ['kou', 'otsu'],
  none: [],
  obj: {
    a: { b: 7 },
    list: [
      { x: 1, on: true },
      { x: 5, on: false },
      { x: 3, on: true },
    ],
  },
};

const CASES: unknown[] = [
  { var: 'n1' },
  { var: 'obj.a.b' },
  { var: 'obj.list.1.x' },
  { var: 'arr.2' },
  { var: 'nope' },
  { var: ['nope', 'dflt'] },
  { var: ['nul', 'dflt'] },
  { var: ['n0', 9] },
  { var: ['obj.a.zz', 4] },
  { if: [{ var: 't' }, 'yes', 'no'] },
  { if: [{ var: 'f' }, 'yes', 'no'] },
  { if: [{ var: 'n0' }, 'a', { var: 'empty' }, 'b', { var: 'none' }, 'c', 'd'] },
  { if: [{ var: 'n0' }, 'a', { var: 'arr' }, 'b', 'c'] },
  { if: [false, 1] },
  { if: [] },
  { if: ['x'] },
  { and: [{ var: 't' }, { var: 'n2' }] },
  { and: [{ var: 't' }, { var: 'n0' }, { var: 'n2' }] },
  { and: [{ var: 's' }, { var: 'empty' }] },
  { and: [{ var: 'arr' }, { var: 'none' }, 1] },
  { or: [{ var: 'f' }, { var: 'n0' }, { var: 's' }] },
  { or: [{ var: 'f' }, { var: 'nul' }] },
  { or: [{ var: 'none' }, { var: 'arr' }] },
  { '==': [{ var: 'n1' }, { var: 'num' }] },
  { '==': [{ var: 'num2' }, 2.5] },
  { '==': [{ var: 't' }, 1] },
  { '==': [{ var: 'f' }, 0] },
  { '==': [{ var: 'nul' }, 0] },
  { '==': [{ var: 'nul' }, null] },
  { '==': [{ var: 'nope' }, null] },
  { '==': [{ var: 's' }, 'kou'] },
  { '==': [{ var: 's' }, { var: 's2' }] },
  { '==': ['1', 'true'] },
  { '===': [{ var: 'n1' }, 1] },
  { '===': [{ var: 'n1' }, '1'] },
  { '===': [{ var: 's' }, 'kou'] },
  { '!==': [{ var: 'n1' }, '1'] },
  { '!=': [{ var: 'n2' }, '2'] },
  { '!=': [{ var: 's' }, 'otsu'] },
  { '<': [{ var: 'n1' }, { var: 'n2' }] },
  { '<': [{ var: 'n2' }, { var: 'n1' }] },
  { '<': [{ var: 'n1' }, { var: 'n1' }] },
  { '<': [0, { var: 'half' }, 1] },
  { '<': [0, { var: 'n1' }, 1] },
  { '<=': [0, { var: 'n1' }, 1] },
  { '<=': [{ var: 'big' }, 740000] },
  { '>': [{ var: 'big' }, 739999] },
  { '>=': [{ var: 'neg' }, -3] },
  { '<': ['2026-03-31', '2026-04-01'] },
  { '<': [{ var: 'num' }, 2] },
  { '!': [{ var: 'n0' }] },
  { '!': [{ var: 'none' }] },
  { '!': [{ var: 'arr' }] },
  { '!': { var: 's' } },
  { '!': [{ var: 'empty' }] },
  { '!!': [{ var: 'nul' }] },
  { '!!': [{ var: 'num' }] },
  { '!!': ['0'] },
  { in: [{ var: 's' }, { var: 'strs' }] },
  { in: ['hei', { var: 'strs' }] },
  { in: [2, { var: 'arr' }] },
  { in: [4, { var: 'arr' }] },
  { in: ['tsu', { var: 's2' }] },
  { in: ['x', { var: 'nul' }] },
  { cat: ['a', { var: 'n1' }, '-', { var: 'half' }, { var: 't' }] },
  { cat: [{ var: 's' }, ' / ', { var: 's2' }] },
  { cat: ['x', { var: 'nul' }, 'y'] },
  { cat: 'single' },
  { missing: ['n1', 'nope', 'empty', 'nul', 'obj.a.b', 'obj.a.c'] },
  { missing: [] },
  { missing: [{ merge: [['n1', 'zz'], 'yy'] }] },
  { if: [{ missing: ['s', 's2'] }, 'incomplete', 'complete'] },
  { if: [{ missing: ['s', 'zz'] }, 'incomplete', 'complete'] },
  { map: [{ var: 'obj.list' }, { var: 'x' }] },
  { filter: [{ var: 'obj.list' }, { var: 'on' }] },
  { filter: [{ var: 'arr' }, { '>=': [{ var: '' }, 2] }] },
  { all: [{ var: 'arr' }, { '>': [{ var: '' }, 0] }] },
  { all: [{ var: 'none' }, true] },
  { some: [{ var: 'obj.list' }, { '==': [{ var: 'x' }, 5] }] },
  { none: [{ var: 'obj.list' }, { '==': [{ var: 'x' }, 4] }] },
  { merge: [{ var: 'arr' }, 4, [5, 6]] },
  { reduce: [{ var: 'arr' }, { cat: [{ var: 'accumulator' }, { var: 'current' }] }, ''] },
  { reduce: [{ var: 'obj.list' }, { or: [{ var: 'accumulator' }, { var: 'current.on' }] }, false] },
  [{ var: 's' }, 1, { '!': false }],
];

describe('conformance with json-logic-js (logic-only expressions on plain data)', () => {
  it.each(CASES.map((c) => [JSON.stringify(c), c]))('%s', (_label, expr) => {
    const expected = jsonLogic.apply(expr as never, DATA);
    expect(ours(expr, DATA)).toEqual(expected);
  });

  it('random logic-only expressions agree with jsonLogic.apply', () => {
    let seed = 20260401;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(a: T[]) => a[rnd(a.length)];
    const numVars = ['n0', 'n1', 'n2', 'half', 'neg', 'big'];
    const anyVars = [...numVars, 's', 's2', 'num', 't', 'f', 'nul', 'arr', 'none', 'nope'];
    const numTerm = (): unknown => (rnd(2) ? { var: pick(numVars) } : pick([0, 1, 2, 0.5, -3, 740000, 739999.5]));
    const anyTerm = (): unknown => (rnd(2) ? { var: pick(anyVars) } : pick([0, 1, 'kou', '1', true, false, null]));
    const gen = (depth: number): unknown => {
      if (depth === 0) return anyTerm();
      switch (rnd(10)) {
        case 0:
          return { if: [gen(depth - 1), gen(depth - 1), gen(depth - 1)] };
        case 1:
          return { and: [gen(depth - 1), gen(depth - 1)] };
        case 2:
          return { or: [gen(depth - 1), gen(depth - 1), gen(depth - 1)] };
        case 3:
          return { '!': [gen(depth - 1)] };
        case 4:
          return { [pick(['==', '!=', '===', '!=='])]: [anyTerm(), anyTerm()] };
        case 5:
          return { [pick(['<', '<=', '>', '>='])]: [numTerm(), numTerm()] };
        case 6:
          return { [pick(['<', '<='])]: [numTerm(), numTerm(), numTerm()] };
        case 7:
          return { in: [anyTerm(), { var: pick(['arr', 'strs', 's', 'none']) }] };
        case 8:
          return { cat: [anyTerm(), anyTerm()] };
        default:
          return { '!!': [gen(depth - 1)] };
      }
    };
    for (let i = 0; i < 2000; i++) {
      const expr = gen(1 + rnd(3));
      expect(ours(expr, DATA), JSON.stringify(expr)).toEqual(jsonLogic.apply(expr as never, DATA));
    }
  });
});
