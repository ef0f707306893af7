/**
 * What an expression can yield as far as its form tells (engine/logic/result-kinds.ts), one row per
 * form: literals, operators of a fixed kind, if's branches (null with no else), and/or's operands,
 * bindings by name, and unknown wherever the form cannot tell; then the operands taken as numbers that
 * can yield a string or a boolean, by JSON pointer.
 */
import { describe, expect, it } from 'vitest';
import { numberOperandProblems, resultKinds, type Kinds } from '../../engine/logic/result-kinds.ts';

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

/** [expression, the problems as [JSON pointer, message]] */
const OPERANDS: [unknown, [string, string][]][] = [
  [{ '*': [{ var: 'a' }, 'x'] }, [['/expression/*/1', 'operand 2 of "*" can yield string where it takes a number']]],
  [
    { '/': [{ var: 'a' }, { if: [{ var: 'c' }, 2, true] }] },
    [['/expression/~1/1', 'operand 2 of "/" can yield boolean where it takes a number']],
  ],
  [{ round: ['floor_yen', 'x'] }, [['/expression/round/1', 'operand 2 of "round" can yield string where it takes a number']]],
  [{ abs: 'x' }, [['/expression/abs', 'operand 1 of "abs" can yield string where it takes a number']]],
  [
    { if: [{ var: 'c' }, { '+': [1, { var: 'label' }] }, 0] },
    [['/expression/if/1/+/1', 'operand 2 of "+" can yield string where it takes a number']],
  ],
  [{ max: [{ '>': [{ var: 'a' }, 0] }, 0] }, [['/expression/max/0', 'operand 1 of "max" can yield boolean where it takes a number']]],
  // null is "not applicable", read under the same condition that made it: not refused
  [{ '-': [{ var: 'a' }, { if: [{ var: 'c' }, 1] }] }, []],
  [{ round: ['floor_yen', { '*': [{ var: 'amount' }, 2] }] }, []],
  [
    { range_lookup: [{ var: 'grades' }, { if: [{ var: 'c' }, { var: 'a' }, 'none'] }] },
    [['/expression/range_lookup/1', 'operand 2 of "range_lookup" can yield string where it takes a number']],
  ],
  [
    { bracket_formula: [{ var: 't' }, { '>': [{ var: 'a' }, 0] }, 'kou', 0] },
    [['/expression/bracket_formula/1', 'operand 2 of "bracket_formula" can yield boolean where it takes a number']],
  ],
  // an item's scope: not followed
  [{ map: [{ var: 'xs' }, { '*': [{ var: 'x' }, 'y'] }] }, []],
  [{ cat: ['a', { '*': [1, 2] }] }, []],
];

describe('numberOperandProblems', () => {
  it.each(OPERANDS)('%j', (expr, problems) => {
    expect(numberOperandProblems(expr, bindings, '/expression').map((p) => [p.path, p.message])).toEqual(problems);
  });
});
