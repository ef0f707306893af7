/**
 * A calculation's trace kept as what made each step: its rule plan and scope values, raw and rounded
 * amounts, date, master refs, notes and rule hash. The writers write a step's text straight from its
 * record, each value turned into text once; the step object is made only for the plain result
 * (Calculation.toResult). Why: made as objects and walked again by a writer, the steps cost more than
 * the calculation itself.
 *
 * Values the trace shows are settled when recorded (steps.ts, settleTraceValues): a Decimal or a
 * primitive is kept (neither can change), and so is a value read from the calculation's inputs (never
 * written); any other value is turned into its trace value at once, since a later step may still write
 * into it. So a step made from its record later is the step the engine would have made at once.
 */
import { isDecimal } from '../decimal.ts';
import type { RuleDateBasis } from '../loading/rules/types.ts';
import type { MasterRef } from '../loading/rules/slots.ts';
import type { RulePlan } from '../calculating/plan.ts';
import { rawString, roundedValue, settleTraceValues, traceInputs, type TraceShape, type TraceStep } from './steps.ts';

export interface StepRecord {
  plan: RulePlan;
  /** the step's scope values, settled (above) */
  values: unknown[];
  /** the shape of its inputs for these values (steps.ts), or null where not known in advance */
  shape: TraceShape | null;
  /** the raw and rounded amounts: a Decimal (made into text only when written), or the step's value already */
  raw: unknown;
  result: unknown;
  basis: RuleDateBasis;
  date: string;
  /** the plan's traceRefs answer (shared, never changed: a step gets a copy) */
  refs: readonly MasterRef[];
  /** the notes when not empty */
  notes: string | undefined;
  sha: string | null;
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

/** The step's raw_amount. */
export function rawAmount(rec: StepRecord): string | null {
  return rawString(rec.raw);
}

/** The step's rounded_amount. */
export function roundedAmount(rec: StepRecord): number | string | null {
  return roundedValue(rec.result, rec.plan.rule.doc.result_format);
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

/** The trace step of a record, its own objects throughout (a caller may change it). */
export function stepOf(rec: StepRecord): TraceStep {
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
    raw_amount: rawAmount(rec),
    rounding_rule: doc.rounding_rule,
    rounded_amount: roundedAmount(rec),
    master_refs: rec.refs.map((r) => ({ ...r })),
    rule: {
      file: rule.file,
      sha256: rec.sha,
      legal_source: doc.legal_source,
      effective_from: doc.effective_from,
      effective_to: doc.effective_to,
    },
  };
  if (rec.notes === undefined) return step;
  // notes (when any) come before rule, the keys in the order the response has always had
  const { rule: ruleRef, ...rest } = step;
  return { ...rest, notes: rec.notes, rule: ruleRef };
}
