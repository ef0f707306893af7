/**
 * A rule's expression as one generated function (engine/logic/emit.ts) answers as the closures answer:
 * each operator that emits, over scopes that take every branch, with the same values and the same
 * errors (messages and all), compiled once with code generation and once with PAYROLL_CODEGEN=off.
 * Also: a scope that is not the rule's own RuleScope is answered by the closures; an expression that
 * is only calls of closures is not generated.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { scopeIndexOf } from '../../engine/logic/rule-scope.ts';
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
  // an operator without emit inside and around ones with it
  { count: [v('list')] },
  { '+': [{ count: [v('list')] }, v('a')] },
  { map: [v('list'), { '*': [{ var: '' }, 2] }] },
];

/** compileExpression loaded afresh with PAYROLL_CODEGEN as given. */
async function compilerWith(codegen: string | undefined) {
  vi.resetModules();
  vi.stubEnv('PAYROLL_CODEGEN', codegen);
  const { compileExpression } = await import('../../engine/logic/compile.ts');
  const { RuleScope: Scope } = await import('../../engine/logic/rule-scope.ts');
  return {
    compile: (expr: unknown) => compileExpression(expr, 'rules/x.yaml /expression', { ruleScope }),
    /** as a pipeline's expressions are compiled: no rule scope, read by name (over the context, or any scope) */
    compileFree: (expr: unknown) => compileExpression(expr, 'rules/x.yaml /expression'),
    scope: (values: unknown[], names: ReadonlyMap<string, number> = index) => new Scope(values, names),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

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

describe('generated expressions (emit.ts)', () => {
  it('answer as the closures answer, every operator that emits, errors included', async () => {
    const generated = await compilerWith(undefined);
    const closures = await compilerWith('off');
    let errors = 0;
    for (const expr of EXPRESSIONS) {
      const [g, c] = [generated.compile(expr), closures.compile(expr)];
      const [gFree, cFree] = [generated.compileFree(expr), closures.compileFree(expr)];
      for (const values of SCOPES) {
        const want = outcome(c, closures.scope(values));
        if ((want as { error?: string })?.error) errors++;
        expect(outcome(g, generated.scope(values)), JSON.stringify(expr)).toEqual(want);
        // without the rule's slots: over the values by name, and over a RuleScope (read by name too)
        const byName = Object.fromEntries(NAMES.map((n, i) => [n, values[i]]).filter(([, x]) => x !== undefined));
        expect(outcome(gFree, byName), JSON.stringify(expr)).toEqual(outcome(cFree, byName));
        expect(outcome(gFree, generated.scope(values)), JSON.stringify(expr)).toEqual(outcome(cFree, closures.scope(values)));
        expect(outcome(gFree, byName)).toEqual(want);
      }
    }
    // the scopes reach the operators' errors too (a string where a number is taken, division by zero...)
    expect(errors).toBeGreaterThan(20);
  });

  it('are generated functions of their own, and only where an operator emits', async () => {
    const generated = await compilerWith(undefined);
    const closures = await compilerWith('off');
    expect(generated.compile({ '+': [v('a'), 1] }).name).toBe('expression');
    expect(generated.compileFree({ '+': [v('a'), 1] }).name).toBe('expression');
    expect(closures.compile({ '+': [v('a'), 1] }).name).not.toBe('expression');
    // a call of an operator that does not emit gains nothing from a function of its own
    expect(generated.compile({ count: [{ map: [v('list'), { var: '' }] }] }).name).not.toBe('expression');
  });

  it("leave a scope that is not the rule's own RuleScope to the closures", async () => {
    const generated = await compilerWith(undefined);
    const f = generated.compile({ '-': [v('a'), v('b')] });
    expect(String(f({ a: new Decimal(1), b: new Decimal(2) } as never))).toBe('-1');
    // another rule's scope, its slots in another order: read by name (a = 6, b = 5), not by this rule's slots
    const other = generated.scope([new Decimal(5), new Decimal(6)], scopeIndexOf(['b', 'a'], []));
    expect(String(f(other as never))).toBe('1');
    expect(String(f(generated.scope([new Decimal(1), new Decimal(4)]) as never))).toBe('-3');
  });
});
