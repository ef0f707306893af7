/**
 * POST /v1/social-insurance/standard-monthly-remuneration:determine with the real engine:
 * the reference's worked example B01 through HTTP with its trace citing every rule, grade table and
 * parameter version; a revision that does not apply (no dates); acquisition from a weekly pay; 4xx for
 * bad inputs (a revision without the current value, a month list of the wrong length, duplicate months,
 * a scheduled month outside April-June, a malformed month); the Free-plan quota and the rate limit like
 * the other calculations.
 */
import { describe, expect, it } from 'vitest';
import { standardMonthlyRemunerationDeterminationExample } from '../../engine/contract/examples.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { expectFreePlanQuotaCounts } from './support/free-plan-quota.ts';
import { call } from './support/test-server.ts';

const PATH = '/v1/social-insurance/standard-monthly-remuneration:determine';
const body = (patch: Record<string, unknown> = {}) => ({ ...structuredClone(standardMonthlyRemunerationDeterminationExample), ...patch });
const months = (first: number, rows: [number, number][]) =>
  rows.map(([remuneration, days], i) => ({ month: `2026-${String(first + i).padStart(2, '0')}`, remuneration, payment_base_days: days }));
const revision = (patch: Record<string, unknown> = {}) => ({
  company_id: 'acme-tokyo',
  calculation_date: '2026-07-10',
  determination: 'revision',
  months: months(4, [
    [315000, 30],
    [318000, 31],
    [312000, 30],
  ]),
  current_standard_monthly_remuneration: 300000,
  fixed_wage_change: 'increase',
  ...patch,
});

describeEachStore('standard monthly remuneration determination endpoint (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });

  it('B01: May under 17 days is left out with its reason; (300,000 + 300,000) / 2 -> 第22級 / 第19級, 2026-09 to 2027-08', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body() });
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('standard_monthly_remuneration_determination');
    expect(res.json.amounts).toEqual({
      applies: true,
      average_remuneration: 300000,
      health_insurance_grade: 22,
      health_insurance_standard_monthly_remuneration: 300000,
      employees_pension_grade: 19,
      employees_pension_standard_monthly_remuneration: 300000,
      applies_from: '2026-09',
      valid_until: '2027-08',
      months_used: ['2026-04', '2026-06'],
      months_excluded: [
        {
          month: '2026-05',
          reason_code: 'payment_base_days_below_threshold',
          reason: 'payment_base_days 10 is below 17, the threshold of a general insured person: the month is left out.',
        },
      ],
    });
    // the trace cites every rule file, the grade tables and the parameters with their versions
    const steps = res.json.calculation_trace as {
      step: string;
      rule: { file: string };
      master_refs: { type: string; id: string; version: string }[];
    }[];
    expect(steps.map((s) => s.step)).toEqual([
      'settings_resolution',
      'determination_months',
      'average_remuneration',
      'grades',
      'determined_grades',
      'validity',
    ]);
    const grades = steps.find((s) => s.step === 'grades')!;
    expect(grades.rule.file).toBe('rules/standard_monthly_remuneration/standard_monthly_remuneration.grades.v1.yaml');
    expect(grades.master_refs).toEqual([
      expect.objectContaining({ id: 'health-insurance-grades', version: '2025-03' }),
      expect.objectContaining({ id: 'employees-pension', version: '2020-09' }),
    ]);
    const days = steps.find((s) => s.step === 'determination_months')!;
    expect(days.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'standard_monthly_remuneration.payment_base_days_general', version: '2020-01-01' }),
    );
  });

  it('a revision of one grade does not apply: the current grades stay, without dates', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: revision() });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toEqual({
      applies: false,
      average_remuneration: 315000,
      health_insurance_grade: 22,
      health_insurance_standard_monthly_remuneration: 300000,
      employees_pension_grade: 19,
      employees_pension_standard_monthly_remuneration: 300000,
      months_used: ['2026-04', '2026-05', '2026-06'],
      months_excluded: [],
    });
    const steps = (res.json.calculation_trace as { step: string; master_refs: { id: string; version: string }[] }[]).map((s) => s.step);
    expect(steps).toContain('revision_required');
  });

  it('acquisition from a weekly pay: 70,000 / 7 x 30 = 300,000; acquired in June, valid to the next August', async () => {
    const res = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: {
        company_id: 'acme-tokyo',
        calculation_date: '2026-06-01',
        determination: 'acquisition',
        acquisition_date: '2026-06-01',
        remuneration: 70000,
        pay_period: 'week',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toEqual({
      applies: true,
      average_remuneration: 300000,
      health_insurance_grade: 22,
      health_insurance_standard_monthly_remuneration: 300000,
      employees_pension_grade: 19,
      employees_pension_standard_monthly_remuneration: 300000,
      applies_from: '2026-06',
      valid_until: '2027-08',
    });
  });

  it('bad inputs are 422 with the field named: revision without the current value, wrong month count, duplicate months, malformed month', async () => {
    const noCurrent = revision();
    delete (noCurrent as { current_standard_monthly_remuneration?: number }).current_standard_monthly_remuneration;
    const a = await call(api.server, 'POST', PATH, { key: api.key, body: noCurrent });
    expect(a.status).toBe(422);
    expect(a.json.error.code).toBe('validation_error');
    expect(a.json.error.details).toEqual([
      expect.objectContaining({ path: ['current_standard_monthly_remuneration'], code: 'required_for_determination' }),
    ]);

    const two = await call(api.server, 'POST', PATH, { key: api.key, body: revision({ months: revision().months.slice(0, 2) }) });
    expect(two.status).toBe(422);
    expect(two.json.error.details).toEqual([expect.objectContaining({ path: ['months'], code: 'wrong_month_count' })]);

    const four = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: body({ months: [...body().months, { month: '2026-07', remuneration: 1, payment_base_days: 1 }] }),
    });
    expect(four.status).toBe(422);
    expect(four.json.error.details[0].path).toEqual(['months']);

    const dup = body();
    dup.months[2].month = '2026-04';
    const d = await call(api.server, 'POST', PATH, { key: api.key, body: dup });
    expect(d.status).toBe(422);
    expect(d.json.error.details).toEqual([expect.objectContaining({ path: ['months', 2, 'month'], code: 'duplicate_month' })]);

    const bad = body();
    bad.months[0].month = '2026-4';
    const m = await call(api.server, 'POST', PATH, { key: api.key, body: bad });
    expect(m.status).toBe(422);
    expect(m.json.error.details[0].path).toEqual(['months', 0, 'month']);
  });

  it('a scheduled month outside April-June, or no qualifying month without the previous value, is 422 standard_monthly_remuneration_not_determinable', async () => {
    const july = body({
      months: months(5, [
        [300000, 20],
        [300000, 20],
        [300000, 20],
      ]),
    });
    const a = await call(api.server, 'POST', PATH, { key: api.key, body: july });
    expect(a.status).toBe(422);
    expect(a.json.error.code).toBe('standard_monthly_remuneration_not_determinable');
    expect(a.json.error.message).toMatch(/April, May and June/);
    const none = body({
      months: months(4, [
        [120000, 12],
        [120000, 12],
        [120000, 12],
      ]),
    });
    delete (none as { current_standard_monthly_remuneration?: number }).current_standard_monthly_remuneration;
    const b = await call(api.server, 'POST', PATH, { key: api.key, body: none });
    expect(b.status).toBe(422);
    expect(b.json.error.code).toBe('standard_monthly_remuneration_not_determinable');
    // with the previous value it is kept
    const kept = await call(api.server, 'POST', PATH, { key: api.key, body: { ...none, current_standard_monthly_remuneration: 118000 } });
    expect(kept.status).toBe(200);
    expect(kept.json.amounts.health_insurance_standard_monthly_remuneration).toBe(118000);
    expect(kept.json.amounts.average_remuneration).toBeUndefined();
  });

  it('counts toward the Free-plan quota like the other calculations', () => expectFreePlanQuotaCounts(api.server, PATH, body));
});

describe('standard monthly remuneration determination: rate limit like the other calculations', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo', config: { rateLimitPerSecond: 1, rateLimitBurst: 3 } });

  it('a burst beyond the limit is 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(api.server, 'POST', PATH, { key: api.key, body: body() })));
    const limited = answers.filter((r) => r.status === 429);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].json.error.code).toBe('rate_limit_exceeded');
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
