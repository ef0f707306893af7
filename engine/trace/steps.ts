/**
 * What one trace step shows: enough for a payroll officer to redo the arithmetic by hand — the rule's
 * formula, every named input and intermediate value, the raw amount, the named rounding and its result,
 * and the master records read. A rule's trace plan (which inputs and bindings it shows, which are rates)
 * is worked out once with its rule plan; a step's values are turned into trace values here.
 */
import { Decimal, isDecimal, numberOf } from '../decimal.ts';
import { decimalToJson, serializeValue, toDecString } from '../logic/serialize.ts';
import type { CompiledRule } from '../loading/rules/types.ts';
import type { MasterRef } from '../loading/rules/slots.ts';
import type { RuleScope } from '../logic/rule-scope.ts';
import { compileGetter } from '../calculating/context.ts';
import { INPUT_ROOTS } from '../context-roots.ts';
import { isAscii, rateString } from './json-text.ts';

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
  /** Provenance of the step: the rule file and version that ran, and the law it implements. */
  rule: RuleRef;
}

export interface RuleRef {
  file: string; // rules/<domain>/<formula_code>.yaml
  sha256: string | null; // of the file's bytes as loaded
  legal_source: string;
  effective_from: string;
  effective_to: string | null;
}

/** The binding whose table lookup a step is about: its fields are shown directly in the inputs. */
const SPREAD_BINDING = 'lookup';

/** A trace value: decimals to 20 places (the precision every named rounding snaps to), rates as strings. */
export function traceValueOf(isRate: boolean, v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return serializeValue(v as never);
  if (isDecimal(v)) {
    const d = v as Decimal;
    if (isRate) return rateString(d);
    return d.isInteger() ? decimalToJson(d) : toDecString(d, 20);
  }
  // a nested lookup (a tier, a grade) keeps every field: `to: null` says the top range is open
  const out: Record<string, unknown> = {};
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) out[k] = traceValueOf(k.endsWith('rate'), o[k]);
  return out;
}

/** A value read from masters.* that the trace names in master_refs instead of copying: an object, not a Decimal. */
function isTable(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !isDecimal(v);
}

/** A field of a rule's trace inputs: its name, whether it is a rate, and the scope slot it is read from. */
export type ShapeField = readonly [name: string, isRate: boolean, slot: number];

/**
 * The inputs a rule's trace shows for one set of master inputs that are tables (those are left out):
 * its fields in order, and for the writers each key's text with the `{` or `,` before it.
 */
export interface TraceShape {
  fields: readonly ShapeField[];
  keyJson: readonly string[];
  /**
   * every key's text is ASCII, and no key is an array index (an object lists those first) or one the
   * date basis adds (it would keep its place): the inputs' text is the keys' texts and values in order
   */
  plainKeys: boolean;
}

/** Which inputs and bindings a rule's trace shows, and which are rates: worked out once per rule. */
export interface TracePlan {
  inputs: [string, boolean, boolean, number][]; // name, is a rate, read from masters, slot
  bindings: [string, boolean, boolean, number][]; // name, is a rate, is the spread lookup, slot (guards, named with a leading underscore, left out)
  /** slots of the inputs read from masters, in order (bit i of a shape's mask: the i-th is a table) */
  masterSlots: number[];
  /** the shapes by mask; null where the keys are not known in advance (a spread lookup, names an object cannot carry as given) */
  shapes: Map<number, TraceShape> | null;
  /** the slot of each value settleTraceValues looks at, and whether it is a rate */
  settleSlots: number[];
  settleRates: boolean[];
}

/** What the trace needs of a rule plan (calculating/plan.ts's RulePlan): its trace plan, made once with it. */
export interface TracedRule {
  tracePlan: TracePlan;
}

/** At most this many master inputs per rule for known shapes (one mask bit each, 2^n shapes at most). */
const MAX_SHAPE_BITS = 8;

/** A rule's trace plan: made once per rule plan, with it. */
export function tracePlanOf(rule: CompiledRule, index: ReadonlyMap<string, number>): TracePlan {
  const inputs: TracePlan['inputs'] = rule.inputs.map(([name, , fromMasters]) => [
    name,
    name.endsWith('rate'),
    fromMasters,
    index.get(name)!,
  ]);
  const bindings: TracePlan['bindings'] = rule.bindings
    .filter(([name]) => !name.startsWith('_'))
    .map(([name]) => [name, name.endsWith('rate'), name === SPREAD_BINDING, index.get(name)!]);
  const masterSlots = inputs.filter(([, , fromMasters]) => fromMasters).map(([, , , slot]) => slot);
  const names = [...inputs, ...bindings].map(([name]) => name);
  const known =
    !bindings.some(([, , spread]) => spread) &&
    masterSlots.length <= MAX_SHAPE_BITS &&
    !names.includes('__proto__') &&
    new Set(names).size === names.length;
  // settled (settleTraceValues): the inputs read under amounts or work, which a later step may still
  // write into, and every shown binding; an input read from the calculation's inputs never changes
  const settling = [
    ...inputs.filter((_, i) => !INPUT_ROOTS.includes(rule.inputs[i][1][0])).map(([, isRate, , slot]) => [slot, isRate] as const),
    ...bindings.map(([, isRate, , slot]) => [slot, isRate] as const),
  ];
  return {
    inputs,
    bindings,
    masterSlots,
    shapes: known ? new Map() : null,
    settleSlots: settling.map(([slot]) => slot),
    settleRates: settling.map(([, isRate]) => isRate),
  };
}

/** The shape of the inputs for these values: which master inputs are tables (left out) picks it. */
function shapeFor(plan: TracePlan, values: readonly unknown[]): TraceShape {
  let mask = 0;
  const masters = plan.masterSlots;
  for (let i = 0; i < masters.length; i++) if (isTable(values[masters[i]])) mask |= 1 << i;
  let shape = plan.shapes!.get(mask);
  if (shape === undefined) plan.shapes!.set(mask, (shape = shapeOf(plan, mask)));
  return shape;
}

function shapeOf(plan: TracePlan, mask: number): TraceShape {
  const fields: ShapeField[] = [];
  let bit = 0;
  for (const [name, isRate, fromMasters, slot] of plan.inputs) {
    const left = fromMasters && (mask & (1 << bit++)) !== 0;
    if (!left) fields.push([name, isRate, slot]);
  }
  for (const [name, isRate, , slot] of plan.bindings) fields.push([name, isRate, slot]);
  const keyJson = fields.map(([name], i) => (i === 0 ? '{' : ',') + JSON.stringify(name) + ':');
  const plainKeys =
    keyJson.every(isAscii) && !fields.some(([n]) => n === 'rule_date_basis' || n === 'rule_version_date' || /^(0|[1-9]\d*)$/.test(n));
  return { fields, keyJson, plainKeys };
}

/**
 * Inputs as given and every binding in order. Bindings named with a leading underscore are guards
 * (fail_if checks) and are left out; master tables (any object read from masters.*) are named in
 * master_refs instead of copied here; the spread lookup's fields are shown directly.
 */
export function traceInputs(rule: TracedRule, values: readonly unknown[]): Record<string, unknown> {
  const plan = rule.tracePlan;
  const out: Record<string, unknown> = {};
  if (plan.shapes !== null) {
    for (const [name, isRate, slot] of shapeFor(plan, values).fields) out[name] = traceValueOf(isRate, values[slot]);
    return out;
  }
  for (const [name, isRate, fromMasters, slot] of plan.inputs) {
    const v = values[slot];
    if (!(fromMasters && isTable(v))) out[name] = traceValueOf(isRate, v);
  }
  for (const [name, isRate, spread, slot] of plan.bindings) {
    const v = values[slot];
    if (spread && v !== null && typeof v === 'object' && !Array.isArray(v) && !isDecimal(v)) {
      for (const [k, x] of Object.entries(v))
        if (x === null || typeof x !== 'object' || isDecimal(x)) out[k] = traceValueOf(k.endsWith('rate'), x);
    } else {
      out[name] = traceValueOf(isRate, v);
    }
  }
  return out;
}

/**
 * Makes a step's scope values safe to turn into its trace inputs later: each value the trace shows that
 * a later step could change is replaced by its trace value, which traceValueOf gives back as it is (JSON
 * values), so the inputs are the same now and later. Settled already: a string, a boolean, undefined, a
 * finite number, null or a Decimal (never changed: its methods make new ones). A value traceValueOf
 * refuses (NaN, a function) throws here. Answers the shape of the inputs for these values, or null
 * where the rule's fields are not known in advance.
 */
export function settleTraceValues(rule: TracedRule, values: unknown[]): TraceShape | null {
  const plan = rule.tracePlan;
  const { settleSlots: slots, settleRates: rates } = plan;
  for (let i = 0; i < slots.length; i++) {
    const v = values[slots[i]];
    if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean' || isDecimal(v)) continue;
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    values[slots[i]] = traceValueOf(rates[i], v);
  }
  return plan.shapes === null ? null : shapeFor(plan, values);
}

/** A step's result as the trace shows it; a list or an object is no amount (null): its bindings show it. */
export function rawString(v: unknown): string | null {
  if (isDecimal(v)) return toDecString(v as Decimal, 20);
  if (v === null || v === undefined || typeof v === 'object') return null;
  return String(v);
}

/** rounded_amount: an integer, or a decimal string (hourly base) when the rule names no rounding. */
export function roundedValue(v: unknown, format: 'integer' | 'decimal_string' = 'integer'): number | string | null {
  if (!isDecimal(v)) return v === null || v === undefined || typeof v === 'object' ? null : String(v);
  const d = v as Decimal;
  return d.isInteger() && format === 'integer' ? numberOf(d) : toDecString(d, 10);
}

/** A trace note's template ({{ path }} placeholders) parsed once: placeholders filled per scope by compiled path readers. */
export function compileNotes(template: string, index: ReadonlyMap<string, number>): (scope: RuleScope) => string {
  const parts: (string | ((scope: RuleScope) => unknown))[] = [];
  const re = /\{\{\s*([a-z0-9_.]+)\s*\}\}/g;
  let at = 0;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    const [root, ...rest] = m[1].split('.');
    const slot = index.get(root);
    const below = rest.length ? compileGetter(rest) : null;
    // getPath over the named scope: the root's value (a missing name reads as null), then the rest
    parts.push(template.slice(at, m.index), (scope) => {
      const v = slot === undefined ? undefined : scope.values[slot];
      if (below === null) return v === undefined ? null : v;
      return below(v);
    });
    at = m.index + m[0].length;
  }
  parts.push(template.slice(at));
  return (scope) => {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') out += p;
      else {
        const v = p(scope);
        out += isDecimal(v) ? toDecString(v as Decimal, 10) : String(v ?? '');
      }
    }
    return out;
  };
}
