/**
 * fail_if — [condition, error_code, message]: throws EngineError(code, message) when the condition is
 * truthy, else null. Why: rule-level guards that map to typed API errors (e.g. negative gross payment).
 */
import { EngineError } from '../../errors.ts';
import type { OperatorDef } from '../types.ts';
import { truthy } from '../values.ts';
import { literalCodeAndMessage } from './require.ts';

export const failIfOperator: OperatorDef = {
  names: ['fail_if'],
  arity: [3, 3],
  compile([cond], raw) {
    const [code, message] = literalCodeAndMessage('fail_if', raw);
    return (scope) => {
      if (truthy(cond(scope))) throw new EngineError(code, message);
      return null;
    };
  },
};
