/**
 * Arithmetic over Decimal only (no string-to-number casting; any other operand is a rule bug ->
 * Error naming the operator and the operand's position). Why: totals, amount x rate, net amounts.
 *  - + and * fold any number of operands (exact up to the engine's 50 significant digits);
 *  - - is unary negation or a binary difference;
 *  - / is binary division at the engine precision (named roundings snap to 20 places, see
 *    logic/rounding/snap.ts); division by zero -> Error;
 *  - abs is the magnitude (checks on adjustments).
 */
import { dividedBy, minus, plus, times, type Decimal } from '../../decimal.ts';
import { js, type Code, type EmitContext } from '../emit.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

/** requireDecimal(op, where, operand, position) as source (emit.ts). */
export function emitOperand(op: string, ctx: EmitContext, operand: Code, position: number): Code {
  return js`${ctx.ref(requireDecimal)}(${ctx.ref(op)}, ${ctx.ref(ctx.where)}, ${operand}, ${[String(position)]})`;
}

/** Division by zero: the error both forms throw. */
function divisionByZero(where: string, x: Decimal): never {
  throw new Error(`${where}: operator "/" division by zero (${x.toFixed()} / 0)`);
}

/** The folding operators: their combining step. */
const FOLDS: readonly (readonly [name: string, step: (acc: Decimal, v: Decimal) => Decimal])[] = [
  ['+', plus],
  ['*', times],
];

const [add, multiply]: OperatorDef[] = FOLDS.map(([name, step]) => ({
  names: [name],
  arity: [1, Infinity],
  yields: 'number',
  numberOperands: 'all',
  compile(args, _raw, ctx) {
    const where = ctx.where;
    if (args.length === 2) {
      const [a, b] = args;
      return (scope) => step(requireDecimal(name, where, a(scope), 1), requireDecimal(name, where, b(scope), 2));
    }
    return (scope) => {
      let acc = requireDecimal(name, where, args[0](scope), 1);
      for (let i = 1; i < args.length; i++) acc = step(acc, requireDecimal(name, where, args[i](scope), i + 1));
      return acc;
    };
  },
  emit(args, _raw, ctx) {
    // folded left, operands checked in order: step(step(a, b), c)
    let acc = emitOperand(name, ctx, args[0], 1);
    for (let i = 1; i < args.length; i++) acc = js`${ctx.ref(step)}(${acc}, ${emitOperand(name, ctx, args[i], i + 1)})`;
    return acc;
  },
}));

const subtract: OperatorDef = {
  names: ['-'],
  arity: [1, 2],
  yields: 'number',
  numberOperands: 'all',
  compile(args, _raw, ctx) {
    const where = ctx.where;
    const [a, b] = args;
    if (!b) return (scope) => requireDecimal('-', where, a(scope), 1).neg();
    return (scope) => minus(requireDecimal('-', where, a(scope), 1), requireDecimal('-', where, b(scope), 2));
  },
  emit([a, b], _raw, ctx) {
    if (!b) return js`${emitOperand('-', ctx, a, 1)}.neg()`;
    return js`${ctx.ref(minus)}(${emitOperand('-', ctx, a, 1)}, ${emitOperand('-', ctx, b, 2)})`;
  },
};

const divide: OperatorDef = {
  names: ['/'],
  arity: [2, 2],
  yields: 'number',
  numberOperands: 'all',
  compile([a, b], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const x = requireDecimal('/', where, a(scope), 1);
      const y = requireDecimal('/', where, b(scope), 2);
      if (y.isZero()) divisionByZero(where, x);
      return dividedBy(x, y);
    };
  },
  emit([a, b], _raw, ctx) {
    const [x, y] = [ctx.temp(), ctx.temp()];
    return js`(${x} = ${emitOperand('/', ctx, a, 1)}, ${y} = ${emitOperand('/', ctx, b, 2)}, ${y}.isZero() ? ${ctx.ref(divisionByZero)}(${ctx.ref(ctx.where)}, ${x}) : ${ctx.ref(dividedBy)}(${x}, ${y}))`;
  },
};

const abs: OperatorDef = {
  names: ['abs'],
  arity: [1, 1],
  yields: 'number',
  numberOperands: 'all',
  compile([a], _raw, ctx) {
    const where = ctx.where;
    return (scope) => requireDecimal('abs', where, a(scope), 1).abs();
  },
  emit([a], _raw, ctx) {
    return js`${emitOperand('abs', ctx, a, 1)}.abs()`;
  },
};

/** +, -, *, /, abs. */
export const ARITHMETIC_OPERATORS: readonly OperatorDef[] = [add, subtract, multiply, divide, abs];
