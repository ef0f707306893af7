/**
 * A calculation result as JSON text with its trace in a compact form, and the way back. Why: with trace
 * a monthly result is ~38 KB, and most of it repeats in every result: each step's rule, formula, input
 * refs and provenance (the same for every calculation of a rule version), the names of its inputs (the
 * same for every calculation of the same rule and shape) and its master references (the same for every
 * calculation under the same masters). A writer of many results (the batch) writes those once, in a
 * dictionary, and per result only each step's own values.
 *
 * The compact result is the result with `calculation_trace` replaced, in the same place, by
 * `calculation_trace_compact`: per step either `[id, slot, ...]` (a dictionary entry and the step's
 * variable values in its key order) or, for a step no entry can describe exactly, the step itself as an
 * object. An entry (`steps`) holds the step's keys in order, the constant values, and per variable key
 * its slot's form: `"value"` (the value as is), `"interned"` (a number naming a `values` entry, or the
 * value wrapped in a one-element array), or a list of keys (an object written as the array of its
 * values in that order). Entries appear in the dictionary text of the first result that uses them.
 *
 * Exact by construction: a step is written through an entry only when JSON.stringify would write the
 * same text for it as for the step the entry was made from, in its constant parts (the same keys in the
 * same order, identical constant values: primitives or flat arrays and objects of them) and in the keys
 * of its shaped objects; every value written is JSON that JSON.parse and JSON.stringify give back as it
 * was. So JSON.stringify(expand(JSON.parse(compact))) is JSON.stringify(result), byte for byte
 * (test/batch/trace-compact.test.ts).
 */
import { hasToJson, isPlainObject } from './json-kinds.ts';
import type { RulePlan } from '../calculating/plan.ts';
import { traceValueOf } from './trace.ts';
import { memberJson, plainJson, traceJson } from './trace-json.ts';
import type { ShapeField } from './trace-shape.ts';
import { materializeStep, pendingRecords, recordedValue, recordInputs, STEP_VARIABLES, type StepRecord } from './trace-record.ts';

/** Variable values that repeat across results (master versions, note texts): written once, then named. */
const INTERNED = new Set(['master_refs', 'notes']);
/** Variable objects whose key names repeat (a rule's inputs): written as their values only. */
const SHAPED = new Set(['inputs']);

export const COMPACT_TRACE_KEY = 'calculation_trace_compact';
const TRACE_KEY = 'calculation_trace';

type SlotForm = 'value' | 'interned' | readonly string[];

interface Template {
  id: number;
  /** the step's keys in JSON.stringify's order */
  keys: string[];
  /** per key: its constant value, or VARIABLE_SLOT */
  constants: unknown[];
  /** per variable key, in key order */
  forms: SlotForm[];
  /** per interned slot: its last value (a copy) and that value's id */
  last: ({ value: unknown; id: number } | undefined)[];
}

const VARIABLE_SLOT = Symbol('variable');

/**
 * JSON.stringify's text for a value in an array, for a value with no toJSON at its top (a compact step,
 * a step made from a record, their values: made by the engine), where undefined (and what JSON.stringify
 * omits) is null.
 */
function elementJson(v: unknown): string {
  // an amount, a date, a basis: a plain string or a number, written without JSON.stringify's call
  return plainJson(v) ?? (JSON.stringify(v) as string | undefined) ?? 'null';
}

function isPrimitive(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** A value JSON.stringify writes in its own right, whatever key or index it sits at (no toJSON, nothing it would omit). */
function writtenAsIs(v: unknown): boolean {
  if (isPrimitive(v)) return true;
  if (typeof v !== 'object') return false; // undefined, function, symbol, bigint
  return !hasToJson(v);
}

/**
 * A plain object of primitives, as it was when copied: its keys and values in JSON.stringify's order,
 * kept as arrays so that comparing a later object with it allocates nothing.
 */
class Flat {
  constructor(
    readonly keys: string[],
    readonly values: unknown[],
  ) {}

  /** `v` is a plain object JSON.stringify writes as this one was written: the same keys in the same order, identical values. */
  matches(v: unknown): boolean {
    if (!isPlainObject(v) || hasToJson(v)) return false;
    let i = 0;
    const { keys, values } = this;
    for (const k in v) {
      if (k !== keys[i] || v[k] !== values[i]) return false;
      i++;
    }
    return i === keys.length;
  }
}

/** The Flat of a plain object whose values are primitives (a toJSON function is not one); undefined otherwise. */
function flatOf(v: unknown): Flat | undefined {
  if (!isPlainObject(v) || hasToJson(v)) return undefined;
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const k in v) {
    if (!isPrimitive(v[k])) return undefined;
    keys.push(k);
    values.push(v[k]);
  }
  return new Flat(keys, values);
}

/**
 * A copy an entry can hold and compare a later value with, by identity of primitives: the primitive
 * itself, a Flat, or an array of primitives and Flats; undefined for anything else (nested deeper, or
 * not plain).
 */
function flatCopy(v: unknown): unknown {
  if (isPrimitive(v)) return v;
  if (!Array.isArray(v)) return flatOf(v);
  if (hasToJson(v)) return undefined;
  const copy = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) {
    const e: unknown = v[i];
    const c = isPrimitive(e) ? e : flatOf(e);
    if (c === undefined) return undefined;
    copy[i] = c;
  }
  return copy;
}

/** `value` is written by JSON.stringify as the value `copy` (a flatCopy) was made from: identical primitives, the same keys in the same order. */
function sameFlat(value: unknown, copy: unknown): boolean {
  if (value === copy) return true;
  if (copy instanceof Flat) return copy.matches(value);
  if (!Array.isArray(copy) || !Array.isArray(value) || value.length !== copy.length || hasToJson(value)) return false;
  for (let i = 0; i < copy.length; i++) {
    const e: unknown = value[i];
    const c: unknown = copy[i];
    if (e !== c && !(c instanceof Flat && c.matches(e))) return false;
  }
  return true;
}

/** An object a slot can write as its values: plain, every value written the same at any index. */
function shapeOf(v: unknown): string[] | undefined {
  if (!isPlainObject(v) || hasToJson(v)) return undefined;
  const keys: string[] = [];
  for (const k in v) {
    if (!writtenAsIs(v[k])) return undefined;
    keys.push(k);
  }
  return keys;
}

/** The values of `v` in the order of `shape`, when it is a plain object with exactly those keys in that order, each written the same at any index. */
function shapedValues(v: unknown, shape: readonly string[]): unknown[] | undefined {
  if (!isPlainObject(v) || hasToJson(v)) return undefined;
  const values = new Array<unknown>(shape.length);
  let i = 0;
  for (const k in v) {
    const x = v[k];
    if (k !== shape[i] || !writtenAsIs(x)) return undefined;
    values[i++] = x;
  }
  return i === shape.length ? values : undefined;
}

/**
 * The compact step [id, slot, ...] when `step` fits the template: the same keys in the same order, the
 * same constants, variable values its slots can write (interned slots still hold their value, for
 * stepValue to name); undefined when it does not fit. Checking and collecting are one pass, so a shaped
 * object's values are read once, in its own key order.
 */
function compactIfFits(step: Record<string, unknown>, t: Template): unknown[] | undefined {
  if (hasToJson(step)) return undefined;
  let i = 0;
  const { keys, constants, forms } = t;
  const out: unknown[] = [t.id];
  for (const k in step) {
    if (k !== keys[i]) return undefined;
    const c = constants[i];
    const v = step[k];
    if (c === VARIABLE_SLOT) {
      const form = forms[out.length - 1];
      if (typeof form === 'string') {
        if (!writtenAsIs(v)) return undefined;
        out.push(v);
      } else {
        const values = shapedValues(v, form);
        if (values === undefined) return undefined;
        out.push(values);
      }
    } else if (v !== c && !sameFlat(v, c)) return undefined;
    i++;
  }
  return i === keys.length ? out : undefined;
}

export interface CompactTraceOptions {
  /** The first entry id; several writers of one output use different ones (e.g. their index) ... */
  firstId?: number;
  /** ... and step by their number, so that their ids never meet. */
  idStep?: number;
  /** Interned values kept at most; later new values are written in place (memory stays bounded). */
  maxValues?: number;
}

/** Templates per formula code kept at most (a rule's steps come in a few shapes; a reload makes new ones). */
const TEMPLATES_PER_KEY = 8;

/**
 * An entry made from a step made from a record (so never a changed step), used for the later records of
 * the same rule plan with the same rule hash, notes or none, inputs fields and date basis: their steps
 * would have the same keys and constants, and inputs of those keys in that order.
 */
interface RecordEntry {
  t: Template;
  sha: string | null;
  notes: boolean;
  /** the inputs' fields (trace-shape.ts), or null for a record whose shape was not known in advance ... */
  fields: readonly ShapeField[] | null;
  /** ... whose inputs' keys, in JSON.stringify's order, are these */
  inputKeys: readonly string[] | null;
  /** the date basis keys are added to the inputs (the rule version's date is not the payment date) */
  basisKeys: boolean;
  /** the variable keys, in order */
  variables: string[];
}
/** Record entries per rule plan kept at most. */
const ENTRIES_PER_PLAN = 8;

/**
 * Writes results with compact traces, and remembers which dictionary entries it has written. One writer
 * per output stream (or per worker, with its own ids): entries it made are given once, by takeDictionary.
 */
export class CompactTraceWriter {
  private readonly templates = new Map<unknown, Template[]>();
  private readonly recordEntries = new Map<RulePlan, RecordEntry[]>();
  private readonly values = new Map<string, number>();
  private readonly idStep: number;
  private readonly maxValues: number;
  private nextStepId: number;
  private nextValueId: number;
  private newSteps = '';
  private newValues = '';
  /** a result is being written (see resultJson) */
  private writing = false;

  constructor(o: CompactTraceOptions = {}) {
    this.nextStepId = this.nextValueId = o.firstId ?? 0;
    this.idStep = o.idStep ?? 1;
    this.maxValues = o.maxValues ?? 100_000;
  }

  /**
   * JSON text of `result` with its trace compact (JSON.stringify(result) when it has no trace of plain
   * step objects). Entries it defines are pending until takeDictionary(): call that after each result
   * written, and write its text before or with that result.
   */
  resultJson(result: unknown): string {
    // a toJSON met while writing (in a value, or a master ref) that writes another result with this writer:
    // that one is written in full, so no entry it would make lands among the outer result's pending ones
    if (this.writing || !isPlainObject(result) || hasToJson(result) || COMPACT_TRACE_KEY in result) return JSON.stringify(result);
    this.writing = true;
    try {
      return this.compactJson(result);
    } finally {
      this.writing = false;
    }
  }

  private compactJson(result: Record<string, unknown>): string {
    // a trace nobody has read yet (trace-record.ts): written as text straight from its records
    const records = pendingRecords(result);
    if (records !== undefined) return this.recordsJson(result, records);
    const steps = result[TRACE_KEY];
    // (a trace with a toJSON is written as that says: the whole result is left to JSON.stringify)
    if (!Array.isArray(steps) || steps.length === 0 || hasToJson(steps) || !steps.every(isPlainObject)) return JSON.stringify(result);
    // one JSON.stringify of the compact result: many small calls (one per value) cost more than the bytes they save
    const compact = new Array<unknown>(steps.length);
    for (let i = 0; i < steps.length; i++) compact[i] = this.stepValue(steps[i] as Record<string, unknown>);
    const out: Record<string, unknown> = {};
    // own keys only, as JSON.stringify writes them (for-in would also meet an inherited enumerable one)
    for (const k of Object.keys(result)) {
      const key = k === TRACE_KEY ? COMPACT_TRACE_KEY : k;
      // (the trace is not read: it stays unread, as writing it leaves it)
      const value = k === TRACE_KEY ? compact : result[k];
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    return JSON.stringify(out);
  }

  /**
   * The text JSON.stringify gives the compact result of a result whose trace is still records: each
   * compact step written as text from its record (values made into arrays and handed to JSON.stringify
   * cost a quarter more: docs/performance.md, thirteenth round), then the result's own keys in order, as
   * trace-json.ts writes them. The steps come first, as the compact result's were made before
   * JSON.stringify met a toJSON among its values.
   */
  private recordsJson(result: Record<string, unknown>, records: readonly StepRecord[]): string {
    let trace = '[';
    for (let i = 0; i < records.length; i++) trace += (i === 0 ? '' : ',') + this.recordJson(records[i]);
    trace += ']';
    let out = '';
    for (const k of Object.keys(result)) {
      const member = k === TRACE_KEY ? '"' + COMPACT_TRACE_KEY + '":' + trace : memberJson(k, result[k]);
      if (member !== undefined) out += (out === '' ? '{' : ',') + member;
    }
    return out === '' ? '{}' : out + '}';
  }

  /** The entries made since the last call, as the JSON text of a dictionary ({"steps":{…},"values":{…}}), or undefined. */
  takeDictionary(): string | undefined {
    // (asked from a toJSON while a result is being written: its entries are the outer result's to give)
    if (this.writing || (this.newSteps === '' && this.newValues === '')) return undefined;
    const text = `{"steps":{${this.newSteps}},"values":{${this.newValues}}}`;
    this.newSteps = this.newValues = '';
    return text;
  }

  /**
   * The compact step: [id, slot, ...] as values JSON.stringify writes as it writes them in the step (the
   * same index in the trace array; no toJSON, nothing it omits), or the step itself when no entry fits.
   */
  private stepValue(step: Record<string, unknown>): unknown {
    const key = step.formula_code;
    let list = this.templates.get(key);
    let t: Template | undefined;
    let out: unknown[] | undefined;
    if (list)
      for (let i = 0; i < list.length && !out; i++) {
        out = compactIfFits(step, list[i]);
        if (out) t = list[i];
      }
    if (!t) {
      t = this.templateOf(step);
      if (!t) return step;
      if (!list) this.templates.set(key, (list = []));
      if (list.unshift(t) > TEMPLATES_PER_KEY) list.pop();
      // a step fits the template made from it (templateOf refuses any step that would not)
      out = compactIfFits(step, t)!;
    }
    const forms = t.forms;
    for (let s = 0; s < forms.length; s++) if (forms[s] === 'interned') out![s + 1] = this.intern(t, s, out![s + 1]);
    return out;
  }

  /**
   * The text of a record's compact step, [id, slot, ...], through the record entry of its plan that it
   * fits, made from the step made from it when there is none (or the step itself, when no entry can
   * describe it). Each value is written as JSON.stringify writes it in the step array (undefined as null).
   */
  private recordJson(rec: StepRecord): string {
    const fields = rec.shape?.fields;
    if (fields === undefined) return this.unshapedRecordJson(rec);
    const basisKeys = rec.basis !== 'payment_date';
    let e = this.recordEntry(rec, fields, basisKeys, null);
    if (e === undefined) {
      const names = fields.map(([name]) => name);
      if (basisKeys) names.push('rule_date_basis', 'rule_version_date');
      const made = this.newRecordEntry(rec, fields, basisKeys, names);
      if (!made.entry) return elementJson(this.stepValue(made.step));
      e = made.entry;
    }
    const values = rec.values;
    let inputs = '[';
    for (let i = 0; i < fields.length; i++) {
      // indexed reads, not destructuring (as trace-json.ts's recordInputsJson)
      const field = fields[i];
      const isRate = field[1];
      const v = values[field[2]];
      const json = traceJson(isRate, v, 1) ?? elementJson(traceValueOf(isRate, v));
      inputs += i === 0 ? json : ',' + json;
    }
    if (basisKeys) inputs += (fields.length === 0 ? '' : ',') + elementJson(rec.basis) + ',' + elementJson(rec.date);
    return this.entryJson(e, rec, inputs + ']');
  }

  /**
   * A record whose inputs' shape was not known in advance (a spread lookup's, whose inputs are the
   * columns of the row it found): its inputs made as the step has them, and written as their values
   * through an entry of the same keys in the same order (JSON.stringify's), or the step itself.
   */
  private unshapedRecordJson(rec: StepRecord): string {
    const inputs = recordInputs(rec);
    const keys = shapeOf(inputs);
    let e = keys === undefined ? undefined : this.recordEntry(rec, null, false, keys);
    if (e === undefined) {
      const made = this.newRecordEntry(rec, null, false, keys);
      if (!made.entry) return elementJson(this.stepValue(made.step));
      e = made.entry;
    }
    const names = e.inputKeys!;
    let text = '[';
    for (let i = 0; i < names.length; i++) text += (i === 0 ? '' : ',') + elementJson(inputs[names[i]]);
    return this.entryJson(e, rec, text + ']');
  }

  /** The record entry of rec's plan for these fields (a shaped record) or these input keys (an unshaped one), if made. */
  private recordEntry(
    rec: StepRecord,
    fields: readonly ShapeField[] | null,
    basisKeys: boolean,
    inputKeys: readonly string[] | null,
  ): RecordEntry | undefined {
    const list = this.recordEntries.get(rec.plan);
    if (list === undefined) return undefined;
    const notes = rec.notes !== undefined;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (c.sha !== rec.sha || c.notes !== notes || c.fields !== fields || c.basisKeys !== basisKeys) continue;
      // (the same keys in the same order: sameFlat of two arrays of strings)
      if (inputKeys === null || sameFlat(inputKeys, c.inputKeys)) return c;
    }
    return undefined;
  }

  /**
   * A record entry made from the step made from rec, when its entry writes the inputs as exactly the
   * values of `names` in that order (else no entry: the caller writes the step as any other step). An
   * unshaped record's entry (fields null) is found again by those names.
   */
  private newRecordEntry(
    rec: StepRecord,
    fields: readonly ShapeField[] | null,
    basisKeys: boolean,
    names: readonly string[] | undefined,
  ): { step: Record<string, unknown>; entry?: RecordEntry } {
    const step = materializeStep(rec) as unknown as Record<string, unknown>;
    const t = names === undefined ? undefined : this.templateOf(step);
    if (t === undefined) return { step };
    const variables = t.keys.filter((k) => STEP_VARIABLES.has(k));
    const inputsForm = t.forms[variables.indexOf('inputs')];
    if (!Array.isArray(inputsForm) || !sameFlat(names, inputsForm)) return { step };
    const inputKeys = fields === null ? names! : null;
    const entry: RecordEntry = { t, sha: rec.sha, notes: rec.notes !== undefined, fields, basisKeys, variables, inputKeys };
    let list = this.recordEntries.get(rec.plan);
    if (!list) this.recordEntries.set(rec.plan, (list = []));
    if (list.unshift(entry) > ENTRIES_PER_PLAN) list.pop();
    return { step, entry };
  }

  /** A compact step's text through its entry: the inputs' text given, the other variables written here. */
  private entryJson(e: RecordEntry, rec: StepRecord, inputs: string): string {
    const { t, variables } = e;
    let out = '[' + t.id;
    for (let s = 0; s < variables.length; s++) {
      if (variables[s] === 'inputs') {
        out += ',' + inputs;
        continue;
      }
      const v = recordedValue(rec, variables[s]);
      if (t.forms[s] !== 'interned') out += ',' + elementJson(v);
      else {
        const id = this.intern(t, s, v);
        out += ',' + (typeof id === 'number' ? '' + id : elementJson(id));
      }
    }
    return out + ']';
  }

  /**
   * The id of an interned slot's value, defining it when new; the value in a one-element array when the
   * table is full. The value the slot had last time is checked first: master references repeat from one
   * result to the next, and comparing them costs less than writing and hashing their text.
   */
  private intern(t: Template, slot: number, v: unknown): number | unknown[] {
    const last = t.last[slot];
    if (last !== undefined && sameFlat(v, last.value)) return last.id;
    const json = JSON.stringify(v);
    let id = this.values.get(json);
    if (id === undefined) {
      if (this.values.size >= this.maxValues) return [v];
      id = this.nextValueId;
      this.nextValueId += this.idStep;
      this.values.set(json, id);
      this.newValues += (this.newValues === '' ? '' : ',') + `"${id}":${json}`;
    }
    const copy = flatCopy(v);
    if (copy !== undefined) t.last[slot] = { value: copy, id };
    return id;
  }

  /** A new entry made from `step`, pending in the dictionary; undefined when no entry can describe it exactly. */
  private templateOf(step: Record<string, unknown>): Template | undefined {
    if (hasToJson(step)) return undefined;
    const keys: string[] = [];
    const constants: unknown[] = [];
    const forms: SlotForm[] = [];
    const constant: Record<string, unknown> = {};
    for (const k in step) {
      const v = step[k];
      keys.push(k);
      if (STEP_VARIABLES.has(k)) {
        if (!writtenAsIs(v)) return undefined; // a key JSON.stringify would leave out, or write through toJSON
        constants.push(VARIABLE_SLOT);
        forms.push(INTERNED.has(k) ? 'interned' : SHAPED.has(k) ? (shapeOf(v) ?? 'value') : 'value');
        continue;
      }
      // kept as they are now: a later step fits only if its values are identical to these
      const copy = flatCopy(v);
      if (copy === undefined || (Array.isArray(copy) && copy.some((c) => c instanceof Flat))) return undefined;
      constants.push(copy);
      Object.defineProperty(constant, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    const t: Template = { id: this.nextStepId, keys, constants, forms, last: forms.map(() => undefined) };
    this.nextStepId += this.idStep;
    const entry = JSON.stringify({ keys, constant, slots: forms });
    this.newSteps += (this.newSteps === '' ? '' : ',') + `"${t.id}":${entry}`;
    return t;
  }
}

interface Entry {
  keys: string[];
  constant: Record<string, unknown>;
  slots: SlotForm[];
}

function isSlotForm(v: unknown): v is SlotForm {
  return v === 'value' || v === 'interned' || (Array.isArray(v) && v.every((k) => typeof k === 'string'));
}

/** An object with these keys and values in this order; null-prototype so that any key, "__proto__" too, is plain data. */
function objectOf(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const o = Object.create(null) as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) o[keys[i]] = values[i];
  return o;
}

/**
 * Reads compact results back: define() each dictionary in the order written, expand() each result. An
 * entry must be defined before a result that uses it, so an output is expanded from its first line.
 */
export class CompactTraceReader {
  private readonly steps = new Map<number, Entry>();
  private readonly values = new Map<number, unknown>();

  define(dictionary: unknown): void {
    if (!isPlainObject(dictionary)) throw new Error('a trace dictionary must be an object');
    const steps = (dictionary.steps ?? {}) as Record<string, unknown>;
    const values = (dictionary.values ?? {}) as Record<string, unknown>;
    if (!isPlainObject(steps) || !isPlainObject(values)) throw new Error('a trace dictionary has objects "steps" and "values"');
    for (const id of Object.keys(steps)) {
      const e = steps[id] as Partial<Entry>;
      if (
        !isPlainObject(e) ||
        !Array.isArray(e.keys) ||
        !isPlainObject(e.constant) ||
        !Array.isArray(e.slots) ||
        !e.slots.every(isSlotForm) ||
        e.keys.filter((k) => !Object.hasOwn(e.constant!, k)).length !== e.slots.length
      )
        throw new Error(`trace dictionary entry ${id} is malformed`);
      this.steps.set(Number(id), e as Entry);
    }
    for (const id of Object.keys(values)) this.values.set(Number(id), values[id]);
  }

  /** The result with its compact trace written out in full (the result itself when it has none). */
  expand(result: Record<string, unknown>): Record<string, unknown> {
    if (!isPlainObject(result) || !Object.hasOwn(result, COMPACT_TRACE_KEY)) return result;
    const out = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(result)) {
      if (k !== COMPACT_TRACE_KEY) out[k] = result[k];
      else {
        const compact = result[k];
        if (!Array.isArray(compact)) throw new Error(`${COMPACT_TRACE_KEY} must be an array`);
        out[TRACE_KEY] = compact.map((s) => this.step(s));
      }
    }
    return out;
  }

  private step(s: unknown): unknown {
    if (!Array.isArray(s)) return s; // a step written in full
    const e = this.steps.get(s[0] as number);
    if (!e) throw new Error(`trace step entry ${String(s[0])} is not defined before its use (expand an output from its first line)`);
    const out = Object.create(null) as Record<string, unknown>;
    let slot = 0;
    for (const k of e.keys) {
      if (Object.hasOwn(e.constant, k)) {
        out[k] = e.constant[k];
        continue;
      }
      const form = e.slots[slot];
      const v: unknown = s[++slot];
      if (form === 'value') out[k] = v;
      else if (form === 'interned') out[k] = this.interned(v);
      else out[k] = objectOf(form, v as unknown[]);
    }
    return out;
  }

  private interned(v: unknown): unknown {
    if (Array.isArray(v)) return v[0];
    const value = this.values.get(v as number);
    if (value === undefined)
      throw new Error(`trace value ${String(v)} is not defined before its use (expand an output from its first line)`);
    return value;
  }
}
