/**
 * POST /v1/social-insurance/leave-premium-exemption:calculate with the real engine: the request
 * (出生時育児休業 followed by 育児休業: one leave over the November end, longer than one month) through HTTP,
 * the envelope and the trace citing its rules and parameters; 4xx with the field named for dates out of
 * order, a leave ending before it starts, overlapping leaves, a premium-month range over 24 months and an
 * unknown leave type; a premium month no rate table covers is 422 settings_not_resolved; the Free-plan quota
 * and the rate limit like the other calculations. Amounts worked by hand from the Tokyo FY2026 rates: SMR
 * 320,000: health 320,000 x 4.925% = 15,760; support R(320,000 x 5.04%) - 15,760 = 16,128 - 15,760 = 368;
 * pension 320,000 x 9.15% = 29,280; total 45,408. Bonus 400,000: 19,700 + 460 + 36,600 = 56,760.
 */
import { describe, expect, it } from 'vitest';
import { leavePremiumExemptionExample } from '../../engine/contract/examples.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { expectFreePlanQuotaCounts } from './support/free-plan-quota.ts';
import { call } from './support/test-server.ts';

const PATH = '/v1/social-insurance/leave-premium-exemption:calculate';
type Body = typeof leavePremiumExemptionExample & Record<string, unknown>;
const body = (patch: Record<string, unknown> = {}): Body => ({ ...structuredClone(leavePremiumExemptionExample), ...patch });
const ZERO = { health_insurance: 0, care_insurance: 0, childcare_support_contribution: 0, employees_pension_insurance: 0, total: 0 };
const MONTH = {
  health_insurance: 15760,
  care_insurance: 0,
  childcare_support_contribution: 368,
  employees_pension_insurance: 29280,
  total: 45408,
};
const BONUS = {
  health_insurance: 19700,
  care_insurance: 0,
  childcare_support_contribution: 460,
  employees_pension_insurance: 36600,
  total: 56760,
};
const payable = (premium_month: string) => ({
  premium_month,
  exempt: false,
  exemption_rule: null,
  same_month_leave_days: 0,
  premiums: MONTH,
  exempted: ZERO,
  payable: MONTH,
});

describeEachStore('leave premium exemption endpoint (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });

  it('the issue request: one leave 11/1-12/20 (two merged), November and its bonus exempt, with the trace citing rules and parameters', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body() });
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('leave_premium_exemption');
    expect(res.json.calculation_id).toMatch(/^calc_/);
    expect(res.json.employee_ref).toBe('e-001');
    expect(res.json.settings_snapshot.company_profile_version).toBeDefined();
    // nothing but MASTER_CARRIED_FORWARD (the leave parameters are known through 2026-08-01, docs/adr/0105)
    expect(res.json.warnings.filter((w: string) => w !== 'MASTER_CARRIED_FORWARD')).toEqual([]);
    expect(res.json.amounts).toEqual({
      exempt_premium_months: ['2026-11'],
      months: [
        payable('2026-10'),
        {
          premium_month: '2026-11',
          exempt: true,
          exemption_rule: 'month_end_in_leave',
          same_month_leave_days: 0,
          premiums: MONTH,
          exempted: MONTH,
          payable: ZERO,
        },
        payable('2026-12'),
        payable('2027-01'),
      ],
      bonuses: [
        {
          payment_date: '2026-11-25',
          premium_month: '2026-11',
          exempt: true,
          reason: 'childcare_leave_over_one_month',
          premiums: BONUS,
          exempted: BONUS,
          payable: ZERO,
        },
      ],
      leave_units: [
        {
          leave_type: 'childcare_leave',
          start_date: '2026-11-01',
          end_date: '2026-12-20',
          leaves_merged: 2,
          days_counted: 49,
          one_month_expiry_date: '2026-11-30',
          exceeds_one_month: true,
          rule_set: 'from_2022_10',
        },
      ],
    });
    const steps = res.json.calculation_trace as {
      step: string;
      formula_code: string;
      rule: { file: string; legal_source: string };
      master_refs: { type: string; id: string; version: string }[];
    }[];
    expect(steps.map((s) => s.step)).toEqual([
      'settings_resolution',
      'leave_units',
      'exempt_months',
      'exempt_month_amounts',
      'exempt_bonus_amounts',
    ]);
    const months = steps.find((s) => s.step === 'exempt_months')!;
    expect(months.rule.file).toBe('rules/leave_premium_exemption/leave_premium_exemption.months.v1.yaml');
    expect(months.rule.legal_source).toMatch(/健康保険法第159条第1項第1号, 第2号/);
    expect(months.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'leave_premium_exemption.fourteen_day_rule_days', version: '2020-01-01' }),
    );
    const units = steps.find((s) => s.step === 'leave_units')!;
    expect(units.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'leave_premium_exemption.current_rules_from_leave_start' }),
    );
  });

  it('with the birth: the maternity window, and a maternity leave counted within it', async () => {
    const res = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: body({
        leaves: [{ leave_type: 'maternity_leave', start_date: '2026-06-09', end_date: '2026-09-14' }],
        birth: { expected_date: '2026-07-20', actual_date: '2026-07-15' },
        bonuses: [],
        premium_months: { from: '2026-08', to: '2026-09' },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json.amounts.maternity_window).toEqual({ start_date: '2026-06-04', end_date: '2026-09-09' });
    expect(res.json.amounts.exempt_premium_months).toEqual(['2026-08']);
    expect(res.json.amounts.leave_units[0]).toMatchObject({
      leave_type: 'maternity_leave',
      start_date: '2026-06-09',
      end_date: '2026-09-09',
    });
  });

  it('bad inputs are 422 with the field named', async () => {
    const leaves = (l: unknown[]) => body({ leaves: l });
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [
        leaves([{ leave_type: 'childcare_leave', start_date: '2026-11-10', end_date: '2026-11-09' }]),
        ['leaves', 0, 'end_date'],
        'date_order',
      ],
      [
        leaves([
          { leave_type: 'childcare_leave', start_date: '2026-11-10', end_date: '2026-11-12' },
          { leave_type: 'childcare_leave', start_date: '2026-11-01', end_date: '2026-11-03' },
        ]),
        ['leaves', 1, 'start_date'],
        'date_order',
      ],
      [
        leaves([
          { leave_type: 'childcare_leave', start_date: '2026-11-01', end_date: '2026-11-12' },
          { leave_type: 'childcare_leave', start_date: '2026-11-12', end_date: '2026-11-20' },
        ]),
        ['leaves', 1, 'start_date'],
        'overlapping_leaves',
      ],
      [body({ premium_months: { from: '2026-01', to: '2028-01' } }), ['premium_months', 'to'], 'out_of_range'],
      [body({ premium_months: { from: '2026-05', to: '2026-04' } }), ['premium_months', 'to'], 'date_order'],
      [
        leaves([{ leave_type: 'sick_leave', start_date: '2026-11-01', end_date: '2026-11-03' }]),
        ['leaves', 0, 'leave_type'],
        'invalid_value',
      ],
      [
        leaves([{ leave_type: 'childcare_leave', start_date: '9999-12-01', end_date: '9999-12-31' }]),
        ['leaves', 0, 'end_date'],
        'out_of_range',
      ],
      [
        leaves([
          {
            leave_type: 'childcare_leave',
            start_date: '2026-11-01',
            end_date: '2026-11-20',
            planned_work_hours: '8',
            scheduled_daily_working_hours: '8',
          },
        ]),
        ['leaves', 0, 'planned_work_hours'],
        'not_used_by_leave_type',
      ],
    ];
    for (const [b, path, code] of cases) {
      const res = await call(api.server, 'POST', PATH, { key: api.key, body: b });
      expect(res.status, JSON.stringify(path)).toBe(422);
      expect(res.json.error.code).toBe('validation_error');
      expect(res.json.error.details).toContainEqual(expect.objectContaining({ path, code }));
    }
  });

  it('a premium month no rate table covers is 422 settings_not_resolved, never the nearest year', async () => {
    const res = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: body({
        leaves: [{ leave_type: 'maternity_leave', start_date: '2015-10-10', end_date: '2016-01-05' }],
        bonuses: [],
        premium_months: { from: '2015-10', to: '2016-01' },
      }),
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('settings_not_resolved');
  });

  it('counts toward the Free-plan quota like the other calculations', () => expectFreePlanQuotaCounts(api.server, PATH, body));
});

describe('leave premium exemption: rate limit like the other calculations', () => {
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
