/**
 * What an expression can yield as far as its form tells (engine/logic/result-kinds.ts), one row per
 * form: literals, operators of a fixed kind, if's branches (null with no else), and/or's operands,
 * bindings by name, and unknown wherever the form cannot tell.
 */
import { describe, expect, it } from 'vitest';
import { resultKinds, type Kinds } from '../../engine/logic/result-kinds.ts';

const bindings = new Map<string, Kinds>([
  ['label', new Set(['string'])],
  ['amount', new Set(['number'])],
]);

/** [expression, the kinds, sorted] */
const CASES: [unknown, string[]][] = [
  [0, ['number']],
  ['flags', ['string']],
  [true, ['boolean']],
  [null, ['null']],
  [{ '*': [{ var: 'base' }, { var: 'rate' }] }, ['number']],
  [{ max: [{ var: 'a' }, 0] }, ['number']],
  [{ '>=': [{ var: 'a' }, 0] }, ['boolean']],
  [{ '!': [{ var: 'a' }] }, ['boolean']],
  [{ cat: ['a', { var: 'b' }] }, ['string']],
  [{ if: [{ var: 'c' }, 1, 0] }, ['number']],
  [{ if: [{ var: 'c' }, 1, 'none'] }, ['number', 'string']],
  [{ if: [{ var: 'c' }, 1] }, ['null', 'number']],
  [{ if: [{ var: 'c' }, 1, { var: 'd' }, true, 0] }, ['boolean', 'number']],
  [{ if: [] }, ['null']],
  [{ or: [{ var: 'a' }, 0] }, ['number', 'unknown']],
  [{ and: [false, 'x'] }, ['boolean', 'string']],
  [{ var: 'label' }, ['string']],
  [{ var: 'amount' }, ['number']],
  [{ var: 'base' }, ['unknown']],
  [{ var: 'label.length' }, ['unknown']],
  [{ range_lookup: [{ var: 't' }, { var: 'x' }] }, ['unknown']],
  [[1, 2], ['unknown']],
  [{ a: 1, b: 2 }, ['unknown']],
];

describe('resultKinds', () => {
  it.each(CASES)('%j yields %j', (expr, kinds) => {
    expect([...resultKinds(expr, bindings)].sort()).toEqual(kinds);
  });
});
