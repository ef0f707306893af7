/**
 * A calculation result as JSON text: the same text as JSON.stringify(result), but each trace step's
 * constant part (its rule's step, formula, input refs and provenance: the same for every calculation of
 * a rule version, about half of a monthly answer with trace) is serialised once per rule version and
 * spliced, so only the step's own values (inputs, amounts, master refs, notes) are serialised per call.
 *
 * Exact by construction: a step's template is made from a step of the same rule version, key by key as
 * JSON.stringify walks it, and used for a later step only when that step has the same keys in the same
 * order and the same constant values (a step changed after the calculation is serialised as it is).
 */

/** The step's own values: everything else in a trace step is the rule version's. */
const VARIABLE = new Set(['inputs', 'raw_amount', 'rounded_amount', 'master_refs', 'notes']);

interface StepTemplate {
  /** the step's keys in JSON.stringify's order */
  keys: string[];
  /** per key: its constant value, or VARIABLE_SLOT */
  constants: unknown[];
  /** the variable keys, in order; texts[i] comes before the i-th variable's text, texts[n] after the last */
  variables: string[];
  texts: string[];
}

const VARIABLE_SLOT = Symbol('variable');

/** Per rule plan (one rule version as loaded), the template of its steps with and without notes. */
const templates = new WeakMap<object, [StepTemplate | undefined, StepTemplate | undefined]>();

/**
 * The rule plans that made a trace's steps ride on the steps array itself, under a symbol key that
 * JSON.stringify, Object.keys and deep equality ignore. A WeakMap keyed by each result did the same job
 * but cost the garbage collector an ephemeron per calculation: a third of the engine's throughput with
 * trace (instructions-engine.ts).
 */
const PLANS = Symbol('trace plans');
type PlannedSteps = readonly unknown[] & { [PLANS]?: readonly object[] };

/** Called by the engine for a trace it made: `plans[i]` is the rule plan that made `steps[i]`. */
export function rememberTrace(steps: readonly unknown[], plans: readonly object[]): void {
  Object.defineProperty(steps, PLANS, { value: plans });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A value JSON.stringify would write the same as `constant` (identical, or a flat array or object of identical values). */
function sameAs(value: unknown, constant: unknown): boolean {
  if (value === constant) return true;
  if (Array.isArray(constant)) {
    if (!Array.isArray(value) || value.length !== constant.length) return false;
    for (let i = 0; i < value.length; i++) if (value[i] !== constant[i] || typeof value[i] === 'object') return false;
    return true;
  }
  if (isPlainObject(constant) && isPlainObject(value)) {
    let i = 0;
    const keys = Object.keys(constant);
    for (const k in value) {
      if (k !== keys[i] || value[k] !== constant[k] || (typeof value[k] === 'object' && value[k] !== null)) return false;
      i++;
    }
    return i === keys.length;
  }
  return false;
}

/** A step fits a template: the same keys in the same order, the same constant values. */
function fits(step: Record<string, unknown>, t: StepTemplate): boolean {
  let i = 0;
  const { keys, constants } = t;
  for (const k in step) {
    if (k !== keys[i]) return false;
    const c = constants[i];
    if (c !== VARIABLE_SLOT && !sameAs(step[k], c)) return false;
    i++;
  }
  return i === keys.length && typeof step.toJSON !== 'function';
}

/** The template of `step`: its constant keys written as JSON.stringify writes them (a key whose value it omits is left out). */
function templateOf(step: Record<string, unknown>): StepTemplate {
  const keys: string[] = [];
  const constants: unknown[] = [];
  const variables: string[] = [];
  const texts: string[] = [];
  let text = '{';
  let written = false;
  for (const k in step) {
    keys.push(k);
    const v = step[k];
    if (VARIABLE.has(k)) {
      constants.push(VARIABLE_SLOT);
      variables.push(k);
      texts.push(text + (written ? ',' : '') + JSON.stringify(k) + ':');
      text = '';
      written = true;
      continue;
    }
    // constants are primitives or flat arrays and objects of them (input_refs, rule), kept as they are now
    constants.push(Array.isArray(v) ? v.slice() : isPlainObject(v) ? { ...v } : v);
    const json = JSON.stringify(v) as string | undefined;
    if (json === undefined) continue; // JSON.stringify leaves such a key out
    text += (written ? ',' : '') + JSON.stringify(k) + ':' + json;
    written = true;
  }
  texts.push(text + '}');
  return { keys, constants, variables, texts };
}

function stepJson(step: unknown, plan: object | undefined): string {
  if (plan === undefined || !isPlainObject(step)) return JSON.stringify(step) ?? 'null';
  let pair = templates.get(plan);
  if (!pair) templates.set(plan, (pair = [undefined, undefined]));
  const slot = step.notes === undefined ? 0 : 1;
  let t = pair[slot];
  if (t === undefined || !fits(step, t)) pair[slot] = t = templateOf(step);
  let out = t.texts[0];
  for (let i = 0; i < t.variables.length; i++) {
    const json = JSON.stringify(step[t.variables[i]]) as string | undefined;
    // a value JSON.stringify omits (undefined) would leave its key out: not this path's business
    if (json === undefined) return JSON.stringify(step);
    out += json + t.texts[i + 1];
  }
  return out;
}

/** JSON.stringify(result), with the trace's constant parts spliced when the engine made the trace. */
export function resultJson(result: unknown): string {
  if (typeof result !== 'object' || result === null) return JSON.stringify(result);
  const r = result as Record<string, unknown>;
  const steps = r.calculation_trace as PlannedSteps | undefined;
  const plans = Array.isArray(steps) ? (steps as PlannedSteps)[PLANS] : undefined;
  // a trace changed in length after the calculation is serialised as it is (a reordered one still is: fits() checks each step)
  if (steps === undefined || plans === undefined || plans.length !== steps.length || typeof r.toJSON === 'function')
    return JSON.stringify(result);
  let out = '';
  for (const k in r) {
    const v = r[k];
    let json: string | undefined;
    if (v === steps) {
      json = '[';
      for (let i = 0; i < steps.length; i++) json += (i ? ',' : '') + stepJson(steps[i], plans[i]);
      json += ']';
    } else json = JSON.stringify(v) as string | undefined;
    if (json !== undefined) out += (out === '' ? '{' : ',') + JSON.stringify(k) + ':' + json;
  }
  return out === '' ? '{}' : out + '}';
}
