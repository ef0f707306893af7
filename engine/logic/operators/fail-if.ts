/**
 * fail_if — [condition, error_code, message] or [condition, error_code, message, paths]: throws
 * EngineError(code, message) when the condition is truthy, else null. Why: rule-level guards that map to
 * typed API errors (e.g. negative gross payment). `paths`, a literal list of request field paths (each a
 * list of names), makes the error carry one detail per path (code inconsistent_value, the message): a
 * validation_error that only a rule can see (it needs the premium month or a parameter) names every
 * field it found in disagreement, as the cross-field checks do.
 */
import { EngineError, type ValidationDetail } from '../../errors.ts';
import type { OperatorDef } from '../types.ts';
import { truthy } from '../values.ts';
import { literalCodeAndMessage } from './require.ts';

function literalPaths(raw: unknown): string[][] | undefined {
  if (raw === undefined) return undefined;
  const ok =
    Array.isArray(raw) &&
    raw.length > 0 &&
    raw.every((p) => Array.isArray(p) && p.length > 0 && p.every((seg) => typeof seg === 'string' && /^[a-z][a-z0-9_]*$/.test(seg)));
  if (!ok)
    throw new Error('fail_if: the detail paths must be a literal non-empty list of field paths, e.g. [[employee_snapshot, birth_date]]');
  return raw as string[][];
}

export const failIfOperator: OperatorDef = {
  names: ['fail_if'],
  arity: [3, 4],
  compile([cond], raw) {
    const [code, message] = literalCodeAndMessage('fail_if', raw);
    const paths = literalPaths(raw[3]);
    const details = (): ValidationDetail[] | undefined => paths?.map((path) => ({ path: [...path], code: 'inconsistent_value', message }));
    return (scope) => {
      if (truthy(cond(scope))) throw new EngineError(code, message, details());
      return null;
    };
  },
};
