/**
 * round — [rule_name, x]: applies a named rounding from the registry (engine/logic/rounding). Why: rounding
 * happens only where a rule names it, and only by the six named rules of the spec. The name must be
 * a string literal known to the registry (checked at compile time).
 */
import { getRounding, roundingNames } from '../rounding/index.ts';
import type { OperatorDef } from '../types.ts';
import { requireDecimal } from '../values.ts';

export const roundOperator: OperatorDef = {
  names: ['round'],
  arity: [2, 2],
  yields: 'number',
  numberOperands: [1],
  compile([, x], raw, ctx) {
    const name = raw[0];
    if (typeof name !== 'string') throw new Error('round: the first operand must be a rounding rule name (string literal)');
    const rule = getRounding(name);
    if (!rule) throw new Error(`round: unknown rounding rule "${name}" (known: ${roundingNames().join(', ')})`);
    const where = ctx.where;
    return (scope) => rule.apply(requireDecimal('round', where, x(scope), 2));
  },
};
