/**
 * A calculation as JSON text with its trace in a compact form, and the way back. Why: most of a
 * traced result repeats in every result: each step's rule, formula, input refs and provenance (its rule
 * version's template: template.ts), the names of its inputs (the same for every calculation of the same
 * rule and shape) and its master references (the same under the same masters). A writer of many results (the batch) writes those once, in a dictionary, and per result
 * only each step's own values.
 *
 * The compact result is the result with `calculation_trace` replaced, in the same place, by
 * `calculation_trace_compact`: per step `[id, slot, ...]`, a dictionary entry and the step's variable
 * values in its key order. An entry (`steps`) holds the step's keys in order, the constant values, and
 * per variable key its slot's form: `"value"` (the value as is), `"interned"` (a number naming a
 * `values` entry, or the value wrapped in a one-element array), or a list of keys (an object written as
 * the array of its values in that order). Entries appear in the dictionary text of the first result
 * that uses them. A calculation without trace is written as calculationJson writes it.
 *
 * Exact by construction: JSON.stringify(reader.expand(JSON.parse(text))) is calculationJson(calc)
 * (test/engine/trace-writers.test.ts).
 */
import type { Calculation } from './calculation.ts';
import { plainJson, traceJson } from './json-text.ts';
import { TextSink, writeCalculation } from './json-writer.ts';
import { rawAmount, recordInputs, roundedAmount, type StepRecord } from './records.ts';
import { traceValueOf, type TraceShape } from './steps.ts';
import { refsText, templateOf, type StepTemplate } from './template.ts';

export const COMPACT_TRACE_KEY = 'calculation_trace_compact';
const TRACE_KEY = 'calculation_trace';

type SlotForm = 'value' | 'interned' | readonly string[];

/** JSON.stringify's text for a value in an array (undefined as null). */
function elementJson(v: unknown): string {
  return plainJson(v) ?? (JSON.stringify(v) as string | undefined) ?? 'null';
}

export interface CompactTraceOptions {
  /** The first entry id; several writers of one output use different ones (e.g. their index) ... */
  firstId?: number;
  /** ... and step by their number, so that their ids never meet. */
  idStep?: number;
  /** Interned values kept at most; later new values are written in place (memory stays bounded). */
  maxValues?: number;
}

/** A dictionary entry: a template with its inputs' keys (known from the shape, or listed). */
interface Entry {
  id: number;
  t: StepTemplate;
  /** the shape the inputs were written from, or null where their keys were listed ... */
  shape: TraceShape | null;
  /** ... and whether the date basis keys follow them */
  basis: boolean;
  inputKeys: readonly string[];
}
/** Entries per rule plan kept at most (a rule's steps come in a few shapes; a reload makes new ones). */
const ENTRIES_PER_PLAN = 8;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Writes calculations with compact traces, and remembers which dictionary entries it has written. One
 * writer per output stream (or per worker, with its own ids): the entries it made are given once, by
 * takeDictionary.
 */
export class CompactTraceWriter {
  private readonly entries = new Map<object, Entry[]>();
  private readonly values = new Map<string, number>();
  private readonly idStep: number;
  private readonly maxValues: number;
  private nextStepId: number;
  private nextValueId: number;
  private newSteps = '';
  private newValues = '';

  constructor(o: CompactTraceOptions = {}) {
    this.nextStepId = this.nextValueId = o.firstId ?? 0;
    this.idStep = o.idStep ?? 1;
    this.maxValues = o.maxValues ?? 100_000;
  }

  /** The calculation's JSON text, its trace compact. Call takeDictionary() after it, and write its text before or with it. */
  write(calc: Calculation): string {
    const sink = new TextSink();
    if (calc.records.length === 0) writeCalculation(calc, sink, TRACE_KEY, () => {});
    else
      writeCalculation(calc, sink, COMPACT_TRACE_KEY, (records) => {
        for (let i = 0; i < records.length; i++) sink.ascii((i === 0 ? '' : ',') + this.stepJson(records[i]));
      });
    return sink.out;
  }

  /** The entries made since the last call, as the JSON text of a dictionary ({"steps":{…},"values":{…}}), or undefined. */
  takeDictionary(): string | undefined {
    if (this.newSteps === '' && this.newValues === '') return undefined;
    const text = `{"steps":{${this.newSteps}},"values":{${this.newValues}}}`;
    this.newSteps = this.newValues = '';
    return text;
  }

  /** A record's compact step, [id, slot, ...]. */
  private stepJson(rec: StepRecord): string {
    const t = templateOf(rec);
    const shape = rec.shape !== null && rec.shape.plainKeys ? rec.shape : null;
    const basis = rec.basis !== 'payment_date';
    let e: Entry;
    let inputs = '[';
    if (shape !== null) {
      e = this.entry(rec, t, shape, basis, null);
      const { fields } = shape;
      const values = rec.values;
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i];
        const v = values[field[2]];
        inputs += (i === 0 ? '' : ',') + (traceJson(field[1], v) ?? elementJson(traceValueOf(field[1], v)));
      }
      if (basis) inputs += (fields.length === 0 ? '' : ',') + elementJson(rec.basis) + ',' + elementJson(rec.date);
    } else {
      // inputs whose keys are not known in advance (a spread lookup's: the columns of the row it found)
      const object = recordInputs(rec);
      const keys = Object.keys(object);
      e = this.entry(rec, t, null, basis, keys);
      for (let i = 0; i < keys.length; i++) inputs += (i === 0 ? '' : ',') + elementJson(object[keys[i]]);
    }
    inputs += ']';
    let out = '[' + e.id;
    for (const variable of t.variables) {
      if (variable === 'inputs') out += ',' + inputs;
      else if (variable === 'raw_amount') out += ',' + elementJson(rawAmount(rec));
      else if (variable === 'rounded_amount') out += ',' + elementJson(roundedAmount(rec));
      else if (variable === 'master_refs') out += ',' + this.intern(refsText(rec.refs).json);
      else out += ',' + this.intern(JSON.stringify(rec.notes));
    }
    return out + ']';
  }

  /** The entry of a record's template with these inputs, made (and pending in the dictionary) when new. */
  private entry(rec: StepRecord, t: StepTemplate, shape: TraceShape | null, basis: boolean, keys: readonly string[] | null): Entry {
    let list = this.entries.get(rec.plan);
    if (list === undefined) this.entries.set(rec.plan, (list = []));
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (e.t === t && e.shape === shape && e.basis === basis && (keys === null || sameKeys(e.inputKeys, keys))) return e;
    }
    let inputKeys = keys;
    if (inputKeys === null) {
      inputKeys = shape!.fields.map(([name]) => name);
      if (basis) inputKeys = [...inputKeys, 'rule_date_basis', 'rule_version_date'];
    }
    const e: Entry = { id: this.nextStepId, t, shape, basis, inputKeys };
    this.nextStepId += this.idStep;
    if (list.unshift(e) > ENTRIES_PER_PLAN) list.pop();
    const slots: SlotForm[] = t.variables.map((v) =>
      v === 'inputs' ? inputKeys : v === 'master_refs' || v === 'notes' ? 'interned' : 'value',
    );
    const entry = JSON.stringify({ keys: t.keys, constant: t.constant, slots });
    this.newSteps += (this.newSteps === '' ? '' : ',') + `"${e.id}":${entry}`;
    return e;
  }

  /** The id of an interned value (given as its JSON text), defining it when new; the value in a one-element array when the table is full. */
  private intern(json: string): string {
    let id = this.values.get(json);
    if (id === undefined) {
      if (this.values.size >= this.maxValues) return '[' + json + ']';
      id = this.nextValueId;
      this.nextValueId += this.idStep;
      this.values.set(json, id);
      this.newValues += (this.newValues === '' ? '' : ',') + `"${id}":${json}`;
    }
    return '' + id;
  }
}

interface DictionaryEntry {
  keys: string[];
  constant: Record<string, unknown>;
  slots: SlotForm[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
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
  private readonly steps = new Map<number, DictionaryEntry>();
  private readonly values = new Map<number, unknown>();

  define(dictionary: unknown): void {
    if (!isPlainObject(dictionary)) throw new Error('a trace dictionary must be an object');
    const steps = (dictionary.steps ?? {}) as Record<string, unknown>;
    const values = (dictionary.values ?? {}) as Record<string, unknown>;
    if (!isPlainObject(steps) || !isPlainObject(values)) throw new Error('a trace dictionary has objects "steps" and "values"');
    for (const id of Object.keys(steps)) {
      const e = steps[id] as Partial<DictionaryEntry>;
      if (
        !isPlainObject(e) ||
        !Array.isArray(e.keys) ||
        !isPlainObject(e.constant) ||
        !Array.isArray(e.slots) ||
        !e.slots.every(isSlotForm) ||
        e.keys.filter((k) => !Object.hasOwn(e.constant!, k)).length !== e.slots.length
      )
        throw new Error(`trace dictionary entry ${id} is malformed`);
      this.steps.set(Number(id), e as DictionaryEntry);
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
