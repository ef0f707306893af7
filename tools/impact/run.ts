/**
 * Runs every member under the base and the head and keeps what changed: each deduction's and the net
 * pay's difference in yen, the trace steps whose rounded amount changed (by formula code), and both
 * traces for the changed results, so the largest can be shown side by side.
 */
import { EngineError, type CalculationResult, type CalculationType, type Engine, type ProfileVersion } from '../../engine/index.ts';

export interface Subject {
  id: string;
  source: 'golden' | 'population';
  calculation: CalculationType;
  tags: Record<string, string | number | boolean>;
  profile: ProfileVersion[];
  baseRequest: Record<string, unknown>;
  headRequest: Record<string, unknown>;
}

type Step = { step: string; formula_code: string; rounded_amount: unknown; inputs?: Record<string, unknown>; rule?: { file?: string } };

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
}

/** The amounts the report follows: each statutory deduction, their total, total deductions and net pay. */
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

function tracked(result: CalculationResult): Record<string, number> {
  const a = result.amounts as Record<string, unknown>;
  const statutory = (a.statutory_deductions as Record<string, unknown> | undefined) ?? a;
  const out: Record<string, number> = {};
  for (const name of TRACKED) {
    const v = name === 'total_deductions' || name === 'net_payment' ? a[name] : statutory[name];
    if (typeof v === 'number') out[name] = v;
  }
  return out;
}

function runSide(engine: Engine, s: Subject, request: Record<string, unknown>): SideOutcome {
  const withTrace = { ...request, calculation_options: { ...((request.calculation_options as object) ?? {}), include_calculation_trace: true } };
  try {
    const result = engine.calculate(s.calculation, structuredClone(withTrace), s.profile);
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
    if (b && h && b.step === h.step && b.formula_code === h.formula_code && JSON.stringify(b.rounded_amount) === JSON.stringify(h.rounded_amount)) continue;
    out.push({ step: (h ?? b).step, formula_code: (h ?? b).formula_code, base: b?.rounded_amount, head: h?.rounded_amount });
  }
  return out;
}

export interface RunTotals {
  compared: number;
  /** errors on both sides with the same code: comparable, unchanged */
  bothFailed: number;
  changes: Change[];
}

export function runSubjects(base: Engine, head: Engine, subjects: Subject[]): RunTotals {
  const changes: Change[] = [];
  let bothFailed = 0;
  for (const s of subjects) {
    const b = runSide(base, s, s.baseRequest);
    const h = runSide(head, s, s.headRequest);
    if (b.error || h.error) {
      if (b.error === h.error) {
        bothFailed++;
        continue;
      }
      changes.push({ id: s.id, source: s.source, calculation: s.calculation, tags: s.tags, deltas: {}, steps: [], base: b, head: h });
      continue;
    }
    const deltas: Record<string, number> = {};
    for (const name of TRACKED) {
      if (b.amounts![name] === undefined || h.amounts![name] === undefined) continue;
      const d = h.amounts![name] - b.amounts![name];
      if (d !== 0) deltas[name] = d;
    }
    const steps = changedSteps(b.trace!, h.trace!);
    if (Object.keys(deltas).length || steps.length) changes.push({ id: s.id, source: s.source, calculation: s.calculation, tags: s.tags, deltas, steps, base: b, head: h });
  }
  return { compared: subjects.length, bothFailed, changes };
}
