/**
 * Runs every member under the base and the head and keeps what changed: each deduction's and the net
 * pay's difference in yen, the trace steps whose rounded amount changed (by formula code), and both
 * traces for the changed results, so the largest can be shown side by side.
 */
import { EngineError, type CalculationResult, type CalculationType, type Engine, type ProfileVersion } from '../../engine/index.ts';
import { countGroup, emptyGroups, groupsOf, settingsStep, type Dimension, type GroupCounts } from './groups.ts';

export interface Subject {
  id: string;
  source: 'golden' | 'population';
  calculation: CalculationType;
  tags: Record<string, string | number | boolean>;
  profile: ProfileVersion[];
  baseRequest: Record<string, unknown>;
  headRequest: Record<string, unknown>;
}

type Step = {
  step: string;
  formula_code: string;
  rounded_amount: unknown;
  inputs?: Record<string, unknown>;
  rule?: { file?: string };
  master_refs?: { type: string; id: string; version: string }[];
};

export interface SideOutcome {
  error?: string; // EngineError code, or "crash: message"
  amounts?: Record<string, number>; // the deductions and net pay, flattened
  trace?: Step[];
}

export interface Change {
  id: string;
  source: Subject['source'];
  calculation: CalculationType;
  tags: Subject['tags'];
  /** amount name -> head minus base, yen (only amounts that differ) */
  deltas: Record<string, number>;
  /** steps whose rounded amount (or formula code) differs */
  steps: { step: string; formula_code: string; base: unknown; head: unknown }[];
  base: SideOutcome;
  head: SideOutcome;
  /** table versions the settings resolution chose differently (tax_table_version 2026-01 -> 2027-01) */
  versions: { name: string; base: string; head: string }[];
  /** rate inputs of a step that differ (health_insurance_employee_rate "0.04925" -> "0.0493") */
  rates: { step: string; input: string; base: unknown; head: unknown }[];
  groups: Record<Dimension, string>;
}

/** The amounts the report follows for payroll: each statutory deduction, their total, total deductions and net pay. */
export const TRACKED = [
  'health_insurance',
  'care_insurance',
  'childcare_support_contribution',
  'employees_pension_insurance',
  'employment_insurance',
  'income_tax',
  'total_deductions',
  'net_payment',
] as const;

/**
 * The amounts followed in one result: for payroll results (with statutory_deductions) the TRACKED ones; for
 * any other calculation every whole-yen amount, a block's fields named block.field (deductions.basic), so a
 * new calculation type is followed without the report knowing its statute.
 */
function tracked(result: CalculationResult): Record<string, number> {
  const a = result.amounts as Record<string, unknown>;
  const out: Record<string, number> = {};
  if (a.statutory_deductions && typeof a.statutory_deductions === 'object') {
    const statutory = a.statutory_deductions as Record<string, unknown>;
    for (const name of TRACKED) {
      const v = name === 'total_deductions' || name === 'net_payment' ? a[name] : statutory[name];
      if (typeof v === 'number') out[name] = v;
    }
    return out;
  }
  for (const [name, v] of Object.entries(a)) {
    if (typeof v === 'number' && Number.isInteger(v)) out[name] = v;
    else if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [field, x] of Object.entries(v)) if (typeof x === 'number' && Number.isInteger(x)) out[`${name}.${field}`] = x;
  }
  return out;
}

function runSide(engine: Engine, s: Subject, request: Record<string, unknown>): SideOutcome {
  const withTrace = {
    ...request,
    calculation_options: { ...((request.calculation_options as object) ?? {}), include_calculation_trace: true },
  };
  try {
    const result = engine.calculate(s.calculation, structuredClone(withTrace), s.profile).toResult();
    return { amounts: tracked(result), trace: result.calculation_trace as unknown as Step[] };
  } catch (e) {
    return { error: e instanceof EngineError ? e.code : `crash: ${(e as Error).message}` };
  }
}

function changedSteps(base: Step[], head: Step[]): Change['steps'] {
  const out: Change['steps'] = [];
  const n = Math.max(base.length, head.length);
  for (let i = 0; i < n; i++) {
    const b = base[i];
    const h = head[i];
    if (
      b &&
      h &&
      b.step === h.step &&
      b.formula_code === h.formula_code &&
      JSON.stringify(b.rounded_amount) === JSON.stringify(h.rounded_amount)
    )
      continue;
    out.push({ step: (h ?? b).step, formula_code: (h ?? b).formula_code, base: b?.rounded_amount, head: h?.rounded_amount });
  }
  return out;
}

export interface RunTotals {
  compared: number;
  /** errors on both sides with the same code: comparable, unchanged */
  bothFailed: number;
  changes: Change[];
  groups: GroupCounts;
}

function versionChanges(base: Step[] | undefined, head: Step[] | undefined): Change['versions'] {
  const b = settingsStep(base)?.inputs ?? {};
  const h = settingsStep(head)?.inputs ?? {};
  return Object.keys(h)
    .filter(
      (k) =>
        k.endsWith('_version') && k !== 'company_profile_version' && typeof h[k] === 'string' && typeof b[k] === 'string' && b[k] !== h[k],
    )
    .map((k) => ({ name: k, base: b[k] as string, head: h[k] as string }));
}

/** Inputs named as rates (rate, …_rate; not …_rate_version) that differ between the same step on both sides. */
function rateChanges(base: Step[] | undefined, head: Step[] | undefined): Change['rates'] {
  const out: Change['rates'] = [];
  const byStep = new Map((base ?? []).map((s) => [s.step, s]));
  for (const h of head ?? []) {
    const b = byStep.get(h.step);
    if (!b?.inputs || !h.inputs) continue;
    for (const [input, v] of Object.entries(h.inputs)) {
      if (!/(^|_)rate$/.test(input) || !(input in b.inputs)) continue;
      if (JSON.stringify(b.inputs[input]) !== JSON.stringify(v)) out.push({ step: h.step, input, base: b.inputs[input], head: v });
    }
  }
  return out;
}

export function runSubjects(base: Engine, head: Engine, subjects: Subject[]): RunTotals {
  const changes: Change[] = [];
  const groups = emptyGroups();
  let bothFailed = 0;
  for (const s of subjects) {
    const b = runSide(base, s, s.baseRequest);
    const h = runSide(head, s, s.headRequest);
    const of = groupsOf(s, (h.trace ?? b.trace) as Parameters<typeof groupsOf>[1]);
    const change = (deltas: Change['deltas'], steps: Change['steps']): Change => ({
      id: s.id,
      source: s.source,
      calculation: s.calculation,
      tags: s.tags,
      deltas,
      steps,
      base: b,
      head: h,
      versions: versionChanges(b.trace, h.trace),
      rates: rateChanges(b.trace, h.trace),
      groups: of,
    });
    if (b.error || h.error) {
      if (b.error === h.error) {
        bothFailed++;
        countGroup(groups, of, false);
        continue;
      }
      changes.push(change({}, []));
      countGroup(groups, of, true);
      continue;
    }
    const deltas: Record<string, number> = {};
    for (const name of Object.keys(h.amounts!)) {
      if (b.amounts![name] === undefined) continue;
      const d = h.amounts![name] - b.amounts![name];
      if (d !== 0) deltas[name] = d;
    }
    const steps = changedSteps(b.trace!, h.trace!);
    const changed = Object.keys(deltas).length > 0 || steps.length > 0;
    if (changed) changes.push(change(deltas, steps));
    countGroup(groups, of, changed);
  }
  return { compared: subjects.length, bothFailed, changes, groups };
}
