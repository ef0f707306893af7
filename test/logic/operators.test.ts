import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { EngineError } from '../../engine/errors.ts';
import { D, errorOf, evalRaw, run } from './helpers.ts';

describe('var', () => {
  const scope = {
    a: { b: [{ c: 7 }, { c: D('1.5') }] },
    zero: 0,
    nul: null,
    s: 'text',
    dec: D('0.0985'),
    flag: false,
  };
  it('dotted paths, numeric segments index arrays, JS numbers come back as Decimal', () => {
    expect(run({ var: 'a.b.1.c' }, scope)).toBe('1.5');
    const v = evalRaw({ var: 'a.b.0.c' }, scope);
    expect(v).toBeInstanceOf(Decimal);
    expect((v as Decimal).toNumber()).toBe(7);
    expect(run({ var: ['a.b.0.c'] }, scope)).toBe(7);
    expect(run({ var: 'dec' }, scope)).toBe('0.0985');
    expect(run({ var: 's' }, scope)).toBe('text');
    expect(run({ var: 'flag' }, scope)).toBe(false);
  });
  it('missing -> null, or the default; a present null stays null; falsy values are found', () => {
    expect(run({ var: 'nope' }, scope)).toBe(null);
    expect(run({ var: 'a.x.y' }, scope)).toBe(null);
    expect(run({ var: 'a.b.5.c' }, scope)).toBe(null);
    expect(run({ var: 'a.b.first' }, scope)).toBe(null);
    expect(run({ var: 'dec.d' }, scope)).toBe(null); // never walks into a Decimal's internals
    expect(run({ var: 's.length' }, scope)).toBe(null);
    expect(run({ var: ['nope', 42] }, scope)).toBe(42);
    expect(run({ var: ['a.x', { '+': [1, 2] }] }, scope)).toBe(3);
    expect(run({ var: ['nul', 5] }, scope)).toBe(null);
    expect(run({ var: ['zero', 5] }, scope)).toBe(0);
    expect(run({ var: 'toString' }, scope)).toBe(null); // no prototype properties
  });
  it('"" is the whole scope', () => {
    expect(run({ var: '' }, { x: 1 })).toEqual({ x: 1 });
  });
});

describe('if / and / or / ! / !!', () => {
  it('if chains', () => {
    const e = { if: [{ '<': [{ var: 'x' }, 10] }, 'small', { '<': [{ var: 'x' }, 100] }, 'medium', 'large'] };
    expect(run(e, { x: 5 })).toBe('small');
    expect(run(e, { x: 50 })).toBe('medium');
    expect(run(e, { x: 500 })).toBe('large');
    expect(run({ if: [false, 1] })).toBe(null);
    expect(run({ if: [] })).toBe(null);
    expect(run({ if: ['only'] })).toBe('only');
    expect(run({ '?:': [true, 1, 2] })).toBe(1);
  });
  it('is lazy: the branch not taken is not evaluated', () => {
    expect(run({ if: [true, 1, { '/': [1, 0] }] })).toBe(1);
    expect(run({ and: [false, { '/': [1, 0] }] })).toBe(false);
    expect(run({ or: [1, { '/': [1, 0] }] })).toBe(1);
  });
  it('Decimal zero and empty arrays are falsy; "0" and objects are truthy', () => {
    expect(run({ '!': [{ var: 'z' }] }, { z: D(0) })).toBe(true);
    expect(run({ '!': [D('0.00')] })).toBe(true);
    expect(run({ '!!': [D('0.01')] })).toBe(true);
    expect(run({ '!!': [[]] })).toBe(false);
    expect(run({ '!!': [[0]] })).toBe(true);
    expect(run({ '!!': ['0'] })).toBe(true);
    expect(run({ '!!': [''] })).toBe(false);
    expect(run({ '!!': [{ var: 'o' }] }, { o: {} })).toBe(true);
    expect(run({ '!': null })).toBe(true);
    expect(run({ and: [1, 0, 2] })).toBe(0);
    expect(run({ and: [1, 'a'] })).toBe('a');
    expect(run({ or: [0, '', 'x'] })).toBe('x');
    expect(run({ or: [0, false] })).toBe(false);
  });
});

describe('equality', () => {
  it('Decimal vs Decimal by value', () => {
    expect(run({ '==': [{ var: 'a' }, { var: 'b' }] }, { a: D('1.50'), b: D('1.5') })).toBe(true);
    expect(run({ '===': [{ var: 'a' }, 1.5] }, { a: D('1.500') })).toBe(true);
    expect(run({ '!==': [{ var: 'a' }, 1.5] }, { a: D('1.500') })).toBe(false);
    expect(run({ '!=': [1, 2] })).toBe(true);
  });
  it('Decimal vs numeric string only for ==', () => {
    expect(run({ '==': [1.5, '1.50'] })).toBe(true);
    expect(run({ '==': ['2', 2] })).toBe(true);
    expect(run({ '===': [1.5, '1.5'] })).toBe(false);
    expect(run({ '!==': [1.5, '1.5'] })).toBe(true);
    expect(run({ '!=': [1.5, '1.5'] })).toBe(false);
    expect(run({ '==': [1, 'one'] })).toBe(false);
  });
  it('null, booleans, strings', () => {
    expect(run({ '==': [null, null] })).toBe(true);
    expect(run({ '==': [{ var: 'missing' }, null] })).toBe(true);
    expect(run({ '==': [null, 0] })).toBe(false);
    expect(run({ '==': [true, 1] })).toBe(true);
    expect(run({ '==': [false, 0] })).toBe(true);
    expect(run({ '===': [true, 1] })).toBe(false);
    expect(run({ '===': ['kou', 'kou'] })).toBe(true);
    expect(run({ '==': ['kou', 'otsu'] })).toBe(false);
  });
});

describe('ordering', () => {
  it('Decimal compare, no float error', () => {
    expect(run({ '<': [{ '+': [0.1, 0.2] }, 0.3] })).toBe(false);
    expect(run({ '<=': [{ '+': [0.1, 0.2] }, 0.3] })).toBe(true);
    expect(run({ '>': [740000, 739999.99] })).toBe(true);
    expect(run({ '>=': [740000, 740000] })).toBe(true);
    expect(run({ '<': ['99', 100] })).toBe(true); // numeric strings count as numbers
  });
  it('three-operand between form', () => {
    expect(run({ '<': [1, { var: 'x' }, 3] }, { x: 2 })).toBe(true);
    expect(run({ '<': [1, { var: 'x' }, 3] }, { x: 3 })).toBe(false);
    expect(run({ '<=': [1, { var: 'x' }, 3] }, { x: 3 })).toBe(true);
    expect(run({ '>': [3, { var: 'x' }, 1] }, { x: 2 })).toBe(true);
    expect(run({ '>=': [3, { var: 'x' }, 1] }, { x: 0 })).toBe(false);
  });
  it('strings compare lexicographically (ISO dates)', () => {
    expect(run({ '<': ['2026-03-31', '2026-04-01'] })).toBe(true);
    expect(run({ '>=': [{ var: 'd' }, '2026-04-01'] }, { d: '2026-04-01' })).toBe(true);
  });
  it('mixed or null operands are a rule bug', () => {
    expect(errorOf(() => run({ '<': [{ var: 'x' }, 1] })).message).toContain('operator "<" compares null with the number 1');
    expect(errorOf(() => run({ '>': ['abc', 1] })).message).toContain('operator ">"');
  });
});

describe('in / cat / missing', () => {
  it('in', () => {
    expect(run({ in: ['kou', ['kou', 'otsu']] })).toBe(true);
    expect(run({ in: ['hei', ['kou', 'otsu']] })).toBe(false);
    expect(run({ in: [2, [1, 2.0, 3]] })).toBe(true);
    expect(run({ in: [{ var: 'n' }, [1, 2]] }, { n: D('2.00') })).toBe(true);
    expect(run({ in: ['2', [1, 2]] })).toBe(false);
    expect(run({ in: ['ring', 'Springfield'] })).toBe(true);
    expect(run({ in: ['x', null] })).toBe(false);
  });
  it('cat', () => {
    expect(run({ cat: ['rate ', 0.0985, ' for ', { var: 'n' }, null, true] }, { n: D('1.50') })).toBe('rate 0.0985 for 1.5true');
    expect(run({ cat: 'only' })).toBe('only');
  });
  it('missing', () => {
    expect(run({ missing: ['a', 'b.c', 'd', 'e'] }, { a: 1, b: { c: null }, d: '', e: 0 })).toEqual(['b.c', 'd']);
    expect(run({ missing: [['x', 'y']] }, { y: 1 })).toEqual(['x']);
  });
});

describe('arithmetic over Decimal', () => {
  it('+ - * / are exact', () => {
    expect(run({ '+': [0.1, 0.2, 0.3] })).toBe('0.6');
    expect(run({ '+': [5] })).toBe(5);
    expect(run({ '-': [10, 0.01] })).toBe('9.99');
    expect(run({ '-': [{ var: 'x' }] }, { x: 3 })).toBe(-3);
    expect(run({ '*': [2, 3, 4] })).toBe(24);
    expect(run({ '*': [300000, 0.0985] })).toBe(29550);
    expect(run({ '/': [1, 4] })).toBe('0.25');
    const third = evalRaw({ '/': [1, 3] }) as Decimal;
    expect(third.precision()).toBe(50);
    expect(run({ '*': [{ '/': [1, 3] }, 3] })).toBe('0.' + '9'.repeat(50)); // carried at precision 50 ...
    expect(run({ round: ['floor_yen', { '*': [{ '/': [1, 3] }, 3] }] })).toBe(1); // ... and made exact by the snap
  });
  it('huge integers stay exact (and serialize as strings beyond 2^53)', () => {
    expect(run({ '*': [{ var: 'x' }, 10] }, { x: D('9007199254740993') })).toBe('90071992547409930');
  });
  it('min / max / abs / clamp', () => {
    expect(run({ min: [3, 1.5, 2] })).toBe('1.5');
    expect(run({ max: [-1, { var: 'x' }, 0] }, { x: -5 })).toBe(0);
    expect(run({ max: [7] })).toBe(7);
    expect(run({ abs: -2.5 })).toBe('2.5');
    expect(run({ clamp: [50000, 88000, 650000] })).toBe(88000);
    expect(run({ clamp: [700000, 88000, 650000] })).toBe(650000);
    expect(run({ clamp: [300000, 88000, 650000] })).toBe(300000);
    expect(errorOf(() => run({ clamp: [1, 5, 2] })).message).toContain('min 5 is above max 2');
  });
  it('round applies the named rule', () => {
    expect(run({ round: ['floor_yen', { '+': [{ '*': [40000, 0.33693] }, 121820] }] })).toBe(135297);
    expect(run({ round: ['round_50_sen_or_less_down_over_50_sen_up_to_yen', 2856.5] })).toBe(2856);
    expect(run({ round: ['round_half_up_to_10_yen', 4465] })).toBe(4470);
    expect(run({ round: ['ceil_yen', { '/': [{ '*': [{ '/': [250000, 173.8] }, 2607] }, 60] }] })).toBe(62500);
  });
});

describe('arrays', () => {
  const items = [
    { code: 'A', amount: 1000, taxable: true, x: 1 },
    { code: 'B', amount: D('250.5'), taxable: false },
    { code: 'C', amount: 300, taxable: true, metadata: { k: 'v' } },
  ];
  it('map / filter with the item as scope', () => {
    expect(run({ map: [{ var: 'items' }, { var: 'code' }] }, { items })).toEqual(['A', 'B', 'C']);
    expect(run({ map: [{ var: 'nums' }, { '*': [{ var: '' }, 2] }] }, { nums: [1, 2.5] })).toEqual([2, 5]);
    expect((run({ filter: [{ var: 'items' }, { var: 'taxable' }] }, { items }) as any[]).map((i: any) => i.code)).toEqual(['A', 'C']);
    expect(run({ map: [{ var: 'none' }, 1] })).toEqual([]);
    expect(run({ filter: ['str', true] })).toEqual([]);
  });
  it('reduce sees {current, accumulator}', () => {
    expect(run({ reduce: [{ var: 'nums' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 0] }, { nums: [1, 2, 3.5] })).toBe('6.5');
    expect(run({ reduce: [{ var: 'nums' }, { var: 'current' }] }, { nums: [] })).toBe(null);
    expect(run({ reduce: [null, { var: 'current' }, 9] })).toBe(9);
  });
  it('all / some / none', () => {
    expect(run({ all: [[1, 2], { '>': [{ var: '' }, 0] }] })).toBe(true);
    expect(run({ all: [[], true] })).toBe(false);
    expect(run({ some: [[0, 2], { var: '' }] })).toBe(true);
    expect(run({ some: [[], true] })).toBe(false);
    expect(run({ none: [[0, 0], { var: '' }] })).toBe(true);
    expect(run({ none: [[], true] })).toBe(true);
    expect(run({ none: [[0, 1], { var: '' }] })).toBe(false);
  });
  it('merge', () => {
    expect(run({ merge: [[1, 2], 3, [[4]]] })).toEqual([1, 2, 3, [4]]);
    expect(run({ merge: [] })).toEqual([]);
  });
  it('sum_by with and without a flag', () => {
    expect(run({ sum_by: [{ var: 'items' }, 'amount'] }, { items })).toBe('1550.5');
    expect(run({ sum_by: [{ var: 'items' }, 'amount', 'taxable'] }, { items })).toBe(1300);
    expect(run({ sum_by: [{ var: 'items' }, 'amount', 'x'] }, { items })).toBe(0); // x: 1 is not === true
    expect(run({ sum_by: [[], 'amount'] })).toBe(0);
    expect(run({ sum_by: [{ var: 'absent' }, 'amount'] })).toBe(0);
    expect(errorOf(() => run({ sum_by: [{ var: 'l' }, 'amount'] }, { l: [{ amount: 'x' }] })).message).toContain(
      'item 0 field "amount" is the string "x"',
    );
    expect(errorOf(() => run({ sum_by: [{ var: 'l' }, 'amount'] }, { l: [{}] })).message).toContain('item 0 field "amount" is undefined');
    expect(errorOf(() => run({ sum_by: [5, 'amount'] })).message).toContain('needs an array');
  });
  it('project keeps exactly the fields, in order, missing -> null', () => {
    expect(run({ project: [{ var: 'items' }, ['code', 'amount', 'metadata']] }, { items })).toEqual([
      { code: 'A', amount: 1000, metadata: null },
      { code: 'B', amount: '250.5', metadata: null },
      { code: 'C', amount: 300, metadata: { k: 'v' } },
    ]);
    const out = evalRaw({ project: [{ var: 'items' }, ['amount']] }, { items }) as any[];
    expect(out[0].amount).toBeInstanceOf(Decimal);
    expect(Object.keys(out[0])).toEqual(['amount']);
    expect(run({ project: [{ var: 'nothing' }, ['a']] })).toEqual([]);
  });
});

describe('require / fail_if', () => {
  it('require returns the value or throws the typed error', () => {
    expect(run({ require: [{ var: 'x' }, 'settings_not_resolved', 'no rate'] }, { x: 0 })).toBe(0);
    const e = errorOf(() => run({ require: [{ var: 'x' }, 'settings_not_resolved', 'no rate'] }, {}));
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('settings_not_resolved');
    expect(e.message).toBe('no rate');
  });
  it('fail_if', () => {
    expect(run({ fail_if: [{ '<': [{ var: 'g' }, 0] }, 'negative_gross_payment', 'gross is negative'] }, { g: 1 })).toBe(null);
    const e = errorOf(() => run({ fail_if: [{ '<': [{ var: 'g' }, 0] }, 'negative_gross_payment', 'gross is negative'] }, { g: -1 }));
    expect((e as EngineError).code).toBe('negative_gross_payment');
  });
});
