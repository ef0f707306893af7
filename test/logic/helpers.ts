import { Decimal } from '../../engine/decimal.ts';
import { compileExpression } from '../../engine/logic/compile.ts';
import { serializeValue } from '../../engine/logic/serialize.ts';
import type { Scope } from '../../engine/logic/types.ts';

export const D = (v: string | number) => new Decimal(String(v));

/** Compiles and evaluates in one go; the result serialized to JSON (Decimal -> number or string). */
export function run(expr: unknown, scope: Scope = {}): unknown {
  return serializeValue(compileExpression(expr, 'test')(scope));
}

/** Compiles and evaluates; the raw Value. */
export function evalRaw(expr: unknown, scope: Scope = {}) {
  return compileExpression(expr, 'test')(scope);
}

/** The message of the error thrown by fn (fails the test if nothing is thrown). */
export function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}
