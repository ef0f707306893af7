/**
 * A rule's trace `inputs` object made by one object literal, generated once per rule and per shape,
 * instead of key by key. Why: the trace shows every input and binding of every step, and one code site
 * adding keys by name to objects of twenty different shapes is a megamorphic keyed store per key; a
 * literal per rule builds the object at once with its final shape.
 *
 * A shape is the list of [name, is a rate, slot] the generic builder (trace.ts, traceInputs) would
 * write for a scope, in its order: the rule's inputs and bindings less what it leaves out for this
 * scope (master tables read as inputs). The generated function writes exactly those keys in that order,
 * each value converted by the same traceValueOf, so the object is the one the generic builder makes.
 * Names are the rule's own identifiers, written into the source as JSON string literals.
 */
import { generatedFunction } from '../util/codegen.ts';

export type ShapeField = readonly [name: string, isRate: boolean, slot: number];
type TraceValueOf = (isRate: boolean, v: unknown) => unknown;
export type ShapeBuilder = (values: readonly unknown[], traceValueOf: TraceValueOf) => Record<string, unknown>;

/** Names a literal cannot carry as plain data keys ("__proto__" would set the prototype). */
export function literalSafe(names: readonly string[]): boolean {
  return !names.includes('__proto__') && new Set(names).size === names.length;
}

export function shapeBuilder(fields: readonly ShapeField[]): ShapeBuilder {
  const props = fields.map(([name, isRate, slot]) => `${JSON.stringify(name)}: traceValueOf(${isRate}, values[${slot | 0}])`);
  return generatedFunction<ShapeBuilder>(['values', 'traceValueOf'], `return {${props.join(', ')}};`, () => (values, traceValueOf) => {
    const out: Record<string, unknown> = {};
    for (const [name, isRate, slot] of fields) out[name] = traceValueOf(isRate, values[slot | 0]);
    return out;
  });
}
