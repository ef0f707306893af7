/** The response's amounts: the pipeline's `amounts` map read from the context, in the map's order. */
import { isDecimal, type Decimal } from '../decimal.ts';
import { serializeValue, toDecString } from '../logic/serialize.ts';
import type { CompiledPipeline } from '../rules/load.ts';
import { compileGetter, setPath, splitPath, type PathSegments } from './context.ts';

type Getter = (ctx: unknown) => unknown;

interface AmountsPlan {
  amounts: [string, Getter][];
  decimalStrings: [PathSegments, Getter][];
}

/** Each pipeline's paths split and compiled into readers once. */
const plans = new WeakMap<CompiledPipeline, AmountsPlan>();

function planOf(pipeline: CompiledPipeline): AmountsPlan {
  let plan = plans.get(pipeline);
  if (!plan) {
    plan = {
      amounts: Object.entries(pipeline.amounts).map(([field, path]) => [field, compileGetter(splitPath(path))]),
      decimalStrings: pipeline.decimal_strings.map((path) => [splitPath(path), compileGetter(splitPath(pathHead(pipeline, path)))]),
    };
    plans.set(pipeline, plan);
  }
  return plan;
}

export function buildAmounts(pipeline: CompiledPipeline, ctx: Record<string, unknown>): Record<string, unknown> {
  const plan = planOf(pipeline);
  const out: Record<string, unknown> = {};
  for (const [field, read] of plan.amounts) {
    const v = read(ctx);
    if (v !== null) out[field] = serializeValue(v);
  }
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
