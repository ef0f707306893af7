/**
 * require — [value, error_code, message]: the value if it is not null, else EngineError(code, message).
 * Why: a rule states which inputs it cannot do without (e.g. a resolved rate) and the typed error the
 * API returns. code and message are string literals, the code one the engine's error list knows (checked at compile
 * time, so a misspelt code is a load problem rather than an unknown error at run time).
 */
import { ENGINE_ERROR_CODES, EngineError, type EngineErrorCode } from '../../errors.ts';
import type { OperatorDef } from '../types.ts';

export function literalCodeAndMessage(op: string, raw: unknown[]): [EngineErrorCode, string] {
  const code = raw[1];
  const message = raw[2];
  if (typeof code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(code))
    throw new Error(`${op}: the error code must be a snake_case string literal`);
  if (!(ENGINE_ERROR_CODES as readonly string[]).includes(code)) {
    throw new Error(`${op}: unknown error code "${code}" (known: ${ENGINE_ERROR_CODES.join(', ')})`);
  }
  if (typeof message !== 'string' || message === '') throw new Error(`${op}: the message must be a non-empty string literal`);
  return [code as EngineErrorCode, message];
}

export const requireOperator: OperatorDef = {
  names: ['require'],
  arity: [3, 3],
  compile([value], raw) {
    const [code, message] = literalCodeAndMessage('require', raw);
    return (scope) => {
      const v = value(scope);
      if (v === null || v === undefined) throw new EngineError(code, message);
      return v;
    };
  },
};
