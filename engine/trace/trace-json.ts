/**
 * A calculation result as JSON text: the same text as JSON.stringify(result), but each trace step's
 * constant part (its rule's step, formula, input refs and provenance: the same for every calculation of
 * a rule version, about half of a monthly answer with trace) is serialised once per rule version and
 * spliced, so only the step's own values (inputs, amounts, master refs, notes) are serialised per call.
 * A step's inputs, a flat record of primitives, and the result's own values, plain trees of them, are
 * written key by key rather than by JSON.stringify's generic walk, with JSON.stringify for any value
 * that is not a plain object, an array or a string, number, boolean or null it writes without escaping.
 *
 * resultUtf8 writes the same text as UTF-8 bytes, the constant parts added already encoded: the text
 * of a traced answer is two-byte (the legal sources are Japanese), so building it as a string and
 * encoding it cost as much again as serialising it (a step's master_refs text, reused while the records
 * are the same, is added encoded too). The rest, ASCII where known to be (the values this file writes
 * itself), is added as it is; all of it gathered as one string of bytes and written with one call
 * (slab-writer.ts).
 *
 * Exact by construction: a step's template is made from a step of the same rule version, key by key as
 * JSON.stringify walks it, and used for a later step only when that step has the same keys in the same
 * order and the same constant values (a step changed after the calculation is serialised as it is).
 *
 * A trace nobody has read yet (trace-record.ts: the engine keeps it as records) is written straight from
 * its records, through templates made from steps made from records (never a changed step): no step
 * object is made and no fit is checked, each value is turned into text once.
 */
import { hasToJson, isAscii, isPlainObject } from './json-kinds.ts';
import { SlabWriter, utf8Bytes } from './slab-writer.ts';
import { isDecimal, type Decimal } from '../decimal.ts';
import { decimalToJson } from '../logic/serialize.ts';
import { traceValueOf, traceValueText } from './trace.ts';
import {
  materializeStep,
  pendingRecords,
  plansOf,
  recordedValue,
  recordInputs,
  STEP_VARIABLES,
  TRACE_KEY,
  type StepRecord,
} from './trace-record.ts';

interface StepTemplate {
  /** the step's keys in JSON.stringify's order */
  keys: string[];
  /** per key: its constant value (a copy, for an array or object), or VARIABLE_SLOT */
  constants: unknown[];
  /** per key: how fits compares the step's value with the constant, and for a flat object its keys */
  kinds: Kind[];
  constantKeys: (string[] | undefined)[];
  /** the variable keys, in order; texts[i] comes before the i-th variable's text, texts[n] after the last */
  variables: string[];
  texts: string[];
  /** texts[i]'s UTF-8 bytes, one character per byte (slab-writer.ts's utf8Bytes); made at the first resultUtf8 */
  bytes?: string[];
  /** per variable: the last array of flat records written there and its text (master_refs repeat across calculations) */
  lastRecords: (LastRecords | undefined)[];
  /** the keys of the last inputs written, each one's text with the `{` or `,` before it, and whether that text is ASCII */
  inputKeys: string[];
  inputKeyTexts: string[];
  inputKeysAscii: boolean[];
}

const VARIABLE_SLOT = Symbol('variable');

/**
 * A constant's kind: the variable slot; a primitive, the same when identical; a flat array or flat plain
 * object, the same when its elements or keys and values are (and it has no toJSON); anything else
 * (another object, a function), never the same, as its text could change while it stays identical.
 */
const VARIABLE_KIND = 0;
const PRIMITIVE = 1;
const FLAT_ARRAY = 2;
const FLAT_OBJECT = 3;
const NEVER = 4;
type Kind = typeof VARIABLE_KIND | typeof PRIMITIVE | typeof FLAT_ARRAY | typeof FLAT_OBJECT | typeof NEVER;

interface LastRecords {
  /** copies of the records, as they were when written, and their keys */
  records: Record<string, unknown>[];
  recordKeys: string[][];
  /** per record: the record itself when its text cannot change (see fixedRecord), else NOT_FIXED */
  fixed: unknown[];
  json: string;
  /** json's UTF-8 bytes as utf8Bytes makes them, made at the first resultUtf8 that reuses it */
  bytes?: string;
}

const NOT_FIXED = Symbol('not fixed');

/** Per rule plan (one rule version as loaded), the template of its steps with and without notes. */
const templates = new WeakMap<object, [StepTemplate | undefined, StepTemplate | undefined]>();

/** A value JSON.stringify writes as itself in an array or object: a primitive (and undefined), not an object or function. */
function primitive(v: unknown): boolean {
  return (typeof v !== 'object' || v === null) && typeof v !== 'function';
}

/** An array JSON.stringify writes the same as the flat array `constant`: no toJSON, the same primitives. */
function sameArray(value: unknown, constant: unknown[]): boolean {
  if (!Array.isArray(value) || value.length !== constant.length || hasToJson(value)) return false;
  for (let i = 0; i < value.length; i++) if (value[i] !== constant[i] || !primitive(value[i])) return false;
  return true;
}

/** An object JSON.stringify writes the same as the flat object `constant` of these keys: plain, no toJSON, the same keys in order with the same primitives. */
function sameObject(value: unknown, constant: Record<string, unknown>, keys: string[]): boolean {
  if (!isPlainObject(value) || hasToJson(value)) return false;
  let i = 0;
  for (const k in value) {
    if (k !== keys[i] || value[k] !== constant[k] || !primitive(value[k])) return false;
    i++;
  }
  return i === keys.length;
}

/** A step fits a template: the same keys in the same order, the same constant values. */
function fits(step: Record<string, unknown>, t: StepTemplate): boolean {
  let i = 0;
  const { keys, constants, kinds, constantKeys } = t;
  for (const k in step) {
    if (k !== keys[i]) return false;
    const kind = kinds[i];
    if (kind !== VARIABLE_KIND) {
      const v = step[k];
      const c = constants[i];
      if (
        kind === PRIMITIVE
          ? v !== c
          : kind === FLAT_ARRAY
            ? !sameArray(v, c as unknown[])
            : kind === NEVER || !sameObject(v, c as Record<string, unknown>, constantKeys[i]!)
      )
        return false;
    }
    i++;
  }
  return i === keys.length && !hasToJson(step);
}

/** The template of `step`: its constant keys written as JSON.stringify writes them (a key whose value it omits is left out). */
function templateOf(step: Record<string, unknown>): StepTemplate {
  const keys: string[] = [];
  const constants: unknown[] = [];
  const kinds: Kind[] = [];
  const constantKeys: (string[] | undefined)[] = [];
  const variables: string[] = [];
  const texts: string[] = [];
  let text = '{';
  let written = false;
  for (const k in step) {
    keys.push(k);
    const v = step[k];
    if (STEP_VARIABLES.has(k)) {
      constants.push(VARIABLE_SLOT);
      kinds.push(VARIABLE_KIND);
      constantKeys.push(undefined);
      variables.push(k);
      texts.push(text + (written ? ',' : '') + JSON.stringify(k) + ':');
      text = '';
      written = true;
      continue;
    }
    // constants are primitives or flat arrays and objects of them (input_refs, rule), kept as they are now
    // (a copy keeps no toJSON: an array or object with one is never the same)
    if (primitive(v)) {
      constants.push(v);
      kinds.push(PRIMITIVE);
      constantKeys.push(undefined);
    } else if (Array.isArray(v) && !hasToJson(v)) {
      constants.push(v.slice());
      kinds.push(FLAT_ARRAY);
      constantKeys.push(undefined);
    } else if (isPlainObject(v) && !hasToJson(v)) {
      const copy = { ...v };
      constants.push(copy);
      kinds.push(FLAT_OBJECT);
      constantKeys.push(Object.keys(copy));
    } else {
      constants.push(v);
      kinds.push(NEVER);
      constantKeys.push(undefined);
    }
    const json = JSON.stringify(v) as string | undefined;
    if (json === undefined) continue; // JSON.stringify leaves such a key out
    text += (written ? ',' : '') + JSON.stringify(k) + ':' + json;
    written = true;
  }
  texts.push(text + '}');
  return {
    keys,
    constants,
    kinds,
    constantKeys,
    variables,
    texts,
    lastRecords: variables.map(() => undefined),
    inputKeys: [],
    inputKeyTexts: [],
    inputKeysAscii: [],
  };
}

/** A value that is an array of records whose values are all primitives (master_refs), none with a toJSON. */
function flatRecords(v: unknown): v is Record<string, unknown>[] {
  if (!Array.isArray(v) || hasToJson(v)) return false;
  for (const r of v as unknown[]) {
    if (!isPlainObject(r) || hasToJson(r)) return false;
    for (const k in r) if (!primitive(r[k])) return false;
  }
  return true;
}

/**
 * A flat record whose text cannot change while it is the same object: frozen, so its keys, their values
 * and its prototype are fixed, and with no getter, whose value would not be. The masters' refs are such
 * records, shared by every calculation on the same settings, so they need no key-by-key comparison.
 */
function fixedRecord(r: Record<string, unknown>): boolean {
  if (!Object.isFrozen(r)) return false;
  for (const k of Object.keys(r)) if (!('value' in Object.getOwnPropertyDescriptor(r, k)!)) return false;
  return true;
}

/** The same records: each the same fixed record, or key by key in the same order with identical primitive values. */
function sameRecords(v: unknown[], last: LastRecords): boolean {
  const { records, recordKeys, fixed } = last;
  if (v.length !== records.length || hasToJson(v)) return false;
  for (let i = 0; i < v.length; i++) if (v[i] !== fixed[i] && !sameObject(v[i], records[i], recordKeys[i])) return false;
  return true;
}

/**
 * A string JSON.stringify writes as `"` + itself + `"`: nothing to escape (a quote, a backslash, a control
 * character, a lone surrogate) and ASCII. Any other string is written by JSON.stringify.
 */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /["\\\x00-\x1f\u0080-\uffff]/;

/**
 * Whether the text variableJson (or inputsJson) returned last is known to be ASCII: the byte sink then
 * adds it to the answer's one-byte text as it is, where any other text is encoded as UTF-8 on its own.
 * Known, not tested: a regular expression over each value's text cost more than the writes it saved.
 */
let jsonAscii = false;
/** The records whose text variableJson returned last, when it reused it (else undefined): the byte sink copies in their bytes (~1 µs less per monthly answer than adding the text). */
let jsonBytes: LastRecords | undefined;

/**
 * JSON.stringify's text for `v` as the value of `key` in its holder: JSON.stringify(v), unless v has a
 * toJSON, which JSON.stringify gives the key of the value (a step's index in the trace), where
 * JSON.stringify(v) would give it ''. Written then within a holder of that one key, and cut out of it.
 */
function jsonAt(key: string, v: unknown): string | undefined {
  if (((typeof v === 'object' && v !== null) || typeof v === 'function' || typeof v === 'bigint') && hasToJson(v)) {
    const json = JSON.stringify({ [key]: v });
    return json === '{}' ? undefined : json.slice(JSON.stringify(key).length + 2, -1);
  }
  return JSON.stringify(v) as string | undefined;
}

/**
 * jsonAt(key, v), not known to be ASCII and not reused records (both set after the call: a toJSON it
 * calls may write another answer, which leaves its own last text's flags behind).
 */
function unknownJson(key: string, v: unknown): string | undefined {
  const json = jsonAt(key, v);
  jsonAscii = false;
  jsonBytes = undefined;
  return json;
}

/** JSON.stringify(v) for a value it writes as ASCII with nothing to escape (a plain string, a number, a boolean, null); else undefined. */
export function plainJson(v: unknown): string | undefined {
  if (typeof v === 'string') return NOT_PLAIN.test(v) ? undefined : '"' + v + '"';
  if (typeof v === 'number') return Number.isFinite(v) ? '' + v : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  return undefined;
}

/** `"key":` for a key JSON.stringify writes as it is (see NOT_PLAIN), per key met in a nested value or a result (bounded). */
const keyTexts = new Map<string, string>();
const MAX_KEY_TEXTS = 1024;
/** Deeper than this, JSON.stringify writes the value (and throws for a cycle, as it would). */
const MAX_DEPTH = 8;

/**
 * JSON.stringify(v) for a tree of plain objects, arrays and the primitives plainJson writes (a result's
 * own values, an input's allowances), so ASCII: JSON.stringify's generic walk cost more (~4 µs for a
 * monthly result's own values), and its text, not known to be ASCII, was encoded as UTF-8 on its own.
 * Undefined for anything else (a string or key to escape or not ASCII, a toJSON, a function, a symbol,
 * a bigint, another object), which the caller gives to JSON.stringify.
 */
function treeJson(v: unknown, depth: number): string | undefined {
  const plain = plainJson(v);
  if (plain !== undefined) return plain;
  if (typeof v !== 'object' || v === null || depth > MAX_DEPTH || hasToJson(v)) return undefined;
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      const e: unknown = v[i];
      // JSON.stringify writes undefined in an array (or a hole) as null
      const json = e === undefined ? 'null' : treeJson(e, depth + 1);
      if (json === undefined) return undefined;
      out += i === 0 ? json : ',' + json;
    }
    return out + ']';
  }
  if (!isPlainObject(v)) return undefined;
  let out = '{';
  for (const k of Object.keys(v)) {
    const e = v[k];
    // JSON.stringify leaves a key whose value is undefined out
    if (e === undefined) continue;
    const key = keyText(k);
    if (key === undefined) return undefined;
    const json = treeJson(e, depth + 1);
    if (json === undefined) return undefined;
    out += out.length === 1 ? key + json : ',' + key + json;
  }
  return out + '}';
}

/** `"key":` for a key JSON.stringify writes as it is, kept per key (bounded); undefined for a key to escape. */
function keyText(k: string): string | undefined {
  let key = keyTexts.get(k);
  if (key === undefined) {
    if (NOT_PLAIN.test(k)) return undefined;
    key = '"' + k + '":';
    if (keyTexts.size < MAX_KEY_TEXTS) keyTexts.set(k, key);
  }
  return key;
}

/**
 * JSON.stringify(traceValueOf(isRate, v)), written from v itself: a recorded input is either settled
 * (its trace value already) or read from the calculation's inputs and kept as read, Decimals and all
 * (the request's allowances: trace.ts, settleTraceValues). As traceValueOf: a Decimal as traceValueText
 * writes it, an array as serializeValue copies it, an object key by key (a key ending in rate as a rate).
 * Undefined where this walk is unsure (a string or key to escape, another kind of object, too deep): the
 * caller makes the trace value and JSON.stringify writes it.
 */
export function traceJson(isRate: boolean, v: unknown, depth: number): string | undefined {
  const text = traceValueText(isRate, v);
  if (text !== undefined) return text;
  if (typeof v === 'string') return plainJson(v);
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(v)) return serializedJson(v, depth);
  if (!isPlainObject(v)) return undefined;
  let out = '{';
  for (const k of Object.keys(v)) {
    const key = keyText(k);
    const json = key === undefined ? undefined : traceJson(k.endsWith('rate'), v[k], depth + 1);
    if (json === undefined) return undefined;
    out += out.length === 1 ? key + json : ',' + key + json;
  }
  return out + '}';
}

/**
 * `"k":` and JSON.stringify's text for v as the value of key k in an object (its toJSON, if any, given
 * k), or undefined where JSON.stringify leaves the key out: a result's own keys as a writer of its
 * compact form writes them (trace-compact.ts).
 */
export function memberJson(k: string, v: unknown): string | undefined {
  const json = treeJson(v, 0) ?? jsonAt(k, v);
  return json === undefined ? undefined : (keyText(k) ?? JSON.stringify(k) + ':') + json;
}

/** JSON.stringify(serializeValue(v)) (logic/serialize.ts: undefined as null, a Decimal as decimalToJson), or undefined where unsure. */
function serializedJson(v: unknown, depth: number): string | undefined {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? '' + v : undefined; // serializeValue throws for it: the caller's walk does
  if (typeof v !== 'object') return plainJson(v);
  if (isDecimal(v)) {
    const json = decimalToJson(v as Decimal);
    return typeof json === 'number' ? '' + json : '"' + json + '"';
  }
  if (depth > MAX_DEPTH) return undefined;
  let out: string;
  if (Array.isArray(v)) {
    out = '[';
    for (let i = 0; i < v.length; i++) {
      const json = serializedJson(v[i], depth + 1);
      if (json === undefined) return undefined;
      out += i === 0 ? json : ',' + json;
    }
    return out + ']';
  }
  if (!isPlainObject(v)) return undefined;
  out = '{';
  for (const k of Object.keys(v)) {
    const key = keyText(k);
    const json = key === undefined ? undefined : serializedJson(v[k], depth + 1);
    if (json === undefined) return undefined;
    out += out.length === 1 ? key + json : ',' + key + json;
  }
  return out + '}';
}

/**
 * JSON.stringify(inputs) for a plain object, written key by key: a step's inputs are flat records of
 * strings, numbers, booleans and null (and a few arrays), and JSON.stringify's generic walk over them was
 * the largest part of writing an answer (22.8 vs 12.8 µs for a monthly answer's 26). The keys are read as
 * JSON.stringify reads them (Object.keys order, each value once) and their texts kept on the template (a
 * rule version's steps have the same inputs). A value written otherwise than as JSON.stringify would
 * write it here (undefined, a function, a symbol or a bigint, an object with a toJSON, whose key it
 * depends on) sends the whole object to JSON.stringify.
 */
function inputsJson(t: StepTemplate, inputs: Record<string, unknown>): string | undefined {
  if (hasToJson(inputs)) return unknownJson('inputs', inputs);
  const keys = Object.keys(inputs);
  if (keys.length === 0) {
    jsonAscii = true;
    return '{}';
  }
  const { inputKeys, inputKeyTexts, inputKeysAscii } = t;
  let out = '';
  let ascii = true;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (inputKeys[i] !== k) {
      inputKeys[i] = k;
      inputKeyTexts[i] = (i === 0 ? '{' : ',') + JSON.stringify(k) + ':';
      inputKeysAscii[i] = isAscii(inputKeyTexts[i]);
    }
    const v = inputs[k];
    let json = plainJson(v);
    if (json === undefined) {
      // a string to escape or not ASCII; an object without toJSON is written alone as within its holder
      if (typeof v !== 'string' && (typeof v !== 'object' || v === null || hasToJson(v))) return unknownJson('inputs', inputs);
      json = treeJson(v, 1);
      if (json === undefined) {
        json = JSON.stringify(v) as string;
        ascii = false;
      }
    }
    if (!inputKeysAscii[i]) ascii = false;
    out += inputKeyTexts[i] + json;
  }
  jsonAscii = ascii;
  return out + '}';
}

/** JSON.stringify(value) for the template's i-th variable, reusing the last text when the records are the same. */
function variableJson(t: StepTemplate, i: number, value: unknown): string | undefined {
  jsonBytes = undefined;
  // the amounts: a plain string or a number
  const plain = plainJson(value);
  if (plain !== undefined) {
    jsonAscii = true;
    return plain;
  }
  if (t.variables[i] === 'inputs' && isPlainObject(value)) return inputsJson(t, value);
  const last = t.lastRecords[i];
  if (last !== undefined && Array.isArray(value) && sameRecords(value, last)) {
    jsonBytes = last;
    return last.json;
  }
  const json = unknownJson(t.variables[i], value);
  if (json !== undefined && flatRecords(value)) {
    const records = value.map((r) => ({ ...r }));
    t.lastRecords[i] = {
      records,
      recordKeys: records.map((r) => Object.keys(r)),
      fixed: value.map((r) => (fixedRecord(r) ? r : NOT_FIXED)),
      json,
    };
  }
  return json;
}

/** Where a result's JSON goes: text, or UTF-8 bytes (a template's constant pieces copied in already encoded). */
interface JsonSink {
  /** text known to be ASCII */
  ascii(s: string): void;
  /** any text */
  text(s: string): void;
  /** the text of records reused (a step's master_refs) */
  records(r: LastRecords): void;
  piece(t: StepTemplate, i: number): void;
}

class TextSink implements JsonSink {
  out = '';
  ascii(s: string): void {
    this.out += s;
  }
  text(s: string): void {
    this.out += s;
  }
  records(r: LastRecords): void {
    this.out += r.json;
  }
  piece(t: StepTemplate, i: number): void {
    this.out += t.texts[i];
  }
}

function bytesOf(t: StepTemplate): string[] {
  return (t.bytes ??= t.texts.map(utf8Bytes));
}

/** resultUtf8's sink: the answer's bytes gathered by a SlabWriter (slab-writer.ts says how and why). */
class ByteSink implements JsonSink {
  private readonly out = new SlabWriter();
  ascii(s: string): void {
    this.out.ascii(s);
  }
  text(s: string): void {
    this.out.text(s);
  }
  records(r: LastRecords): void {
    this.out.bytes((r.bytes ??= utf8Bytes(r.json)));
  }
  piece(t: StepTemplate, i: number): void {
    this.out.bytes(bytesOf(t)[i]);
  }
  bytes(): Buffer {
    return this.out.finish();
  }
}

/** Writes the trace's step at `index` (a step JSON.stringify leaves out, in an array, is null). */
function writeStep(step: unknown, index: number, plan: object | undefined, sink: JsonSink): void {
  if (plan === undefined || !isPlainObject(step) || hasToJson(step)) return sink.text(jsonAt(String(index), step) ?? 'null');
  let pair = templates.get(plan);
  if (!pair) templates.set(plan, (pair = [undefined, undefined]));
  const slot = step.notes === undefined ? 0 : 1;
  let t = pair[slot];
  if (t === undefined || !fits(step, t)) pair[slot] = t = templateOf(step);
  writeGathered(t, sink, FROM_STEP, step);
}

const FROM_STEP: StepSource<Record<string, unknown>> = {
  variable: (t, i, step) => variableJson(t, i, step[t.variables[i]]),
  whole: (step) => step,
};

/** A template of a rule plan's recorded steps, made from a step made from a record (so never a changed one), with the rule hash it holds. */
interface RecordTemplate extends StepTemplate {
  sha: string | null;
}
/** Per rule plan, the templates of its recorded steps without and with notes. */
const recordTemplates = new WeakMap<object, [RecordTemplate | undefined, RecordTemplate | undefined]>();

/**
 * Writes a recorded step (trace-record.ts) as JSON.stringify would write the step made from it, without
 * making it: the constant part from the plan's template, the values turned into text straight from the
 * record. Everything in a step but its rule hash, values and notes is its plan's.
 */
function writeRecord(rec: StepRecord, sink: JsonSink): void {
  let pair = recordTemplates.get(rec.plan);
  if (!pair) recordTemplates.set(rec.plan, (pair = [undefined, undefined]));
  const slot = rec.notes === undefined ? 0 : 1;
  let t = pair[slot];
  if (t === undefined || t.sha !== rec.sha)
    pair[slot] = t = { ...templateOf(materializeStep(rec) as unknown as Record<string, unknown>), sha: rec.sha };
  writeGathered(t, sink, FROM_RECORD, rec);
}

const FROM_RECORD: StepSource<StepRecord> = { variable: recordVariable, whole: materializeStep };

function recordVariable(t: StepTemplate, i: number, rec: StepRecord): string | undefined {
  const key = t.variables[i];
  return key === 'inputs' ? recordInputsJson(t, rec) : variableJson(t, i, recordedValue(rec, key));
}

/** JSON.stringify(recordInputs(rec)), written straight from the values where the rule's fields are known. */
function recordInputsJson(t: StepTemplate, rec: StepRecord): string | undefined {
  jsonBytes = undefined;
  const { values, shape } = rec;
  const basis = rec.basis === 'payment_date' ? '' : plainJson(rec.basis);
  const date = rec.basis === 'payment_date' ? '' : plainJson(rec.date);
  if (shape === null || !shape.plainKeys || basis === undefined || date === undefined) return inputsJson(t, recordInputs(rec));
  const { fields, keyJson: keys } = shape;
  let ascii = true;
  let out = '';
  for (let i = 0; i < fields.length; i++) {
    // indexed reads, not array destructuring: V8 runs the iteration protocol for that, ~200 times an answer
    const field = fields[i];
    const isRate = field[1];
    const slot = field[2];
    const v = values[slot];
    // a settled value (trace.ts), or one read from the calculation's inputs, kept as read
    let json = traceJson(isRate, v, 1);
    if (json === undefined) {
      json = JSON.stringify(traceValueOf(isRate, v)) as string;
      ascii = false;
    }
    out += keys[i] + json;
  }
  if (basis !== '') out += (out === '' ? '{' : ',') + '"rule_date_basis":' + basis + ',"rule_version_date":' + date;
  jsonAscii = ascii;
  return out === '' ? '{}' : out + '}';
}

/** A step's variable texts, gathered before any is written: one set of arrays for every step ... */
interface StepTexts {
  texts: (string | undefined)[];
  ascii: boolean[];
  records: (LastRecords | undefined)[];
}
const shared: StepTexts = { texts: [], ascii: [], records: [] };
/** ... but a toJSON met while gathering may write another answer: that nested call gets arrays of its own. */
let gathering = 0;

/** How writeGathered reads a step's source (a step, or a record): a variable's text, and the step itself. */
interface StepSource<S> {
  variable: (t: StepTemplate, i: number, source: S) => string | undefined;
  whole: (source: S) => unknown;
}

/**
 * Writes a step through its template: each variable's text gathered, then the pieces and texts in turn;
 * a variable JSON.stringify would leave out sends the whole step to JSON.stringify instead.
 */
function writeGathered<S>(t: StepTemplate, sink: JsonSink, how: StepSource<S>, source: S): void {
  const texts = gathering === 0 ? shared : { texts: [], ascii: [], records: [] };
  gathering++;
  try {
    writeTexts(t, sink, how, source, texts);
  } finally {
    gathering--;
  }
}

function writeTexts<S>(
  t: StepTemplate,
  sink: JsonSink,
  { variable, whole }: StepSource<S>,
  source: S,
  { texts, ascii: textsAscii, records: textsRecords }: StepTexts,
): void {
  const n = t.variables.length;
  for (let i = 0; i < n; i++) {
    const json = variable(t, i, source);
    // a value JSON.stringify omits (undefined) would leave its key out: not this path's business
    if (json === undefined) return sink.text(JSON.stringify(whole(source)));
    texts[i] = json;
    textsAscii[i] = jsonAscii;
    textsRecords[i] = jsonBytes;
  }
  sink.piece(t, 0);
  for (let i = 0; i < n; i++) {
    const records = textsRecords[i];
    if (records !== undefined) sink.records(records);
    else if (textsAscii[i]) sink.ascii(texts[i]!);
    else sink.text(texts[i]!);
    sink.piece(t, i + 1);
  }
}

/**
 * Writes JSON.stringify(result)'s text into the sink; false (nothing written) when the engine made no
 * trace for it. A trace nobody has read yet is written from its records (trace-record.ts); one read,
 * from its steps and their plans.
 */
function writeResult(result: unknown, sink: JsonSink): boolean {
  if (typeof result !== 'object' || result === null || hasToJson(result)) return false;
  const r = result as Record<string, unknown>;
  let steps: readonly unknown[] | undefined;
  let plans: readonly object[] | undefined;
  if (pendingRecords(r) === undefined) {
    steps = r[TRACE_KEY] as readonly unknown[] | undefined;
    plans = plansOf(steps);
    // a trace changed in length after the calculation is serialised as it is (a reordered one still is: fits() checks each step)
    if (steps === undefined || plans === undefined || plans.length !== steps.length || hasToJson(steps)) return false;
  }
  let first = true;
  // its own keys, as JSON.stringify's (for-in would add inherited ones)
  for (const k of Object.keys(r)) {
    // still unread when its turn comes (a toJSON before it could have read it): written from the records
    const records = k === TRACE_KEY && steps === undefined ? pendingRecords(r) : undefined;
    if (records !== undefined) {
      sink.ascii((first ? '{' : ',') + '"' + TRACE_KEY + '":[');
      for (let i = 0; i < records.length; i++) {
        if (i) sink.ascii(',');
        writeRecord(records[i], sink);
      }
      sink.ascii(']');
      first = false;
      continue;
    }
    const v = r[k];
    if (steps !== undefined && v === steps) {
      sink.text((first ? '{' : ',') + JSON.stringify(k) + ':[');
      for (let i = 0; i < steps.length; i++) {
        if (i) sink.ascii(',');
        writeStep(steps[i], i, plans![i], sink);
      }
      sink.ascii(']');
    } else {
      const tree = treeJson(v, 0);
      const json = tree ?? jsonAt(k, v);
      if (json === undefined) continue;
      // a key written as it is has its text kept (keyText); any other is JSON.stringify's
      const key = keyText(k);
      const text = (first ? '{' : ',') + (key ?? JSON.stringify(k) + ':') + json;
      if (tree !== undefined && key !== undefined) sink.ascii(text);
      else sink.text(text);
    }
    first = false;
  }
  sink.ascii(first ? '{}' : '}');
  return true;
}

/** JSON.stringify(result), with the trace's constant parts spliced when the engine made the trace. */
export function resultJson(result: unknown): string {
  const sink = new TextSink();
  return writeResult(result, sink) ? sink.out : JSON.stringify(result);
}

/**
 * The UTF-8 bytes of resultJson(result), or undefined when the engine made no trace for the result (the
 * caller then serialises it as any other value).
 */
export function resultUtf8(result: unknown): Buffer | undefined {
  const sink = new ByteSink();
  return writeResult(result, sink) ? sink.bytes() : undefined;
}
