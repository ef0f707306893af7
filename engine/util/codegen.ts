/**
 * The engine's only runtime code generation. A few hot paths (context path readers and writers, a
 * rule's input slots, trace input objects, the response's amounts, the settings snapshot, var walks, records and
 * the rule's evaluation as one function (calculating/plan.ts)) are compiled once at load into small
 * functions with their keys written in: a function of its own per path, shape or rule keeps V8's
 * feedback monomorphic and lets it inline (docs/performance.md).
 *
 * Every site also gives the plain closure that answers the same (the tests hold the two together).
 * PAYROLL_CODEGEN=off, read once when the engine loads, makes every site use its closure: stack traces
 * and breakpoints then land in readable TypeScript instead of anonymous generated functions. The
 * generated sources only ever embed keys through JSON.stringify and slot numbers through `| 0`; a rule's
 * own values (constants, messages) are passed in as parameters, never written into the source.
 */

/** False when PAYROLL_CODEGEN=off: each site returns its plain closure. */
export const CODEGEN = process.env.PAYROLL_CODEGEN !== 'off';

/**
 * A function with the given parameters and body, or `closure()` when code generation is off. `closure`
 * must answer exactly what the generated function answers.
 */
export function generatedFunction<F>(params: readonly string[], body: string, closure: () => F): F {
  if (!CODEGEN) return closure();
  // eslint-disable-next-line no-new-func -- the one generation site; sources are built from JSON-quoted keys at load, never from a request
  return new Function(...params, body) as F;
}
