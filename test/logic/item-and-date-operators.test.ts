/** The generic operators the year-end adjustment needed: age_at, count, field, map_each, filter_each. */
import { describe, expect, it } from 'vitest';
import { compileExpression, variablesOf } from '../../engine/logic/compile.ts';
import { itemScope, itemScopeNames } from '../../engine/logic/item-scope.ts';
import { ageAt } from '../../engine/logic/operators/age-at.ts';
import { RuleScope, scopeIndexOf } from '../../engine/logic/rule-scope.ts';
import { serializeValue } from '../../engine/logic/serialize.ts';
import { D, run } from './helpers.ts';

describe('age_at (年齢計算ニ関スル法律: a year is attained at the end of the day before the birthday)', () => {
  it('counts completed years on the day after the date', () => {
    expect(ageAt('2008-01-01', '2026-12-31')).toBe(19); // the birthday eve is 12-31: already 19
    expect(ageAt('2008-01-02', '2026-12-31')).toBe(18);
    expect(ageAt('2004-01-01', '2026-12-31')).toBe(23);
    expect(ageAt('2004-01-02', '2026-12-31')).toBe(22);
    expect(ageAt('1990-06-15', '2026-06-13')).toBe(35);
    expect(ageAt('1990-06-15', '2026-06-14')).toBe(36); // the eve of the birthday
    expect(ageAt('2026-12-31', '2026-12-31')).toBe(0);
  });
  it('29 February: a year is gained at the end of 28 February in a common year, of 28 February in a leap year too', () => {
    expect(ageAt('2000-02-29', '2001-02-27')).toBe(0);
    expect(ageAt('2000-02-29', '2001-02-28')).toBe(1);
    expect(ageAt('2000-02-29', '2004-02-28')).toBe(4);
    expect(ageAt('2000-02-29', '2004-02-27')).toBe(3);
  });
  it('agrees with the Date-based count on every day of 2023-2025 and around the year 2100, for births at month ends and 29 February', () => {
    const byDate = (birth: string, asOf: string) => {
      const d = new Date(`${asOf}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 1);
      const next = d.toISOString().slice(0, 10);
      if (birth > next) return 'after';
      const [by, bm, bd] = birth.split('-').map(Number);
      const [ny, nm, nd] = next.split('-').map(Number);
      return ny - by - (nm < bm || (nm === bm && nd < bd) ? 1 : 0);
    };
    const births = [
      '1950-01-01',
      '1960-02-29',
      '1988-02-28',
      '2000-02-29',
      '2004-03-01',
      '2010-12-31',
      '2023-06-30',
      '2024-02-29',
      '2025-12-31',
      '2026-01-01',
      '2099-02-28',
      '2100-03-01',
    ];
    const day = new Date(Date.UTC(2023, 0, 1));
    const days: string[] = [];
    for (; day.getUTCFullYear() < 2026; day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
    days.push('2100-02-27', '2100-02-28', '2100-03-01', '2099-12-31');
    for (const asOf of days) {
      for (const birth of births) {
        const expected = byDate(birth, asOf);
        if (expected === 'after') expect(() => ageAt(birth, asOf), `${birth} ${asOf}`).toThrow(/after/);
        else expect(ageAt(birth, asOf), `${birth} ${asOf}`).toBe(expected);
      }
    }
  });
  it('as an operator: Decimal years; a birth after the date or a non-date is an error', () => {
    expect(run({ age_at: [{ var: 'b' }, { var: 'd' }] }, { b: '2011-01-01', d: '2026-12-31' })).toBe(16);
    expect(() => run({ age_at: [{ var: 'b' }, { var: 'd' }] }, { b: '2027-01-02', d: '2026-12-31' })).toThrow(/after/);
    expect(() => run({ age_at: [{ var: 'b' }, { var: 'd' }] }, { b: 'x', d: '2026-12-31' })).toThrow(/YYYY-MM-DD/);
  });
});

describe('count and field', () => {
  it('count: the number of items; null -> 0; a non-array is an error', () => {
    expect(run({ count: { var: 'xs' } }, { xs: [1, 2, 3] })).toBe(3);
    expect(run({ count: { var: 'xs' } }, {})).toBe(0);
    expect(() => run({ count: { var: 's' } }, { s: 'abc' })).toThrow(/array/);
  });
  it('field: a named field of a computed object, null when absent', () => {
    expect(run({ field: [{ var: 'row' }, { cat: ['elderly_', { var: 'c' }] }] }, { row: { a: 1, elderly_a: 2 }, c: 'a' })).toBe(2);
    expect(run({ field: [{ var: 'row' }, 'zz'] }, { row: { a: 1 } })).toBe(null);
    expect(run({ field: [{ var: 'row' }, 'toString'] }, { row: {} })).toBe(null);
    expect(run({ field: [null, 'a'] }, {})).toBe(null);
  });
});

describe('map_each / filter_each: the item beside the rule scope', () => {
  const scope = { limit: 620000, people: [{ income: 620000 }, { income: 620001 }, { income: 0 }] };
  it('filter_each compares each item with a value of the outer scope', () => {
    expect(run({ count: { filter_each: [{ var: 'people' }, { '<=': [{ var: 'item.income' }, { var: 'limit' }] }] } }, scope)).toBe(2);
    // plain map sees the item only: the outer limit is not visible there
    expect(run({ map: [{ var: 'people' }, { var: 'limit' }] }, scope)).toEqual([null, null, null]);
  });
  it('map_each maps with both; nested, the inner item wins', () => {
    expect(run({ map_each: [{ var: 'people' }, { '-': [{ var: 'limit' }, { var: 'item.income' }] }] }, scope)).toEqual([0, -1, 620000]);
    expect(
      run(
        { map_each: [{ var: 'xs' }, { map_each: [{ var: 'ys' }, { '+': [{ var: 'item' }, { var: 'k' }] }] }] },
        { xs: [1], ys: [10, 20], k: 1 },
      ),
    ).toEqual([[11, 21]]);
    expect(run({ map_each: [{ var: 'none' }, 1] }, {})).toEqual([]);
  });
  it('the loader sees the outer variables of the expression, not item.*', () => {
    expect(variablesOf({ filter_each: [{ var: 'people' }, { '<=': [{ var: 'item.income' }, { var: 'limit' }] }] })).toEqual([
      'people',
      'limit',
    ]);
    expect(variablesOf({ map_each: [{ var: 'xs' }, { map: [{ var: 'item.ys' }, { var: 'inner_only' }] }] })).toEqual(['xs']);
  });
});

describe("map_each / filter_each over a rule's RuleScope: the item in a slot of its own", () => {
  const names = ['limit', 'people', 'xs', 'ys'];
  const index = scopeIndexOf(names, []);
  const ruleScope = { index, known: new Set(names) };
  const values = [D(620000), [{ income: D(620000) }, { income: D(620001) }, { income: D(0) }], [D(1), D(2)], [D(10), D(20)]];
  const byName = Object.fromEntries(names.map((n, i) => [n, values[i]]));
  const cases: [unknown, unknown][] = [
    [{ count: { filter_each: [{ var: 'people' }, { '<=': [{ var: 'item.income' }, { var: 'limit' }] }] } }, 2],
    [{ map_each: [{ var: 'people' }, { '-': [{ var: 'limit' }, { var: 'item.income' }] }] }, [0, -1, 620000]],
    // nested under the same name, the inner item wins; under another name, both are seen
    [
      { map_each: [{ var: 'xs' }, { map_each: [{ var: 'ys' }, { '+': [{ var: 'item' }, { var: 'limit' }] }] }] },
      [
        [620010, 620020],
        [620010, 620020],
      ],
    ],
    [
      { map_each: [{ var: 'xs' }, { map_each: [{ var: 'ys' }, { '*': [{ var: 'x' }, { var: 'item' }] }] }, 'x'] },
      [
        [10, 20],
        [20, 40],
      ],
    ],
  ];
  it('answers as over the same values by name', () => {
    for (const [expr, want] of cases) {
      const f = compileExpression(expr, 'rules/x.yaml /expression', { ruleScope });
      expect(serializeValue(f(new RuleScope([...values], index) as never)), JSON.stringify(expr)).toEqual(want);
      expect(serializeValue(f(byName as never)), JSON.stringify(expr)).toEqual(want);
    }
    // the whole scope inside: the rule's names and each item
    const whole = compileExpression({ map_each: [{ var: 'xs' }, { var: '' }] }, 'rules/x.yaml /expression', { ruleScope });
    const named = serializeValue(byName as never) as object;
    expect(serializeValue(whole(new RuleScope([...values], index) as never))).toEqual([
      { ...named, item: 1 },
      { ...named, item: 2 },
    ]);
  });
  it("runs the operand over a RuleScope of the rule's values and the item, the rule's own scope left as it was", () => {
    const scope = new RuleScope([...values], index);
    const inner = itemScope(ruleScope, 'item')(scope as never)('first') as unknown as RuleScope;
    expect(inner).toBeInstanceOf(RuleScope);
    expect(inner.index).toBe(itemScopeNames(ruleScope, [])!.index);
    expect(inner.values).toEqual([...values, 'first']);
    expect(inner.get('item')).toBe('first');
    expect(scope.values).toHaveLength(4);
    // a scope that is not this rule's: a copy by name with the item set
    expect(itemScope(ruleScope, 'item')({ limit: 1 })('x')).toEqual({ limit: 1, item: 'x' });
    expect(itemScopeNames(ruleScope, [null, null, 'Not-a-name'])).toBeUndefined();
  });
});
