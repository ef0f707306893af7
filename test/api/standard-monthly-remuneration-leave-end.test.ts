/**
 * The revision after a return from leave (determination childcare_leave_end / maternity_leave_end) through
 * POST /v1/social-insurance/standard-monthly-remuneration:determine with the real engine: the reference's
 * worked example W11 with its trace citing the leave-end rules and parameters; a month under the day
 * threshold left out while the others count; the next leave starting the next day (not available); the
 * two readings of the month it takes effect when the day after the leave is 7/31; 422 with the field path
 * for each bad input; the Free-plan quota like the other calculations.
 */
import { expect, it } from 'vitest';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { expectFreePlanQuotaCounts } from './support/free-plan-quota.ts';
import { call } from './support/test-server.ts';

const PATH = '/v1/social-insurance/standard-monthly-remuneration:determine';
const months = (first: string, rows: [number, number][]) => {
  const [y, m] = first.split('-').map(Number);
  return rows.map(([remuneration, days], i) => {
    const index = y * 12 + m - 1 + i;
    return { month: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`, remuneration, payment_base_days: days };
  });
};
/** W11: 育児休業 to 2026-03-31, April-June at 240,000, current 300,000. */
const w11 = (patch: Record<string, unknown> = {}): Record<string, unknown> => ({
  company_id: 'acme-tokyo',
  calculation_date: '2026-07-10',
  determination: 'childcare_leave_end',
  leave_end_date: '2026-03-31',
  raising_child: true,
  next_leave_starts_next_day: false,
  months: months('2026-04', [
    [240000, 30],
    [240000, 31],
    [240000, 30],
  ]),
  current_standard_monthly_remuneration: 300000,
  ...patch,
});
const without = (key: string, body = w11()) => {
  const copy = { ...body };
  delete copy[key];
  return copy;
};

describeEachStore('standard monthly remuneration determination after leave (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });

  it('W11: 240,000 x 3 -> 第19級 / 第16級, three grades from 第22級 / 第19級, from July 2026 to 2027-08; the trace cites the leave-end rules', async () => {
    const res = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: w11({ calculation_options: { include_calculation_trace: true } }),
    });
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('standard_monthly_remuneration_determination');
    expect(res.json.amounts).toEqual({
      applies: true,
      average_remuneration: 240000,
      health_insurance_grade: 19,
      health_insurance_standard_monthly_remuneration: 240000,
      employees_pension_grade: 16,
      employees_pension_standard_monthly_remuneration: 240000,
      applies_from: '2026-07',
      valid_until: '2027-08',
      months_used: ['2026-04', '2026-05', '2026-06'],
      months_excluded: [],
    });
    expect(res.json.warnings).toEqual([]);
    const steps = res.json.calculation_trace as { step: string; rule: { file: string }; master_refs: { id: string; version: string }[] }[];
    expect(steps.map((s) => s.step)).toEqual([
      'settings_resolution',
      'leave_end_months',
      'average_remuneration',
      'grades',
      'leave_end_revision',
      'leave_end_validity',
    ]);
    const revision = steps.find((s) => s.step === 'leave_end_revision')!;
    expect(revision.rule.file).toBe('rules/standard_monthly_remuneration/standard_monthly_remuneration.leave_end_revision.v1.yaml');
    expect(revision.master_refs).toContainEqual(
      expect.objectContaining({ id: 'standard_monthly_remuneration.leave_end_revision_grade_gap', version: '2020-01-01' }),
    );
  });

  it('a month under 17 days is left out with its reason and the two others still count; one grade down suffices', async () => {
    const res = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: w11({
        determination: 'maternity_leave_end',
        raising_child: undefined,
        months: months('2026-04', [
          [100000, 10],
          [280000, 31],
          [280000, 30],
        ]),
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      applies: true,
      average_remuneration: 280000,
      health_insurance_grade: 21,
      employees_pension_grade: 18,
      applies_from: '2026-07',
      months_used: ['2026-05', '2026-06'],
      months_excluded: [expect.objectContaining({ month: '2026-04', reason_code: 'payment_base_days_below_threshold' })],
    });
  });

  it('the next leave starting the next day: not available, the current grades stay and every month says why', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: w11({ next_leave_starts_next_day: true }) });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toEqual({
      applies: false,
      health_insurance_grade: 22,
      health_insurance_standard_monthly_remuneration: 300000,
      employees_pension_grade: 19,
      employees_pension_standard_monthly_remuneration: 300000,
      months_used: [],
      months_excluded: ['2026-04', '2026-05', '2026-06'].map((month) =>
        expect.objectContaining({ month, reason_code: 'next_leave_starts_next_day' }),
      ),
    });
  });

  it('day after the leave on 7/31: October by the 4th month (default and fourth_month), November under two_months_elapsed', async () => {
    const july = (reading?: string) =>
      w11({
        leave_end_date: '2026-07-30',
        calculation_date: '2026-10-10',
        months: months('2026-07', [
          [240000, 31],
          [240000, 31],
          [240000, 30],
        ]),
        ...(reading ? { effective_month_reading: reading } : {}),
      });
    const answers = await Promise.all(
      [undefined, 'fourth_month', 'two_months_elapsed'].map((r) => call(api.server, 'POST', PATH, { key: api.key, body: july(r) })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.map((r) => [r.json.amounts.applies_from, r.json.amounts.valid_until])).toEqual([
      ['2026-10', '2027-08'],
      ['2026-10', '2027-08'],
      ['2026-11', '2027-08'],
    ]);
  });

  it('bad inputs are 422 with the field named', async () => {
    const cases: [Record<string, unknown>, (string | number)[], string | undefined][] = [
      [without('leave_end_date'), ['leave_end_date'], 'required_for_determination'],
      [without('raising_child'), ['raising_child'], 'required_for_determination'],
      [without('next_leave_starts_next_day'), ['next_leave_starts_next_day'], 'required_for_determination'],
      [without('current_standard_monthly_remuneration'), ['current_standard_monthly_remuneration'], 'required_for_determination'],
      [w11({ determination: 'maternity_leave_end' }), ['raising_child'], 'not_used_by_determination'],
      [w11({ fixed_wage_change: 'decrease' }), ['fixed_wage_change'], 'not_used_by_determination'],
      [w11({ leave_end_date: '2026-04-30' }), ['months', 0, 'month'], 'months_not_after_leave_end'],
      [w11({ months: (w11().months as unknown[]).slice(0, 2) }), ['months'], 'wrong_month_count'],
      [w11({ effective_month_reading: 'fifth_month' }), ['effective_month_reading'], undefined],
      [w11({ raising_child: 'yes' }), ['raising_child'], undefined],
    ];
    for (const [body, path, code] of cases) {
      const res = await call(api.server, 'POST', PATH, { key: api.key, body });
      expect(res.status, JSON.stringify(path)).toBe(422);
      expect(res.json.error.code).toBe('validation_error');
      expect(res.json.error.details).toContainEqual(expect.objectContaining({ path, ...(code ? { code } : {}) }));
    }
  });

  it('counts toward the Free-plan quota like the other calculations', () => expectFreePlanQuotaCounts(api.server, PATH, () => w11()));
});
