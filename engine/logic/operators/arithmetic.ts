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
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

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
      if (y.isZero()) throw new Error(`${where}: operator "/" division by zero (${x.toFixed()} / 0)`);
      return dividedBy(x, y);
    };
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
};

/** +, -, *, /, abs. */
export const ARITHMETIC_OPERATORS: readonly OperatorDef[] = [add, subtract, multiply, divide, abs];
