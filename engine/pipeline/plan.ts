/**
 * The per-pipeline and per-rule facts a calculation would otherwise work out again at every step:
 * built on first use and kept with the (immutable, loaded once) pipeline and rule objects.
 *  - a step: its rule's date basis and a version picker over its versions (no registry lookups);
 *  - a rule: each input path as a property reader, the rounding function, also_outputs split once,
 *    the trace's input_refs, master slots and a compiled notes template.
 */
import { isDecimal, type Decimal } from '../decimal.ts';
import type { Evaluator } from '../logic/types.ts';
import { getRounding } from '../rounding/index.ts';
import { RESULT, type CompiledPipeline } from '../rules/load.ts';
import type { RuleRegistry } from '../rules/registry.ts';
import type { CompiledRule, RuleDateBasis } from '../rules/types.ts';
import type { MasterSlot } from '../settings/slots.ts';
import { inForce } from '../util/dates.ts';
import { compileGetter } from './context.ts';
import { compileNotes } from './trace.ts';

export interface StepPlan {
  rule: string;
  when: Evaluator | null;
  trace: boolean;
  basis: RuleDateBasis;
  /** the version in force on a date, or undefined */
  pick(date: string): CompiledRule | undefined;
}

export interface PipelinePlan {
  steps: StepPlan[];
}

export interface RulePlan {
  rule: CompiledRule;
  inputs: { name: string; read: (ctx: unknown) => unknown }[];
  round: ((d: Decimal) => Decimal) | null;
  isDecimal: (v: unknown) => v is Decimal;
  /** [context path, binding name or null for the step's own result] */
  alsoOutputs: [readonly string[], string | null][];
  inputRefs: string[];
  masterSlots: MasterSlot[];
  notes: ((scope: Record<string, unknown>) => string) | null;
}

const pipelinePlans = new WeakMap<CompiledPipeline, WeakMap<RuleRegistry, PipelinePlan>>();
const rulePlans = new WeakMap<CompiledRule, RulePlan>();

/** The version of one code in force on a date (the registry's own list: a rule added later is seen too). */
function picker(versions: readonly CompiledRule[]): (date: string) => CompiledRule | undefined {
  return (date) => {
    for (let i = 0; i < versions.length; i++) if (inForce(versions[i].doc, date)) return versions[i];
    return undefined;
  };
}

/** The named rounding; a name the loader would have refused fails the step as it always did (a fault). */
function roundingOf(name: string | null): ((d: Decimal) => Decimal) | null {
  if (name === null) return null;
  const rounding = getRounding(name);
  return rounding
    ? (d) => rounding.apply(d)
    : () => {
        throw new TypeError(`unknown rounding rule ${name}`);
      };
}

export function pipelinePlan(pipeline: CompiledPipeline, registry: RuleRegistry): PipelinePlan {
  let byRegistry = pipelinePlans.get(pipeline);
  if (!byRegistry) pipelinePlans.set(pipeline, (byRegistry = new WeakMap()));
  let plan = byRegistry.get(registry);
  if (!plan) {
    plan = {
      steps: pipeline.steps.map((s) => ({ rule: s.rule, when: s.when, trace: s.trace, basis: registry.dateBasis(s.rule), pick: picker(registry.versions(s.rule)) })),
    };
    byRegistry.set(registry, plan);
  }
  return plan;
}

export function rulePlan(rule: CompiledRule): RulePlan {
  let plan = rulePlans.get(rule);
  if (!plan) {
    plan = {
      rule,
      inputs: rule.inputs.map(([name, path]) => ({ name, read: compileGetter(path) })),
      round: roundingOf(rule.doc.rounding_rule),
      isDecimal,
      alsoOutputs: rule.alsoOutputs.map(([key, binding]) => [key, binding === RESULT ? null : binding]),
      inputRefs: Object.values(rule.doc.inputs),
      masterSlots: rule.doc.masters as MasterSlot[],
      notes: rule.doc.notes ? compileNotes(rule.doc.notes) : null,
    };
    rulePlans.set(rule, plan);
  }
  return plan;
}
