/**
 * Builds one trace step: enough for a payroll officer to redo the arithmetic by hand — the rule's
 * formula, every named input and intermediate value, the raw amount, the named rounding and its result,
 * and the master records read.
 */
import { Decimal, isDecimal, numberOf, smallIntegerOf } from '../decimal.ts';
import { decimalToJson, serializeValue, toDecString } from '../logic/serialize.ts';
import type { CompiledRule } from '../loading/rules/types.ts';
import type { MasterRef } from '../loading/rules/slots.ts';
import type { RuleScope } from '../logic/rule-scope.ts';
import { compileGetter } from '../calculating/context.ts';
import { isAscii } from './json-kinds.ts';
import { INPUT_ROOTS } from '../context-roots.ts';
import { literalSafe, shapeBuilder, type ShapeBuilder, type ShapeField } from './trace-shape.ts';

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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !isDecimal(v);
}

/** The binding whose table lookup a step is about: its fields are shown directly in the inputs. */
const SPREAD_BINDING = 'lookup';

/** A trace value: decimals to 20 places (the precision every named rounding snaps to), rates as strings. */
function traceValue(key: string, v: unknown): unknown {
  return traceValueOf(key.endsWith('rate'), v);
}

/**
 * Rates are mostly the masters' own Decimals, the same objects in every calculation: their trace
 * strings are kept per object (a Decimal never changes, so its string does not either).
 */
const rateStrings = new WeakMap<Decimal, string>();
function rateString(d: Decimal): string {
  let s = rateStrings.get(d);
  if (s === undefined) rateStrings.set(d, (s = toDecString(d, 20)));
  return s;
}

export function traceValueOf(isRate: boolean, v: unknown): unknown {
  // the common kinds first: a primitive, then a Decimal of the engine's own clone
  if (v === null || typeof v !== 'object') return serializeValue(v as never);
  // arrays in a scope are plain (request copies, master data, operator results), never Decimals: no tag lookup
  if (Array.isArray(v)) return serializeValue(v as never);
  if (v instanceof Decimal || isDecimal(v)) {
    const d = v as Decimal;
    if (isRate) return rateString(d);
    return d.isInteger() ? decimalToJson(d) : toDecString(d, 20);
  }
  // a nested lookup (a tier, a grade) keeps every field: `to: null` says the top range is open
  const out: Record<string, unknown> = {};
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) out[keys[i]] = traceValue(keys[i], o[keys[i]]);
  return out;
}

/**
 * JSON.stringify(traceValueOf(isRate, v)) for a Decimal, a finite number, a boolean, null or undefined:
 * text that is ASCII with nothing to escape (a decimal's digits). undefined for anything else (a string,
 * whose text may need escaping, an object or array). Lets a writer write a recorded step's inputs
 * without making their trace values first (trace-json.ts).
 */
const rateTexts = new WeakMap<Decimal, string>();
export function traceValueText(isRate: boolean, v: unknown): string | undefined {
  switch (typeof v) {
    case 'object': {
      if (v === null) return 'null';
      if (!(v instanceof Decimal) && !isDecimal(v)) return undefined;
      const d = v as Decimal;
      if (isRate) {
        let text = rateTexts.get(d);
        if (text === undefined) rateTexts.set(d, (text = '"' + rateString(d) + '"'));
        return text;
      }
      const small = smallIntegerOf(d);
      if (small !== undefined) return small === 0 ? '0' : '' + small;
      const json = d.isInteger() ? decimalToJson(d) : toDecString(d, 20);
      return typeof json === 'number' ? '' + json : '"' + json + '"';
    }
    case 'number':
      return Number.isFinite(v) ? '' + v : undefined;
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
      return 'null';
    default:
      return undefined;
  }
}

/**
 * Inputs as given and every binding in order. Bindings named with a leading underscore are guards
 * (fail_if checks) and are left out; master tables (any object read from masters.*) are named in
 * master_refs instead of copied here.
 */
export function traceInputs(rp: TracedRule, values: readonly unknown[]): Record<string, unknown> {
  const plan = rp.tracePlan;
  const shape = plan.shapes === null ? null : shapeFor(plan, values);
  if (shape !== null) return shape.build(values, traceValueOf);
  const out: Record<string, unknown> = {};
  const inputs = plan.inputs;
  for (let i = 0; i < inputs.length; i++) {
    const [name, isRate, fromMasters, slot] = inputs[i];
    const v = values[slot];
    if (fromMasters && isTable(v)) continue;
    out[name] = traceValueOf(isRate, v);
  }
  const bindings = plan.bindings;
  for (let i = 0; i < bindings.length; i++) {
    const [name, isRate, spread, slot] = bindings[i];
    const v = values[slot];
    if (spread && isPlainObject(v)) {
      for (const k of Object.keys(v)) {
        const x = v[k];
        if (x === null || typeof x !== 'object' || isDecimal(x)) out[k] = traceValue(k, x);
      }
    } else {
      out[name] = traceValueOf(isRate, v);
    }
  }
  return out;
}

/** which master inputs are tables (left out) picks the shape; one literal per shape (trace-shape.ts) */
function shapeFor(plan: TracePlan, values: readonly unknown[]): TraceShape {
  let mask = 0;
  const masters = plan.masterSlots;
  for (let i = 0; i < masters.length; i++) if (isTable(values[masters[i]])) mask |= 1 << i;
  let shape = plan.shapes!.get(mask);
  if (shape === undefined) plan.shapes!.set(mask, (shape = traceShape(shapeOf(plan, mask))));
  return shape;
}

function traceShape(fields: ShapeField[]): TraceShape {
  const keyJson = fields.map(([name], i) => (i === 0 ? '{' : ',') + JSON.stringify(name) + ':');
  const names = fields.map(([name]) => name);
  return {
    fields,
    build: shapeBuilder(fields),
    keyJson,
    plainKeys:
      keyJson.every(isAscii) && !names.some((n) => n === 'rule_date_basis' || n === 'rule_version_date' || /^(0|[1-9]\d*)$/.test(n)),
  };
}

/**
 * Makes a step's scope values safe to turn into its trace inputs later (trace-record.ts): each value the
 * trace shows that a later step could change is replaced by its trace value, which traceValueOf gives
 * back as it is (JSON values: strings, finite numbers, null, plain arrays and objects of them), so
 * traceInputs writes the same inputs now and later. Looked at: the bindings, and the inputs read under
 * amounts or work (mayChangeAfterRead); an input read from the calculation's inputs (the request's copy,
 * the masters, the profile...) never changes and is kept as it is. Settled already: a string, a
 * boolean, undefined, a finite number, null or a Decimal (never changed: its methods make new ones). A
 * value traceValueOf refuses (NaN, a function) throws here, where the trace used to be made.
 * Answers the shape of the inputs for these values (null where the rule's fields are not known in
 * advance: a spread lookup, names a literal cannot carry, too many master inputs).
 */
export function settleTraceValues(rp: TracedRule, values: unknown[]): TraceShape | null {
  const plan = rp.tracePlan;
  const { settleSlots: slots, settleRates: rates } = plan;
  for (let i = 0; i < slots.length; i++) {
    const v = values[slots[i]];
    switch (typeof v) {
      case 'string':
      case 'boolean':
      case 'undefined':
        continue;
      case 'number':
        if (Number.isFinite(v)) continue;
        break;
      case 'object':
        if (v === null || v instanceof Decimal || isDecimal(v)) continue;
        break;
    }
    values[slots[i]] = traceValueOf(rates[i], v);
  }
  return plan.shapes === null ? null : shapeFor(plan, values);
}

/** A value read from masters.* that the trace names in master_refs instead of copying: an object, not a Decimal. */
function isTable(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !isDecimal(v);
}

/** Which inputs and bindings a rule's trace shows, and which are rates: worked out once per rule. */
export interface TracePlan {
  inputs: [string, boolean, boolean, number][]; // name, is a rate, read from masters, slot
  bindings: [string, boolean, boolean, number][]; // name, is a rate, is the spread lookup, slot (guards, named with a leading underscore, left out)
  /** slots of the inputs read from masters, in order (bit i of a shape's mask: the i-th is a table) */
  masterSlots: number[];
  /** the generated builders by mask, with their fields; null where the keys are not known in advance (a spread lookup) */
  shapes: Map<number, TraceShape> | null;
  /**
   * what settleTraceValues checks, flat: the slot of each input that may change after it is read (one
   * read under amounts or work) and of each shown binding, and whether it is a rate
   */
  settleSlots: number[];
  settleRates: boolean[];
}
/**
 * The inputs a rule's trace shows for one set of master inputs that are tables: its fields in order
 * ([name, is a rate, slot], each value written as traceValueOf(is a rate, values[slot])), the builder of
 * the object, and for writers of its JSON text each key's text with the `{` or `,` before it.
 */
export interface TraceShape {
  fields: readonly ShapeField[];
  build: ShapeBuilder;
  keyJson: readonly string[];
  /**
   * every key's text is ASCII, and no key is an array index (an object lists those first) or one the
   * date basis adds (it would keep its place): the text is the keys' texts and values in field order
   */
  plainKeys: boolean;
}
/** What traceInputs needs of a rule plan (calculating/plan.ts's RulePlan): its trace plan, made once with it. */
export interface TracedRule {
  tracePlan: TracePlan;
}

/** At most this many master inputs per rule for generated shapes (one mask bit each, 2^n shapes at most). */
const MAX_SHAPE_BITS = 8;

/** A rule's trace plan: made once per rule plan (calculating/plan.ts), with it. */
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
  const generated =
    !bindings.some(([, , spread]) => spread) &&
    masterSlots.length <= MAX_SHAPE_BITS &&
    literalSafe([...inputs, ...bindings].map(([name]) => name));
  // what settleTraceValues checks: the inputs that may change after they are read, and every shown binding
  const settling = [
    ...inputs.filter((_, i) => mayChangeAfterRead(rule.inputs[i][1])).map(([, isRate, , slot]) => [slot, isRate] as const),
    ...bindings.map(([, isRate, , slot]) => [slot, isRate] as const),
  ];
  return {
    inputs,
    bindings,
    masterSlots,
    shapes: generated ? new Map() : null,
    settleSlots: settling.map(([slot]) => slot),
    settleRates: settling.map(([, isRate]) => isRate),
  };
}

/**
 * Whether a value read at this context path can change before the trace is written: only what the steps
 * write, under amounts and work (or a root a pipeline's prepare made). The calculation's inputs are never
 * written (the loader refuses a write there, and a write inside a value written whole:
 * loading/rules/check-writes.ts), and the request is the engine's own copy, the caller's metadata included
 * (calculating/request-context.ts).
 */
function mayChangeAfterRead(path: readonly string[]): boolean {
  return !INPUT_ROOTS.includes(path[0]);
}

/** The fields the generic builder writes when the master inputs of `mask` are tables. */
function shapeOf(plan: TracePlan, mask: number): ShapeField[] {
  const fields: ShapeField[] = [];
  let bit = 0;
  for (const [name, isRate, fromMasters, slot] of plan.inputs) {
    const left = fromMasters && (mask & (1 << bit++)) !== 0;
    if (!left) fields.push([name, isRate, slot]);
  }
  for (const [name, isRate, , slot] of plan.bindings) fields.push([name, isRate, slot]);
  return fields;
}

export function rawString(v: unknown): string | null {
  if (isDecimal(v)) return toDecString(v as Decimal, 20);
  if (v === null || v === undefined) return null;
  return String(v);
}

/** rounded_amount: an integer, or a decimal string (hourly base) when the rule names no rounding. */
export function roundedValue(v: unknown, format: 'integer' | 'decimal_string' = 'integer'): number | string | null {
  if (!isDecimal(v)) return v === null || v === undefined ? null : String(v);
  const d = v as Decimal;
  return d.isInteger() && format === 'integer' ? numberOf(d) : toDecString(d, 10);
}

/**
 * A trace note's template ({{ path }} placeholders) parsed once: placeholders filled per scope by
 * compiled path readers.
 */
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
