/**
 * A calculation's trace kept as what made it, its step objects made only when someone reads them.
 *
 * Why: a monthly answer's trace is ~26 steps of ~12 keys, each with its inputs turned into strings and
 * numbers; made as objects by the engine and then walked again by the writer of the answer's bytes, it
 * cost more than the calculation itself (tools/bench/engine-cpu.ts: 35 µs without trace, 58 with, and
 * ~67 more to write it). The server and the batch only write the trace: trace-json.ts writes it straight
 * from these records, each value turned into text once.
 *
 * A record is a step's rule plan, its scope values, raw and rounded amounts, date, master refs, notes
 * and rule hash. Values the trace shows are settled when recorded (trace.ts, settleTraceValues): a
 * Decimal or a primitive is kept (neither can change), and so is a value read from the calculation's
 * inputs (never written); any other value is turned into its trace value at once, since a later step
 * may still write into it. So a step made from its record later is the step the engine would have made
 * at once.
 *
 * The result's `calculation_trace` is an accessor (enumerable, in its place among the keys) until first
 * read: reading it makes the steps and puts them in the result as a plain data property, so every
 * reader (JSON.stringify, deep equality, a structured clone, a client changing a step) sees the steps
 * as they always were; assigning it replaces it; a writer asks pendingRecords whether it is still
 * unread, and only then writes from the records.
 */
import { isDecimal } from '../decimal.ts';
import type { RuleDateBasis } from '../loading/rules/types.ts';
import type { MasterRef } from '../loading/rules/slots.ts';
import type { RulePlan } from '../calculating/plan.ts';
import { rawString, roundedValue, settleTraceValues, traceInputs, type TraceShape, type TraceStep } from './trace.ts';

export interface StepRecord {
  plan: RulePlan;
  /** the step's scope values, settled (above) */
  values: unknown[];
  /** the shape of its inputs for these values (trace.ts), or null where not known in advance */
  shape: TraceShape | null;
  /** a Decimal, or rawString's answer already made */
  raw: unknown;
  /** a Decimal, or roundedValue's answer already made */
  result: unknown;
  basis: RuleDateBasis;
  date: string;
  /** the plan's traceRefs answer (shared, never changed: a step gets a copy) */
  refs: readonly MasterRef[];
  /** the notes when not empty */
  notes: string | undefined;
  sha: string | null;
}

/** A step's own values, under these keys: everything else in a trace step is its rule version's. */
export const STEP_VARIABLES = new Set(['inputs', 'raw_amount', 'rounded_amount', 'master_refs', 'notes']);

/**
 * A recorded step's own value under one of its variable keys other than inputs, as its step has it (the
 * master refs not copied: a writer only reads them).
 */
export function recordedValue(rec: StepRecord, key: string): unknown {
  switch (key) {
    case 'raw_amount':
      return rawString(rec.raw);
    case 'rounded_amount':
      return roundedValue(rec.result, rec.plan.rule.doc.result_format);
    case 'master_refs':
      return rec.refs;
    case 'notes':
      return rec.notes;
    default:
      throw new TypeError(`a trace step has no recorded value ${key}`);
  }
}

/** A traced step's record; `values` is the step's own scope array, settled in place (the step is done with it). */
export function recordStep(
  plan: RulePlan,
  values: unknown[],
  raw: unknown,
  result: unknown,
  basis: RuleDateBasis,
  date: string,
  refs: readonly MasterRef[],
  notes: string | undefined,
  sha: string | null,
): StepRecord {
  const shape = settleTraceValues(plan, values);
  return {
    plan,
    values,
    shape,
    raw: isDecimal(raw) ? raw : rawString(raw),
    result: isDecimal(result) ? result : roundedValue(result, plan.rule.doc.result_format),
    basis,
    date,
    refs,
    notes: notes || undefined,
    sha,
  };
}

/** A step's inputs as the trace shows them (the rule version's date basis added when it is not the payment date). */
export function recordInputs(rec: StepRecord): Record<string, unknown> {
  const inputs = traceInputs(rec.plan, rec.values);
  if (rec.basis !== 'payment_date') {
    inputs.rule_date_basis = rec.basis;
    inputs.rule_version_date = rec.date;
  }
  return inputs;
}

/** The trace step of a record: the object the engine made for each step before records. */
export function materializeStep(rec: StepRecord): TraceStep {
  const rule = rec.plan.rule;
  const doc = rule.doc;
  const step: TraceStep = {
    step: doc.step,
    step_type: doc.step_type,
    formula_code: doc.formula_code,
    output_key: doc.output_key,
    input_refs: rec.plan.inputRefs.slice(),
    formula: doc.formula,
    inputs: recordInputs(rec),
    raw_amount: recordedValue(rec, 'raw_amount'),
    rounding_rule: doc.rounding_rule,
    rounded_amount: recordedValue(rec, 'rounded_amount'),
    master_refs: rec.refs.slice(),
  } as TraceStep;
  // notes (when any) then rule, the keys in the order the response has always had
  if (rec.notes) step.notes = rec.notes;
  step.rule = {
    file: rule.file,
    sha256: rec.sha,
    legal_source: doc.legal_source,
    effective_from: doc.effective_from,
    effective_to: doc.effective_to,
  };
  return step;
}

/**
 * The rule plans that made a trace's steps ride on the steps array itself, under a symbol key that
 * JSON.stringify, Object.keys and deep equality ignore: trace-json.ts writes a step's constant part once
 * per plan. (A WeakMap keyed by each result did the same job but cost the garbage collector an
 * ephemeron per calculation: a third of the engine's throughput with trace.)
 */
const PLANS = Symbol('trace plans');
type PlannedSteps = readonly unknown[] & { [PLANS]?: readonly RulePlan[] };

function rememberTrace(steps: readonly unknown[], plans: readonly RulePlan[]): void {
  Object.defineProperty(steps, PLANS, { value: plans });
}

/** The plans rememberTrace put on a steps array, or undefined. */
export function plansOf(steps: unknown): readonly RulePlan[] | undefined {
  return Array.isArray(steps) ? (steps as PlannedSteps)[PLANS] : undefined;
}

export const TRACE_KEY = 'calculation_trace';
const RECORDS = Symbol('trace records');

interface Pending {
  records: StepRecord[];
  /** the steps once made (a frozen result keeps the accessor, which then hands out these) */
  steps: TraceStep[] | undefined;
}
type Holder = { [RECORDS]?: Pending };

function stepsOf(holder: Holder): TraceStep[] {
  const pending = holder[RECORDS];
  // the accessor alone copied onto another object (its descriptor without the result's others): its records stayed behind
  if (pending === undefined)
    throw new TypeError(`${TRACE_KEY} was copied as an accessor without its result: copy the result's values instead`);
  if (pending.steps === undefined) {
    const steps = pending.records.map(materializeStep);
    rememberTrace(
      steps,
      pending.records.map((r) => r.plan),
    );
    pending.steps = steps;
  }
  return pending.steps;
}

function readTrace(this: Holder): TraceStep[] {
  const steps = stepsOf(this);
  // from now on a plain data property, as every result's trace was (false for a frozen result: it keeps this accessor)
  Reflect.defineProperty(this, TRACE_KEY, { value: steps, writable: true, enumerable: true, configurable: true });
  return steps;
}

function assignTrace(this: Holder, value: unknown): void {
  if (!Reflect.defineProperty(this, TRACE_KEY, { value, writable: true, enumerable: true, configurable: true }))
    throw new TypeError(`Cannot assign to read only property '${TRACE_KEY}' of object`);
}

/**
 * Adds the trace key to a result, after the keys it has so far, as the accessor over these records (the
 * steps made when first read); the caller adds the keys that follow. A new property rather than a data
 * property redefined as an accessor: V8 turns an object whose data property becomes an accessor into a
 * dictionary, and every result with trace was one (slower to make, to read and to write out).
 */
export function appendTrace(result: object, records: StepRecord[]): void {
  if (Object.hasOwn(result, TRACE_KEY)) throw new TypeError(`the result already has ${TRACE_KEY}`);
  Object.defineProperty(result, RECORDS, { value: { records, steps: undefined } satisfies Pending });
  Object.defineProperty(result, TRACE_KEY, { get: readTrace, set: assignTrace, enumerable: true, configurable: true });
}

/** The records of a result's trace when nobody has read it yet (the engine's accessor still in place), else undefined. */
export function pendingRecords(result: object): readonly StepRecord[] | undefined {
  const pending = (result as Holder)[RECORDS];
  if (pending === undefined || pending.steps !== undefined) return undefined;
  return Object.getOwnPropertyDescriptor(result, TRACE_KEY)?.get === readTrace ? pending.records : undefined;
}
