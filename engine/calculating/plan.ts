/**
 * The per-pipeline and per-rule facts a calculation would otherwise work out again at every step:
 * built on first use and kept with the (immutable, loaded once) pipeline and rule objects.
 *  - a step: its rule's date basis and a version picker over its versions (no registry lookups);
 *  - a rule: its input paths read by one generated function, the rounding function, also_outputs split once,
 *    the trace's input_refs, master_refs and a compiled notes template.
 */
import { isDecimal, type Decimal } from '../decimal.ts';
import { RuleScope, scopeIndexOf } from '../logic/rule-scope.ts';
import { rootVariablesOf } from '../logic/variables.ts';
import type { Evaluator, Value } from '../logic/types.ts';
import { getRounding } from '../logic/rounding/index.ts';
import { RESULT, type CompiledPipeline } from '../loading/rules/load.ts';
import type { RuleRegistry } from '../loading/rules/registry.ts';
import type { CompiledRule, RuleDateBasis } from '../loading/rules/types.ts';
import type { MasterRef, MasterSlot } from '../loading/rules/slots.ts';
import { inForce } from '../util/dates.ts';
import type { ParameterSet } from '../loading/parameters/set.ts';
import type { DatedValue } from '../loading/parameters/types.ts';
import { pathWriter, slotsReader, type PathWriter, type SlotsReader } from './path-access.ts';
import { generatedFunction } from '../util/codegen.ts';
import { compileNotes, tracePlanOf, type TracePlan } from '../trace/steps.ts';

export interface StepPlan {
  rule: string;
  when: Evaluator | null;
  trace: boolean;
  basis: RuleDateBasis;
  /** the plan of the version in force on a date, or undefined */
  pick(date: string): RulePlan | undefined;
  /** the oldest version's declared behaviour before it starts (before_effective_from), or null */
  before: { from: string; zero: PathWriter | null } | null;
}

export interface PipelinePlan {
  /** the pipeline's prepare entries: a writer of the context path and the expression */
  prepare: [PathWriter, Evaluator][];
  steps: StepPlan[];
}

export interface RulePlan {
  rule: CompiledRule;
  /** name -> slot of the rule's scope (the map its vars were compiled against) */
  index: ReadonlyMap<string, number>;
  /** slots in the scope: inputs then bindings */
  size: number;
  /**
   * The rule over a context: every input read into its slot of the scope (getPath's answer: null when
   * missing), each binding in order (those computed from master data alone remembered per master
   * record), then the expression's raw value. One generated function per rule (evaluatorOf).
   */
  evaluate: (ctx: unknown, scope: RuleScope) => unknown;
  round: ((d: Decimal) => Decimal) | null;
  isDecimal: (v: unknown) => v is Decimal;
  /** writes the rounded result at the rule's output_key */
  write: PathWriter;
  /** [writer of the context path, slot of the binding (undefined: no such binding) or null for the step's own result] */
  alsoOutputs: [PathWriter, number | undefined | null][];
  inputRefs: string[];
  notes: ((scope: RuleScope) => string) | null;
  /** which of its inputs and bindings the trace shows, and how (trace/steps.ts) */
  tracePlan: TracePlan;
  /** the [area, name] of each parameters.<area>.<name> input: the runner puts the values in force on the step's date in the context first */
  parameterReads: readonly (readonly [string, string])[];
  /** the same inputs as paths ("area.name") */
  parameterPaths: readonly string[];
  /** the rule file's sha256 in a map of hashes (null where absent), looked up once per map */
  shaIn(hashes: ReadonlyMap<string, string> | undefined): string | null;
  /** the master_refs of the rule's master slots found in a (frozen, shared) refs object, worked out once per object; the caller copies it */
  refsIn(refs: Partial<Record<MasterSlot, MasterRef>>): readonly MasterRef[];
  /**
   * A trace step's master_refs: refsIn(refs), then each parameter read as the dated value in force on
   * the step's date (its id the path, its version the value's date). Remembered for the last refs
   * object, parameter set and date; the caller copies it.
   */
  traceRefs(refs: Partial<Record<MasterSlot, MasterRef>>, params: ParameterSet | undefined, date: string): readonly MasterRef[];
}

function shaLookup(file: string): RulePlan['shaIn'] {
  let lastMap: ReadonlyMap<string, string> | undefined;
  let lastSha: string | null = null;
  let known = false;
  return (hashes) => {
    if (!known || hashes !== lastMap) {
      lastMap = hashes;
      lastSha = hashes?.get(file) ?? null;
      known = true;
    }
    return lastSha;
  };
}

function refsLookup(slots: readonly MasterSlot[]): RulePlan['refsIn'] {
  let lastRefs: object | undefined;
  let last: MasterRef[] = [];
  return (refs) => {
    if (refs !== lastRefs) {
      last = [];
      for (const slot of slots) {
        const r = refs[slot];
        if (r) last.push(r);
      }
      lastRefs = Object.isFrozen(refs) ? refs : undefined; // only an object that cannot change is remembered
    }
    return last;
  };
}

/**
 * The master ref citing one dated parameter value: one frozen object per value (values are loaded once
 * and never change), shared by every step and calculation that read it, as the settings' own master
 * refs are.
 */
const parameterRefs = new WeakMap<DatedValue, MasterRef>();
function parameterRef(path: string, v: DatedValue): MasterRef {
  let ref = parameterRefs.get(v);
  if (ref === undefined || ref.id !== path) {
    ref = Object.freeze({
      type: 'parameter',
      id: path,
      version: v.effective_from,
      effective_from: v.effective_from,
      effective_to: v.effective_to,
    });
    parameterRefs.set(v, ref);
  }
  return ref;
}

function traceRefsLookup(refsIn: RulePlan['refsIn'], paths: readonly string[]): RulePlan['traceRefs'] {
  let lastRefs: object | undefined;
  let lastParams: ParameterSet | undefined;
  let lastDate: string | undefined;
  let last: readonly MasterRef[] = [];
  return (refs, params, date) => {
    if (refs === lastRefs && params === lastParams && date === lastDate) return last;
    const out = refsIn(refs).slice();
    if (params)
      for (const path of paths) {
        const v = params.valueAt(path, date);
        if (v) out.push(parameterRef(path, v));
      }
    // only a refs object that cannot change is remembered (as refsIn does)
    lastRefs = Object.isFrozen(refs) ? refs : undefined;
    lastParams = params;
    lastDate = date;
    last = out;
    return out;
  };
}

const pipelinePlans = new WeakMap<CompiledPipeline, WeakMap<RuleRegistry, PipelinePlan>>();
const rulePlans = new WeakMap<CompiledRule, RulePlan>();

/** The plan of the version of one code in force on a date (the registry's own list: a rule added later is seen too). */
function picker(versions: readonly CompiledRule[]): (date: string) => RulePlan | undefined {
  // the last answer is kept with its date and the number of versions it was picked among
  let lastDate: string | undefined;
  let lastCount = -1;
  let last: RulePlan | undefined;
  return (date) => {
    if (date === lastDate && versions.length === lastCount) return last;
    let found: CompiledRule | undefined;
    for (let i = 0; i < versions.length; i++) {
      if (inForce(versions[i].doc, date)) {
        found = versions[i];
        break;
      }
    }
    lastDate = date;
    lastCount = versions.length;
    last = found && rulePlan(found);
    return last;
  };
}

/** The named rounding; a name the loader would have refused fails the step (a fault). */
function roundingOf(name: string | null): ((d: Decimal) => Decimal) | null {
  if (name === null) return null;
  const rounding = getRounding(name);
  return rounding
    ? (d) => rounding.apply(d)
    : () => {
        throw new TypeError(`unknown rounding rule ${name}`);
      };
}

function beforeOf(versions: readonly CompiledRule[]): StepPlan['before'] {
  const first = versions[0]?.doc;
  if (!first?.before_effective_from) return null;
  return { from: first.effective_from, zero: first.before_effective_from === 'zero' ? pathWriter(first.output_key.split('.')) : null };
}

export function pipelinePlan(pipeline: CompiledPipeline, registry: RuleRegistry): PipelinePlan {
  let byRegistry = pipelinePlans.get(pipeline);
  if (!byRegistry) pipelinePlans.set(pipeline, (byRegistry = new WeakMap()));
  let plan = byRegistry.get(registry);
  if (!plan) {
    plan = {
      prepare: pipeline.prepare.map(([path, fn]) => [pathWriter(path), fn]),
      steps: pipeline.steps.map((s) => ({
        rule: s.rule,
        when: s.when,
        trace: s.trace,
        basis: registry.dateBasis(s.rule),
        pick: picker(registry.versions(s.rule)),
        before: beforeOf(registry.versions(s.rule)),
      })),
    };
    byRegistry.set(registry, plan);
  }
  return plan;
}

export function rulePlan(rule: CompiledRule): RulePlan {
  let plan = rulePlans.get(rule);
  if (!plan) {
    const index =
      rule.scopeIndex ??
      scopeIndexOf(
        rule.inputs.map(([name]) => name),
        rule.bindings.map(([name]) => name),
      );
    const parameterPaths = rule.inputs.filter(([, path]) => path[0] === 'parameters').map(([, path]) => path.slice(1).join('.'));
    const refsIn = refsLookup(rule.doc.masters as MasterSlot[]);
    plan = {
      rule,
      index,
      size: index.size,
      evaluate: evaluatorOf(
        slotsReader(rule.inputs.map(([name, path]) => [index.get(name)!, path])),
        withMasterMemo(rule, index),
        rule.expression,
      ),
      round: roundingOf(rule.doc.rounding_rule),
      isDecimal,
      write: pathWriter(rule.output),
      alsoOutputs: rule.alsoOutputs.map(([key, binding]) => [pathWriter(key), binding === RESULT ? null : index.get(binding)]),
      inputRefs: Object.values(rule.doc.inputs),
      notes: rule.doc.notes ? compileNotes(rule.doc.notes, index) : null,
      tracePlan: tracePlanOf(rule, index),
      parameterReads: parameterPaths.map((path) => path.split('.') as [string, string]),
      parameterPaths,
      shaIn: shaLookup(rule.file),
      refsIn,
      traceRefs: traceRefsLookup(refsIn, parameterPaths),
    };
    rulePlans.set(rule, plan);
  }
  return plan;
}

/**
 * The inputs read, the bindings and the expression as one function of the rule's own, whose call sites
 * see only that rule's functions, so V8 can inline them.
 */
function evaluatorOf(readInputs: SlotsReader, bindings: [number, Evaluator][], expression: Evaluator): RulePlan['evaluate'] {
  const params = ['readInputs', ...bindings.map((_, i) => `binding${i}`), 'expression'];
  const lines = ['"use strict";', 'return function evaluate(ctx, scope) {', 'const values = scope.values;', 'readInputs(ctx, values);'];
  bindings.forEach(([slot], i) => lines.push(`values[${slot | 0}] = binding${i}(scope);`));
  lines.push('return expression(scope);', '};');
  const make = generatedFunction<(...fns: unknown[]) => RulePlan['evaluate']>(params, lines.join('\n'), () => () => (ctx, scope) => {
    readInputs(ctx, scope.values);
    for (let i = 0; i < bindings.length; i++) scope.values[bindings[i][0]] = bindings[i][1](scope as never);
    return expression(scope as never);
  });
  return make(readInputs, ...bindings.map(([, fn]) => fn), expression);
}

/**
 * A binding whose variables are all master inputs (or bindings of that kind) is a pure function of
 * those master records: expressions have no side effects and read nothing but their scope, and master
 * records are loaded once and never changed. Its value is remembered per record (by identity; a
 * WeakMap per input), so a fold over a grade table runs once per table, not once per calculation.
 * Only Decimals and primitives are remembered: an object or array result is computed afresh, as a
 * later step could write into it.
 */
function withMasterMemo(rule: CompiledRule, index: ReadonlyMap<string, number>): [number, Evaluator][] {
  const masterInputs = new Set(rule.inputs.filter(([, , fromMasters]) => fromMasters).map(([name]) => name));
  /** binding name -> the master inputs it depends on */
  const constant = new Map<string, string[]>();
  const exprs = (rule.doc.bindings ?? {}) as Record<string, unknown>;
  return rule.bindings.map(([name, fn]) => {
    const slot = index.get(name)!;
    let roots: string[];
    try {
      roots = rootVariablesOf(exprs[name]);
    } catch {
      return [slot, fn];
    }
    const deps = new Set<string>();
    for (const r of roots) {
      if (masterInputs.has(r)) deps.add(r);
      else if (constant.has(r)) for (const d of constant.get(r)!) deps.add(d);
      else return [slot, fn];
    }
    if (deps.size === 0) return [slot, fn];
    const keys = [...deps].sort();
    constant.set(name, keys);
    return [
      slot,
      memoised(
        fn,
        keys.map((k) => index.get(k)!),
      ),
    ];
  });
}

const NOT_REMEMBERED = Symbol('not remembered');

function memoised(fn: Evaluator, keys: number[]): Evaluator {
  const root = new WeakMap<object, unknown>();
  return (scope) => {
    let level = root;
    for (let i = 0; i < keys.length; i++) {
      const k = (scope as unknown as RuleScope).values[keys[i]];
      if (k === null || typeof k !== 'object') return fn(scope); // a missing or primitive input: nothing to key on
      if (i === keys.length - 1) {
        const hit = level.get(k);
        if (hit !== undefined && hit !== NOT_REMEMBERED) return hit as Value;
        const v = fn(scope);
        level.set(k, v === null || typeof v !== 'object' || isDecimal(v) ? v : NOT_REMEMBERED);
        return v;
      }
      let next = level.get(k) as WeakMap<object, unknown> | undefined;
      if (!next) level.set(k, (next = new WeakMap()));
      level = next;
    }
    return fn(scope);
  };
}
