/**
 * Builds one trace step: enough for a payroll officer to redo the arithmetic by hand — the rule's
 * formula, every named input and intermediate value, the raw amount, the named rounding and its result,
 * and the master records read.
 */
import { isDecimal, type Decimal } from '../decimal.ts';
import { serializeValue, toDecString } from '../logic/serialize.ts';
import type { CompiledRule } from '../rules/types.ts';
import type { MasterRef } from '../settings/slots.ts';

export interface TraceStep {
  step: string;
  step_type: string;
  formula_code: string;
  output_key: string;
  input_refs: string[];
  formula: string;
  inputs: Record<string, unknown>;
  raw_amount: string | null;
  rounding_rule: string | null;
  rounded_amount: number | string | null;
  master_refs: MasterRef[];
  notes?: string;
}

/** A master record is listed in master_refs; the trace does not dump its table. */
function isMasterRecord(v: unknown): boolean {
  return v !== null && typeof v === 'object' && 'kind' in (v as object) && 'version' in (v as object) && 'effective_from' in (v as object);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !isDecimal(v);
}

/** Inputs as given; object-valued bindings (table lookups) are spread into their scalar fields. */
export function traceInputs(rule: CompiledRule, scope: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, , fromMasters] of rule.inputs) {
    const v = scope[name];
    // A master table (a record, or its grade/tier list) is named in master_refs instead of copied here.
    if (isMasterRecord(v) || (fromMasters && v !== null && typeof v === 'object' && !isDecimal(v))) continue;
    out[name] = rateAsString(name, serializeValue(v as never), v);
  }
  for (const [name] of rule.bindings) {
    const v = scope[name];
    if (isPlainObject(v) && !isMasterRecord(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (x === null || typeof x !== 'object' || isDecimal(x)) out[k] = rateAsString(k, serializeValue(x as never), x);
      }
    } else if (!isMasterRecord(v)) {
      out[name] = rateAsString(name, serializeValue(v as never), v);
    }
  }
  return out;
}

/** Every trace field named *rate is a decimal string ("0.2042"), even a whole one ("0"). */
function rateAsString(key: string, json: unknown, v: unknown): unknown {
  return key.endsWith('rate') && isDecimal(v) ? (v as Decimal).toFixed() : json;
}

export function rawString(v: unknown): string | null {
  if (isDecimal(v)) return (v as Decimal).toFixed();
  if (v === null || v === undefined) return null;
  return String(v);
}

/** rounded_amount: an integer, or a decimal string (hourly base) when the rule names no rounding. */
export function roundedValue(v: unknown, format: 'integer' | 'decimal_string' = 'integer'): number | string | null {
  if (!isDecimal(v)) return v === null || v === undefined ? null : String(v);
  const d = v as Decimal;
  return d.isInteger() && format === 'integer' ? d.toNumber() : toDecString(d, 10);
}

export function renderNotes(template: string | undefined, scope: Record<string, unknown>): string | undefined {
  if (!template) return undefined;
  return template.replace(/\{\{\s*([a-z0-9_.]+)\s*\}\}/g, (_, name: string) => {
    const v = name.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), scope);
    return isDecimal(v) ? toDecString(v as Decimal, 10) : String(v ?? '');
  });
}
