/**
 * How the report breaks results down: by prefecture (the kyokai table the result used, or the member's
 * prefecture), by premium month (the settings resolution's), and by pay type (the request's pay type;
 * bonus, or the simulation's name otherwise). Each group counts the results compared and changed, so a
 * change confined to one prefecture or one premium month shows as such.
 */
import type { Subject } from './run.ts';

export const DIMENSIONS = ['pay_type', 'premium_month', 'prefecture'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type GroupCounts = Record<Dimension, Record<string, { compared: number; changed: number }>>;

type Step = { step: string; inputs?: Record<string, unknown>; master_refs?: { type: string; id: string; version: string }[] };

const NONE = 'none';

export function settingsStep(trace: Step[] | undefined): Step | undefined {
  return trace?.find((s) => s.step === 'settings_resolution');
}

export function groupsOf(s: Subject, trace: Step[] | undefined): Record<Dimension, string> {
  const settings = settingsStep(trace);
  const rateRef = settings?.master_refs?.find((r) => r.type === 'social_insurance_rate_table');
  const prefecture = rateRef
    ? (/(\d{2})$/.exec(rateRef.id)?.[1] ?? rateRef.id)
    : typeof s.tags.prefecture === 'string'
      ? s.tags.prefecture
      : NONE;
  const premium = settings?.inputs?.premium_month;
  const payType =
    typeof s.headRequest.pay_type === 'string' ? s.headRequest.pay_type : s.calculation === 'monthly_payroll' ? 'monthly' : s.calculation;
  return { pay_type: payType, premium_month: typeof premium === 'string' ? premium : NONE, prefecture };
}

export function emptyGroups(): GroupCounts {
  return { pay_type: {}, premium_month: {}, prefecture: {} };
}

export function countGroup(groups: GroupCounts, of: Record<Dimension, string>, changed: boolean): void {
  for (const d of DIMENSIONS) {
    const g = (groups[d][of[d]] ??= { compared: 0, changed: 0 });
    g.compared++;
    if (changed) g.changed++;
  }
}
