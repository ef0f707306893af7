import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { compileExpression, ExpressionCompileError } from '../../engine/logic/compile.ts';
import { operatorNames } from '../../engine/logic/operators/index.ts';
import { D, errorOf, evalRaw, run } from './helpers.ts';

describe('compileExpression: literals', () => {
  it('turns number literals into Decimal at compile time, from their string form', () => {
    const v = evalRaw(0.1);
    expect(v).toBeInstanceOf(Decimal);
    expect((v as Decimal).toFixed()).toBe('0.1');
    expect((evalRaw({ '+': [0.1, 0.2] }) as Decimal).toFixed()).toBe('0.3'); // not 0.30000000000000004
    expect((evalRaw(0.0985) as Decimal).toFixed()).toBe('0.0985');
  });
  it('keeps strings, booleans, null; arrays compile each element', () => {
    expect(run('kou')).toBe('kou');
    expect(run(true)).toBe(true);
    expect(run(null)).toBe(null);
    expect(run([1, 'a', { var: 'x' }, [2.5]], { x: 'y' })).toEqual([1, 'a', 'y', ['2.5']]);
  });
  it('walks the tree once: the evaluator is a closure reused across scopes', () => {
    const ev = compileExpression({ '*': [{ var: 'a' }, 3] }, 'test');
    expect((ev({ a: D(2) }) as Decimal).toNumber()).toBe(6);
    expect((ev({ a: D(5) }) as Decimal).toNumber()).toBe(15);
  });
  it('does not touch the expression again after compiling (the input object can be mutated)', () => {
    const expr: any = { '+': [{ var: 'a' }, 1] };
    const ev = compileExpression(expr, 'test');
    expr['+'][1] = 100;
    delete expr['+'];
    expect((ev({ a: D(1) }) as Decimal).toNumber()).toBe(2);
  });
});

describe('compileExpression: errors carry where and the JSON path', () => {
  it('unknown operator', () => {
    const e = errorOf(() => compileExpression({ '+': [1, { frobnicate: [1] }] }, 'rules/x.yaml /expression'));
    expect(e).toBeInstanceOf(ExpressionCompileError);
    expect(e.message).toBe('rules/x.yaml /expression/+/1/frobnicate: unknown operator "frobnicate"');
  });
  it('where without a pointer gets the path after a space', () => {
    const e = errorOf(() => compileExpression({ if: [true, { nope: 1 }, 2] }, 'rules/tax.yaml'));
    expect(e.message).toBe('rules/tax.yaml /if/1/nope: unknown operator "nope"');
  });
  it('wrong arity', () => {
    expect(errorOf(() => compileExpression({ '/': [1, 2, 3] }, 'w')).message).toBe('w /~1: operator "/" takes 2 operand(s), got 3');
    expect(errorOf(() => compileExpression({ '-': [] }, 'w')).message).toContain('operator "-" takes 1 to 2 operand(s), got 0');
    expect(errorOf(() => compileExpression({ and: [] }, 'w')).message).toContain('takes at least 1');
    expect(errorOf(() => compileExpression({ round: ['floor_yen'] }, 'w')).message).toContain('operator "round" takes 2');
  });
  it('malformed nodes: objects with 0 or several keys, undefined, functions, non-finite numbers', () => {
    expect(errorOf(() => compileExpression({ a: 1, b: 2 }, 'w')).message).toContain('w /: malformed node');
    expect(errorOf(() => compileExpression({ '+': [1, {}] }, 'w')).message).toContain('w /+/1: malformed node');
    expect(errorOf(() => compileExpression({ '+': [1, undefined] }, 'w')).message).toContain('/+/1: malformed node of type undefined');
    expect(errorOf(() => compileExpression([() => 1], 'w')).message).toContain('/0: malformed node of type function');
    expect(errorOf(() => compileExpression({ '+': [NaN, 1] }, 'w')).message).toContain('/+/0: number literal NaN');
    expect(errorOf(() => compileExpression(new Date(), 'w')).message).toContain('not a plain JSON object');
  });
  it('an operand that is not an array is addressed without an index', () => {
    expect(errorOf(() => compileExpression({ '!': { bad: 1 } }, 'w')).message).toBe('w /!/bad: unknown operator "bad"');
  });
  it('operator compile-time checks are reported at the operator node', () => {
    expect(errorOf(() => compileExpression({ '*': [2, { round: ['to_the_moon', 1] }] }, 'f.yaml /expression')).message).toMatch(
      /^f\.yaml \/expression\/\*\/1\/round: round: unknown rounding rule "to_the_moon"/,
    );
    expect(errorOf(() => compileExpression({ var: [{ var: 'x' }] }, 'w')).message).toContain('/var: var: the path must be a literal');
    expect(errorOf(() => compileExpression({ require: [1, 'Bad Code', 'm'] }, 'w')).message).toContain('snake_case');
    expect(errorOf(() => compileExpression({ fail_if: [true, 'validation_error', 3] }, 'w')).message).toContain('message must be');
  });
  it('escapes "/" and "~" in operator names in the path', () => {
    expect(errorOf(() => compileExpression({ 'a/b~c': 1 }, 'w')).message).toBe('w /a~1b~0c: unknown operator "a/b~c"');
  });
  it('registers the operators of the brief', () => {
    const names = operatorNames();
    for (const n of [
      'var',
      'if',
      '==',
      '===',
      '!=',
      '!==',
      '!',
      '!!',
      'and',
      'or',
      '<',
      '<=',
      '>',
      '>=',
      'in',
      'cat',
      'missing',
      '+',
      '-',
      '*',
      '/',
      'min',
      'max',
      'abs',
      'map',
      'filter',
      'reduce',
      'all',
      'some',
      'none',
      'merge',
      'sum_by',
      'project',
      'round',
      'clamp',
      'range_lookup',
      'bracket_formula',
      'require',
      'fail_if',
    ]) {
      expect(names).toContain(n);
    }
    for (const n of [
      'floor',
      'ceil',
      '%',
      'log',
      'substr',
      'missing_some',
      'grade_lookup',
      'tier_lookup',
      'monthly_withholding',
      'bonus_withholding_rate',
    ])
      expect(names).not.toContain(n);
  });
});

describe('runtime errors name the operator and the place', () => {
  it('non-Decimal operands to arithmetic', () => {
    expect(errorOf(() => run({ '+': [1, { var: 's' }] }, { s: '2' })).message).toBe(
      'test /+: operator "+" operand 2 is the string "2", not a number (Decimal)',
    );
    expect(errorOf(() => run({ '*': [{ var: 'n' }, 2] }, {})).message).toContain('operator "*" operand 1 is null');
    expect(errorOf(() => run({ '-': [true] })).message).toContain('operator "-" operand 1 is boolean true');
    expect(errorOf(() => run({ min: [1, 'x'] })).message).toContain('operator "min"');
    expect(errorOf(() => run({ round: ['floor_yen', 'x'] })).message).toContain('operator "round"');
  });
  it('division by zero', () => {
    expect(errorOf(() => run({ '/': [5, { var: 'z' }] }, { z: 0 })).message).toBe('test /~1: operator "/" division by zero (5 / 0)');
  });
});
