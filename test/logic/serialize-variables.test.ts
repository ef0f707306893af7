import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { serializeValue, toDecString } from '../../engine/logic/serialize.ts';
import { rootVariablesOf, variablesOf } from '../../engine/logic/variables.ts';
import { compileExpression } from '../../engine/logic/compile.ts';

const D = (v: string | number) => new Decimal(String(v));

describe('serializeValue', () => {
  it('Decimal integers -> JSON numbers (safe integers), others -> plain decimal strings without trailing zeros', () => {
    expect(serializeValue(D('62500'))).toBe(62500);
    expect(serializeValue(D('62500.000'))).toBe(62500);
    expect(serializeValue(D('-3'))).toBe(-3);
    expect(serializeValue(D('-0'))).toBe(0);
    expect(Object.is(serializeValue(D('-0')), 0)).toBe(true);
    expect(serializeValue(D('0.0985'))).toBe('0.0985');
    expect(serializeValue(D('0.09850'))).toBe('0.0985');
    expect(serializeValue(D('1e-7'))).toBe('0.0000001');
    expect(serializeValue(D('1.5e-25'))).toBe('0.00000000000000000000000015');
    expect(serializeValue(D('123456789012345678901234567890'))).toBe('123456789012345678901234567890');
    expect(serializeValue(D('9007199254740991'))).toBe(9007199254740991);
    expect(serializeValue(D('9007199254740992'))).toBe('9007199254740992');
    expect(serializeValue(D('135297.2'))).toBe('135297.2');
  });
  it('recurses into arrays and objects; keeps strings, booleans, null; undefined -> null', () => {
    expect(serializeValue({ a: [D(1), D('0.5'), 'x', true, null, { b: D('2.50') }], u: undefined, n: 3 })).toEqual({
      a: [1, '0.5', 'x', true, null, { b: '2.5' }],
      u: null,
      n: 3,
    });
  });
  it('a value computed at precision 50 serializes its full digits', () => {
    const third = compileExpression({ '/': [1, 3] }, 't')({});
    expect(serializeValue(third)).toBe('0.' + '3'.repeat(50));
  });
});

describe('toDecString', () => {
  it('rounds half up to maxFractionDigits and strips trailing zeros', () => {
    expect(toDecString(D(250000).div('173.8'), 10)).toBe('1438.4349827388');
    expect(toDecString(D('1.00000000005'), 10)).toBe('1.0000000001');
    expect(toDecString(D('1.00000000004'), 10)).toBe('1');
    expect(toDecString(D('2.50'), 10)).toBe('2.5');
    expect(toDecString(D('1e-12'), 10)).toBe('0');
    expect(toDecString(D('-1e-12'), 10)).toBe('0');
    expect(toDecString(D('-2.25'), 1)).toBe('-2.3');
    expect(toDecString(D('1e21'), 2)).toBe('1000000000000000000000');
  });
});

describe('variablesOf', () => {
  it('collects the var paths of the rule scope, once, in order', () => {
    expect(variablesOf({ '+': [{ var: 'a' }, { '*': [{ var: 'b.c' }, { var: 'a' }] }] })).toEqual(['a', 'b.c']);
    expect(variablesOf({ var: ['x', 0] })).toEqual(['x']);
    expect(variablesOf({ var: 'only' })).toEqual(['only']);
    expect(variablesOf(5)).toEqual([]);
    expect(variablesOf(null)).toEqual([]);
  });
  it('answers once per expression object: the same frozen list when asked again, a fresh walk for an equal copy', () => {
    const expr = { '-': [{ var: 'gross' }, { var: 'employee.deduction' }] };
    const first = variablesOf(expr);
    expect(first).toEqual(['gross', 'employee.deduction']);
    expect(Object.isFrozen(first)).toBe(true);
    expect(variablesOf(expr)).toBe(first);
    const copy = structuredClone(expr);
    expect(variablesOf(copy)).not.toBe(first);
    expect(variablesOf(copy)).toEqual(first);
  });
  it('walks array literals (json-logic-js uses_data alone does not)', () => {
    expect(variablesOf([{ var: 'a' }, [{ var: 'b' }]])).toEqual(['a', 'b']);
    expect(variablesOf({ in: [{ var: 'code' }, ['x', { var: 'other' }]] })).toEqual(['code', 'other']);
  });
  it('vars inside the default of var are collected too', () => {
    expect(variablesOf({ var: ['x', { var: 'fallback' }] })).toEqual(['x', 'fallback']);
  });
  it('ignores the item-scoped expression of map/filter/reduce/all/some/none', () => {
    const expr = {
      '+': [
        { sum_by: [{ var: 'items' }, 'amount', 'taxable'] },
        {
          reduce: [
            { map: [{ var: 'allowances' }, { var: 'amount' }] },
            { '+': [{ var: 'current' }, { var: 'accumulator' }] },
            { var: 'start' },
          ],
        },
        { if: [{ some: [{ var: 'flags' }, { var: 'on' }] }, 1, 0] },
        { max: [{ filter: [{ var: 'xs' }, { var: 'y' }] }, 0] },
      ],
    };
    expect(variablesOf(expr)).toEqual(['items', 'allowances', 'start', 'flags', 'xs']);
  });
  it('rootVariablesOf gives the first segments', () => {
    expect(rootVariablesOf({ '+': [{ var: 'employee.a' }, { var: 'employee.b' }, { var: 'rate' }] })).toEqual(['employee', 'rate']);
  });
});
