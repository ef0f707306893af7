/** The response's amounts: the pipeline's `amounts` map read from the context, in the map's order. */
import { isDecimal, type Decimal } from '../decimal.ts';
import { serializeValue, toDecString } from '../logic/serialize.ts';
import type { CompiledPipeline } from '../rules/load.ts';
import { getPath, setPath } from './context.ts';

export function buildAmounts(pipeline: CompiledPipeline, ctx: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(pipeline.amounts)) {
    const v = getPath(ctx, path);
    if (v !== null) out[field] = serializeValue(v);
  }
  // dec-string fields stay strings even when whole (an hourly base of exactly 1,500 yen is "1500").
  for (const path of pipeline.decimal_strings) {
    const v = getPath(ctx, `${pathHead(pipeline, path)}`);
    if (isDecimal(v)) setPath(out, path, toDecString(v as Decimal, 10));
  }
  return out;
}

/** Maps a response path (attendance.hourly_base) back to its context path via the amounts map. */
function pathHead(pipeline: CompiledPipeline, responsePath: string): string {
  const [field, ...rest] = responsePath.split('.');
  return [pipeline.amounts[field], ...rest].join('.');
}
