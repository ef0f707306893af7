/** The response's amounts: the pipeline's `amounts` map read from the context, in the map's order. */
import { isDecimal, type Decimal } from '../decimal.ts';
import { serializeValue, toDecString } from '../logic/serialize.ts';
import type { CompiledPipeline } from '../loading/rules/load.ts';
import { compileGetter, setPath, splitPath, type PathSegments } from './context.ts';
import { generatedFunction } from '../util/codegen.ts';
import { plainPathReader, readCode } from './path-access.ts';

type Getter = (ctx: unknown) => unknown;

interface AmountsPlan {
  /** the amounts map read and serialised by one generated function */
  amounts: (ctx: unknown, serialize: typeof serializeValue) => Record<string, unknown>;
  decimalStrings: [PathSegments, Getter][];
}

/** Each pipeline's paths split and compiled into readers once. */
const plans = new WeakMap<CompiledPipeline, AmountsPlan>();

function planOf(pipeline: CompiledPipeline): AmountsPlan {
  let plan = plans.get(pipeline);
  if (!plan) {
    plan = {
      amounts: amountsBuilder(Object.entries(pipeline.amounts).map(([f, path]) => [f, path, pipeline.outputs[f]?.nullable === true])),
      decimalStrings: pipeline.decimal_strings.map((path) => [splitPath(path), compileGetter(splitPath(pathHead(pipeline, path)))]),
    };
    plans.set(pipeline, plan);
  }
  return plan;
}

/**
 * For each [field, context path, nullable] in order: the value at the path, serialised, written at the
 * field unless null (a nullable field is written as null). Generated (path-access.ts, readCode) with the fields and keys written in: the result's
 * fields are then stored by name, not through one megamorphic keyed store for every pipeline's fields.
 */
function amountsBuilder(fields: [string, string, boolean][]): AmountsPlan['amounts'] {
  const lines = ['"use strict";', 'const out = {};', 'let v;'];
  fields.forEach(([field, path, nullable], i) =>
    lines.push(
      ...readCode(`read${i}`, splitPath(path)),
      `${nullable ? '' : 'if (v !== null) '}out[${JSON.stringify(field)}] = v === null ? null : serialize(v);`,
    ),
  );
  lines.push('return out;');
  return generatedFunction<AmountsPlan['amounts']>(['root', 'serialize'], lines.join('\n'), () => {
    const readers = fields.map(([field, path, nullable]) => [field, plainPathReader(splitPath(path)), nullable] as const);
    return (root, serialize) => {
      const out: Record<string, unknown> = {};
      for (const [field, read, nullable] of readers) {
        const v = read(root);
        if (v !== null || nullable) out[field] = v === null ? null : serialize(v);
      }
      return out;
    };
  });
}

export function buildAmounts(pipeline: CompiledPipeline, ctx: Record<string, unknown>): Record<string, unknown> {
  const plan = planOf(pipeline);
  const out = plan.amounts(ctx, serializeValue);
  // dec-string fields stay strings even when whole (an hourly base of exactly 1,500 yen is "1500").
  for (const [path, read] of plan.decimalStrings) {
    const v = read(ctx);
    if (isDecimal(v)) setPath(out, path, toDecString(v as Decimal, 10));
  }
  return out;
}

/** Maps a response path (attendance.hourly_base) back to its context path via the amounts map. */
function pathHead(pipeline: CompiledPipeline, responsePath: string): string {
  const [field, ...rest] = responsePath.split('.');
  return [pipeline.amounts[field], ...rest].join('.');
}
