/**
 * Runs a pipeline: for each step whose `when` holds, the rule version in force on the date its rule
 * declares (date_basis: the payment date, or the premium month's first day; shown in the trace) is
 * evaluated over its named inputs, its raw amount rounded by the named rule, the result written at
 * output_key, and a trace step recorded (trace/records.ts: its values kept, written from there).
 *
 * What does not change between calculations is worked out once per pipeline and per rule (plan.ts):
 * each step's date basis and versions, each input path as a property reader, the rounding function,
 * the trace's constant fields. A calculation only evaluates.
 */
import { EngineError, EngineFault } from '../errors.ts';
import { ZERO } from '../decimal.ts';
import { maskValues } from '../util/mask-values.ts';
import { RuleScope } from '../logic/rule-scope.ts';
import { truthy } from '../logic/values.ts';
import type { CompiledPipeline } from '../loading/rules/load.ts';
import type { RuleRegistry } from '../loading/rules/registry.ts';
import type { CompiledRule, RuleDateBasis } from '../loading/rules/types.ts';
import type { MasterRef, MasterSlot } from '../loading/rules/slots.ts';
import { setPath, type Context } from './context.ts';
import type { ParameterSet } from '../loading/parameters/set.ts';
import { pipelinePlan, rulePlan, type RulePlan } from './plan.ts';
import { recordStep, type StepRecord } from '../trace/records.ts';
import type { MasterCarriedForward } from '../loading/carried-forward.ts';

/** The dates that choose rule versions: the payment date and the first day of the premium month. */
export type VersionDates = Record<RuleDateBasis, string>;

export interface RunOutcome {
  /** each traced step as recorded (trace/records.ts) */
  trace: StepRecord[];
  warnings: string[];
  /** the parameters read after their known_through, in the order first read (MASTER_CARRIED_FORWARD) */
  carried: readonly MasterCarriedForward[];
}

const NONE_CARRIED: readonly MasterCarriedForward[] = Object.freeze([]);

function evaluatePlanned(plan: RulePlan, ctx: Context) {
  const scope = new RuleScope(new Array(plan.size), plan.index);
  const raw = plan.evaluate(ctx, scope);
  let result: unknown = raw;
  if (plan.round !== null) {
    if (!plan.isDecimal(raw)) throw new Error(`${plan.rule.file}: expression did not yield a number`);
    result = plan.round(raw);
  }
  return { scope, raw, result };
}

/** One rule over a context: its inputs, bindings, raw expression and rounded result (also used by the table tests). */
export function evaluateRule(rule: CompiledRule, ctx: Context) {
  const { scope, raw, result } = evaluatePlanned(rulePlan(rule), ctx);
  return { scope: scope.named(), raw, result };
}

function evaluateOrFault(plan: RulePlan, ctx: Context) {
  try {
    return evaluatePlanned(plan, ctx);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    const what = e instanceof Error ? `${e.name}: ${maskValues(e.message)}` : typeof e;
    throw new EngineFault(`rule ${plan.rule.file} (step ${plan.rule.doc.step}) failed: ${what}`, { cause: e });
  }
}

function notImported(params: ParameterSet, path: string, date: string): EngineError {
  const from = params.valueAt(path, date)?.effective_from;
  return new EngineError(
    'settings_not_resolved',
    `No law is loaded for ${date}: parameters.${path} is not imported from ${from} (masters/${params.get(path)?.file}).`,
  );
}

export interface RunOptions {
  trace: boolean;
  /** sha256 of each rule file as loaded, cited in each trace step (null where unknown) */
  ruleHashes?: ReadonlyMap<string, string>;
  /** masters/parameters/: a step reading parameters.<area>.<name> sees the values in force on its own version date */
  parameters?: ParameterSet;
  /**
   * runs one of the pipeline's `calculations` (the engine's calculate, on the same company): its request,
   * amounts and settings as context values. Its warnings are its own (a bonus's tax warnings say nothing of
   * the exemption), not the calculation's.
   */
  calculate?: (type: string, request: unknown) => unknown;
}

export function runPipeline(
  pipeline: CompiledPipeline,
  registry: RuleRegistry,
  ctx: Context,
  refs: Partial<Record<MasterSlot, MasterRef>>,
  dates: VersionDates,
  options: RunOptions = { trace: true },
): RunOutcome {
  const trace: StepRecord[] = [];
  const wantTrace = options.trace;
  const hashes = options.ruleHashes;
  const params = options.parameters;
  const warnings: string[] = [];
  let carried: MasterCarriedForward[] | undefined;
  const plan = pipelinePlan(pipeline, registry);
  const prepare = plan.prepare;
  for (let i = 0; i < prepare.length; i++) prepare[i][0](ctx, prepare[i][1](ctx));
  for (const [path, type, requests] of pipeline.calculations) {
    const list = requests(ctx);
    if (!Array.isArray(list) || !options.calculate) throw new EngineFault(`${pipeline.file} /calculations: the requests are not a list`);
    setPath(
      ctx,
      path,
      list.map((request) => options.calculate!(type, request)),
    );
  }
  for (const step of plan.steps) {
    if (step.when && !truthy(step.when(ctx))) continue;
    const basis = step.basis;
    // one of two known keys, read by name rather than by a keyed read
    const date = basis === 'payment_date' ? dates.payment_date : dates.premium_month;
    const rp = step.pick(date);
    if (!rp && step.before && date < step.before.from) {
      // declared by the rule: not in force yet, so the step is skipped (its output absent) or its output is 0
      if (step.before.zero) step.before.zero(ctx, ZERO);
      continue;
    }
    if (!rp) throw new EngineError('settings_not_resolved', `No version of rule ${step.rule} is in force for ${basis} ${date}.`);
    const rule = rp.rule;
    if (rp.parameterReads.length && params) {
      const tree = (ctx.parameters = params.at(date));
      // the loader proved every other date covered: a null here is a period the masters declare not_imported
      for (const [area, name] of rp.parameterReads) if (tree[area][name] === null) throw notImported(params, `${area}.${name}`, date);
      const late = params.carriedAt(date);
      if (late)
        for (const path of rp.parameterPaths) {
          const c = late.get(path);
          if (!c) continue;
          carried ??= [];
          if (!carried.some((t) => t.id === path)) carried.push(c);
        }
    }
    const { scope, raw, result } = evaluateOrFault(rp, ctx);
    rp.write(ctx, result);
    const also = rp.alsoOutputs;
    for (let i = 0; i < also.length; i++) {
      const slot = also[i][1];
      also[i][0](ctx, slot === null ? result : slot === undefined ? undefined : scope.values[slot]);
    }
    for (const w of rule.warnings) if (truthy(w.when(scope as never)) && !warnings.includes(w.code)) warnings.push(w.code);
    if (!wantTrace || !step.trace) continue;
    // the step's values kept for its trace step (trace/records.ts)
    const notes = rp.notes ? rp.notes(scope) : undefined;
    const refsRead = rp.traceRefs(refs, params, date);
    trace.push(recordStep(rp, scope.values, raw, result, basis, date, refsRead, notes, rp.shaIn(hashes)));
  }
  return { trace, warnings, carried: carried ?? NONE_CARRIED };
}
