/**
 * An expression compiled with its rule's slots (`var` reading a RuleScope's values directly,
 * operators/var.ts) answers as the same expression compiled without them (every var by name): over
 * scopes that take every branch, with the same values and the same errors (messages and all). A scope
 * that is not the rule's own RuleScope is read by name.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { compileExpression } from '../../engine/logic/compile.ts';
import { RuleScope, scopeIndexOf } from '../../engine/logic/rule-scope.ts';
import type { Evaluator } from '../../engine/logic/types.ts';

const NAMES = ['a', 'b', 'zero', 's', 'flag', 'obj', 'list', 'nothing'];
const index = scopeIndexOf(NAMES, []);
const ruleScope = { index, known: new Set(NAMES) };

/** Scopes by slot: decimals, a zero, a string, booleans, an object, an array, JS numbers, an unset slot. */
const SCOPES: unknown[][] = [
  [new Decimal(7), new Decimal('2.5'), new Decimal(0), 'kou', true, { x: new Decimal(3), y: { z: 4 } }, [1, 2], undefined],
  [new Decimal(-3), new Decimal(10), new Decimal(0), 'otsu', false, { x: 2 }, [], undefined],
  [5, 0.5, 0, '', null, {}, [new Decimal(1)], undefined],
  ['x', new Decimal(1), new Decimal(0), 'kou', true, null, null, undefined],
];

const v = (name: string) => ({ var: name });
const EXPRESSIONS: unknown[] = [
  v('a'),
  v('nothing'),
  { var: ['nothing', 42] },
  { var: ['obj.x', 9] },
  v('obj.y.z'),
  v('list.0'),
  { '+': [v('a'), v('b')] },
  { '+': [v('a'), v('b'), 1, v('a')] },
  { '+': [v('a')] },
  { '*': [v('a'), v('b'), 100] },
  { '-': [v('a'), v('b')] },
  { '-': [v('a')] },
  { '/': [v('a'), v('b')] },
  { '/': [v('a'), v('zero')] },
  { abs: [{ '-': [v('b'), v('a')] }] },
  { min: [v('a'), v('b'), 0] },
  { max: [v('a')] },
  { max: [0, { '-': [v('a')] }, v('b')] },
  { if: [] },
  { if: [v('a')] },
  { if: [v('flag'), 1] },
  { if: [v('flag'), v('a'), v('b')] },
  { if: [{ '>': [v('a'), 5] }, 'big', { '>': [v('a'), 0] }, 'small', 'none'] },
  { if: [v('zero'), 1, v('list'), 2] },
  { and: [v('flag'), v('a')] },
  { and: [v('a'), v('zero'), v('b')] },
  { and: [v('s')] },
  { or: [v('nothing'), v('zero'), v('s')] },
  { or: [v('flag'), { and: [v('a'), v('b')] }] },
  { '!': [v('list')] },
  { '!!': [v('s')] },
  { '==': [v('a'), '7'] },
  { '!=': [v('s'), 'kou'] },
  { '===': [v('a'), 7] },
  { '!==': [v('flag'), true] },
  { '<': [v('a'), v('b')] },
  { '<=': [0, v('a'), 10] },
  { '>': [v('s'), 'l'] },
  { '>=': [v('b'), v('a'), v('zero')] },
  { round: ['floor_yen', { '*': [v('a'), v('b')] }] },
  { round: ['round_50_sen_or_less_down_over_50_sen_up_to_yen', v('b')] },
  [v('a'), 1, { '+': [v('b'), 1] }],
  [],
  // operators that scope their operands, inside and around the others
  { count: [v('list')] },
  { '+': [{ count: [v('list')] }, v('a')] },
  { map: [v('list'), { '*': [{ var: '' }, 2] }] },
];

const compile = (expr: unknown) => compileExpression(expr, 'rules/x.yaml /expression', { ruleScope });
/** as a pipeline's expressions are compiled: no rule scope, read by name (over the context, or any scope) */
const compileFree = (expr: unknown) => compileExpression(expr, 'rules/x.yaml /expression');
const scopeOf = (values: unknown[], names: ReadonlyMap<string, number> = index) => new RuleScope(values, names);

/** The answer or the error's message, in a form toEqual compares (Decimals as their text). */
function outcome(f: Evaluator, scope: unknown): unknown {
  try {
    return settle(f(scope as never));
  } catch (e) {
    return { error: (e as Error).message };
  }
}
function settle(x: unknown): unknown {
  if (Decimal.isDecimal(x)) return { decimal: (x as Decimal).toString() };
  if (Array.isArray(x)) return x.map(settle);
  return x;
}

describe("an expression over its rule's slots", () => {
  it('answers as the expression read by name, every operator, errors included', () => {
    let errors = 0;
    for (const expr of EXPRESSIONS) {
      const [bySlot, free] = [compile(expr), compileFree(expr)];
      for (const values of SCOPES) {
        const want = outcome(bySlot, scopeOf(values));
        if ((want as { error?: string })?.error) errors++;
        const byName = Object.fromEntries(NAMES.map((n, i) => [n, values[i]]).filter(([, x]) => x !== undefined));
        expect(outcome(free, byName), JSON.stringify(expr)).toEqual(want);
        expect(outcome(free, scopeOf(values)), JSON.stringify(expr)).toEqual(want);
        expect(outcome(bySlot, byName), JSON.stringify(expr)).toEqual(want);
      }
    }
    // the scopes reach the operators' errors too (a string where a number is taken, division by zero...)
    expect(errors).toBeGreaterThan(20);
  });

  it("reads a scope that is not the rule's own RuleScope by name", () => {
    const f = compile({ '-': [v('a'), v('b')] });
    expect(String(f({ a: new Decimal(1), b: new Decimal(2) } as never))).toBe('-1');
    // another rule's scope, its slots in another order: read by name (a = 6, b = 5), not by this rule's slots
    const other = scopeOf([new Decimal(5), new Decimal(6)], scopeIndexOf(['b', 'a'], []));
    expect(String(f(other as never))).toBe('1');
    expect(String(f(scopeOf([new Decimal(1), new Decimal(4)]) as never))).toBe('-3');
  });
});
