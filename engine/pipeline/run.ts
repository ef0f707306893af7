/**
 * Runs a pipeline: for each step whose `when` holds, the rule version in force on the date its rule
 * declares (date_basis: the payment date, or the premium month's first day; shown in the trace) is
 * evaluated over its named inputs, its raw amount rounded by the named rule, the result written at
 * output_key, and a trace step recorded.
 */
import { EngineError, EngineFault } from '../errors.ts';
import { maskValues } from '../util/mask-values.ts';
import { isDecimal, type Decimal } from '../decimal.ts';
import { truthy } from '../logic/values.ts';
import { getRounding } from '../rounding/index.ts';
import { RESULT, type CompiledPipeline } from '../rules/load.ts';
import type { RuleRegistry } from '../rules/registry.ts';
import type { CompiledRule, RuleDateBasis } from '../rules/types.ts';
import type { MasterRef, MasterSlot } from '../settings/slots.ts';
import { getPath, setPath, type Context } from './context.ts';
import { rawString, renderNotes, roundedValue, traceInputs, type TraceStep } from './trace.ts';

/** The dates that choose rule versions: the payment date and the first day of the premium month. */
export type VersionDates = Record<RuleDateBasis, string>;

export interface RunOutcome {
  trace: TraceStep[];
  warnings: string[];
}

/** One rule over a context: its inputs, bindings, raw expression and rounded result (also used by the table tests). */
export function evaluateRule(rule: CompiledRule, ctx: Context) {
  const scope: Record<string, unknown> = {};
  for (const [name, path] of rule.inputs) scope[name] = getPath(ctx, path);
  for (const [name, fn] of rule.bindings) scope[name] = fn(scope);
  const raw = rule.expression(scope);
  let result: unknown = raw;
  if (rule.doc.rounding_rule !== null) {
    if (!isDecimal(raw)) throw new Error(`${rule.file}: expression did not yield a number`);
    result = getRounding(rule.doc.rounding_rule)!.apply(raw as Decimal);
  }
  return { scope, raw, result };
}

function evaluateOrFault(rule: CompiledRule, ctx: Context) {
  try {
    return evaluateRule(rule, ctx);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    const what = e instanceof Error ? `${e.name}: ${maskValues(e.message)}` : typeof e;
    throw new EngineFault(`rule ${rule.file} (step ${rule.doc.step}) failed: ${what}`, { cause: e });
  }
}

export function runPipeline(
  pipeline: CompiledPipeline,
  registry: RuleRegistry,
  ctx: Context,
  refs: Partial<Record<MasterSlot, MasterRef>>,
  dates: VersionDates,
  options: { trace: boolean } = { trace: true },
): RunOutcome {
  const trace: TraceStep[] = [];
  const wantTrace = options.trace;
  const warnings: string[] = [];
  for (const [path, fn] of pipeline.prepare) setPath(ctx, path, fn(ctx));
  for (const step of pipeline.steps) {
    if (step.when && !truthy(step.when(ctx))) continue;
    const basis = registry.dateBasis(step.rule);
    const date = dates[basis];
    const rule = registry.pick(step.rule, date);
    if (!rule) throw new EngineError('settings_not_resolved', `No version of rule ${step.rule} is in force for ${basis} ${date}.`);
    const { scope, raw, result } = evaluateOrFault(rule, ctx);
    setPath(ctx, rule.output, result);
    for (const [key, binding] of rule.alsoOutputs) setPath(ctx, key, binding === RESULT ? result : scope[binding]);
    for (const w of rule.warnings) if (truthy(w.when(scope)) && !warnings.includes(w.code)) warnings.push(w.code);
    if (!wantTrace || !step.trace) continue;
    const notes = renderNotes(rule.doc.notes, scope);
    trace.push({
      step: rule.doc.step,
      step_type: rule.doc.step_type,
      formula_code: rule.doc.formula_code,
      output_key: rule.doc.output_key,
      input_refs: Object.values(rule.doc.inputs),
      formula: rule.doc.formula,
      inputs: basis === 'payment_date' ? traceInputs(rule, scope) : { ...traceInputs(rule, scope), rule_date_basis: basis, rule_version_date: date },
      raw_amount: rawString(raw),
      rounding_rule: rule.doc.rounding_rule,
      rounded_amount: roundedValue(result, rule.doc.result_format),
      master_refs: rule.doc.masters.map((slot) => refs[slot as MasterSlot]).filter((r): r is MasterRef => !!r),
      ...(notes ? { notes } : {}),
      rule: {
        file: rule.file,
        sha256: null, // the engine fills it from the hashes taken at load (citeRuleHashes)
        legal_source: rule.doc.legal_source,
        effective_from: rule.doc.effective_from,
        effective_to: rule.doc.effective_to,
      },
    });
  }
  return { trace, warnings };
}
