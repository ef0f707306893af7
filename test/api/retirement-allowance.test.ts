/**
 * POST /v1/payroll/retirement-allowance:calculate with the real engine: the five NTA figures of the
 * retirement reference to the yen (91,890; 380,322; 994,454; 3,384,615 in 2,030,769 and 1,353,846;
 * 3,991,089), the trace citing each rule and parameter version, 20.42 % without the declaration, the error
 * envelope with the field path of each inconsistent input, the quick-reckoning table in
 * GET /v1/masters/tax-tables, and the Free-plan quota and the rate limit like the other calculations.
 */
import { describe, expect, it } from 'vitest';
import { retirementAllowanceExample } from '../../engine/contract/examples.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { expectFreePlanQuotaCounts } from './support/free-plan-quota.ts';
import { call } from './support/test-server.ts';

const PATH = '/v1/payroll/retirement-allowance:calculate';
type Body = typeof retirementAllowanceExample & Record<string, unknown>;
const body = (patch: Record<string, unknown> = {}): Body => ({ ...structuredClone(retirementAllowanceExample), ...patch });
const allowance = (amount: number, start: string, end: string, more: Record<string, unknown> = {}) =>
  body({ retirement_allowance: { amount, ...more }, service_period: { start_date: start, end_date: end } });

describeEachStore('retirement allowance endpoint (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });
  const post = (b: unknown) => call(api.server, 'POST', PATH, { key: api.key, body: b });

  it('NTA No.2732 計算例1: 8,000,000 after 10年2か月 -> 11 years, 4,400,000, 1,800,000, 91,890; every step cites its rule and parameters', async () => {
    const res = await post(body());
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('retirement_allowance');
    expect(res.json.employee_ref).toBe('e-001');
    expect(res.json.amounts).toEqual({
      service_years: 11,
      officer_service_years: 0,
      overlap_years: 0,
      allowance_category: 'general',
      retirement_income_deduction: 4400000,
      deduction_general: 4400000,
      deduction_specified_officer: 0,
      taxable_retirement_income: 1800000,
      income_tax_basic: 90000,
      withholding_tax: 91890,
      method: 'quick_table',
    });
    const steps = res.json.calculation_trace as {
      step: string;
      rule: { file: string };
      master_refs: { type: string; id: string; version: string }[];
    }[];
    expect(steps.map((s) => s.step)).toEqual([
      'settings_resolution',
      'service_years',
      'allowance_category',
      'previous_allowance_reduction',
      'retirement_income_deduction',
      'taxable_retirement_income',
      'withholding_tax',
    ]);
    const tax = steps.find((s) => s.step === 'withholding_tax')!;
    expect(tax.rule.file).toBe('rules/retirement_allowance/retirement_allowance.tax.v1.yaml');
    expect(tax.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'retirement_income.quick_table', version: '2022-01-01' }),
    );
    expect(tax.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'retirement_income.surtax_multiplier', version: '2022-01-01' }),
    );
  });

  it('NTA No.2732 計算例2: 23,000,000 after 29年2か月 -> 30 years, 15,000,000, 4,000,000, 380,322', async () => {
    const res = await post(allowance(23000000, '1996-01-01', '2025-02-28'));
    expect(res.status).toBe(200);
    const a = res.json.amounts;
    expect([a.service_years, a.retirement_income_deduction, a.taxable_retirement_income, a.withholding_tax]).toEqual([
      30, 15000000, 4000000, 380322,
    ]);
  });

  it('the 速算表 example: 課税退職所得金額 7,000,000 -> 994,454', async () => {
    const res = await post(allowance(18000000, '2016-04-01', '2026-03-31'));
    expect([res.json.amounts.taxable_retirement_income, res.json.amounts.withholding_tax]).toEqual([7000000, 994454]);
  });

  it('分割支給: 50,000,000 after 38 years -> 3,384,615, apportioned 2,030,769 and 1,353,846', async () => {
    const res = await post(allowance(50000000, '1988-04-01', '2026-03-31', { installments: [30000000, 20000000] }));
    expect(res.status).toBe(200);
    expect(res.json.amounts.withholding_tax).toBe(3384615);
    expect(res.json.amounts.installment_taxes).toEqual([2030769, 1353846]);
  });

  it('使用人 and 特定役員 allowances from one payer: 3,991,089 (deduction 10,800,000 = 9,600,000 + 1,200,000, 重複 2 years)', async () => {
    const res = await post(
      body({
        calculation_date: '2025-04-30',
        payment_date: '2025-04-30',
        retirement_allowance: { amount: 35000000, specified_officer_portion: 10000000 },
        service_period: {
          start_date: '2000-04-01',
          end_date: '2024-03-31',
          officer_period: { start_date: '2020-04-01', end_date: '2024-03-31' },
          employee_period_end_date: '2022-03-31',
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      service_years: 24,
      officer_service_years: 4,
      overlap_years: 2,
      allowance_category: 'general_and_specified_officer',
      retirement_income_deduction: 10800000,
      deduction_general: 9600000,
      deduction_specified_officer: 1200000,
      taxable_retirement_income: 16500000,
      withholding_tax: 3991089,
    });
  });

  it('without the declaration: 8,000,000 x 20.42% = 1,633,600, the deduction and taxable income null', async () => {
    const res = await post(body({ declaration: { submitted: false } }));
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      withholding_tax: 1633600,
      method: 'flat_20_42',
      retirement_income_deduction: null,
      taxable_retirement_income: null,
    });
  });

  it('an inconsistent request is 422 validation_error with the field path', async () => {
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ service_period: { start_date: '2016-04-01', end_date: '2016-03-31' } }, ['service_period', 'end_date']],
      [
        {
          service_period: {
            start_date: '2016-04-01',
            end_date: '2026-03-31',
            officer_period: { start_date: '2015-04-01', end_date: '2026-03-31' },
          },
        },
        ['service_period', 'officer_period', 'start_date'],
      ],
      [
        {
          retirement_allowance: { amount: 8000000, specified_officer_portion: 8000001 },
          service_period: {
            start_date: '2016-04-01',
            end_date: '2026-03-31',
            officer_period: { start_date: '2022-04-01', end_date: '2026-03-31' },
          },
        },
        ['retirement_allowance', 'specified_officer_portion'],
      ],
      [{ retirement_allowance: { amount: 8000000, installments: [5000000, 2000000] } }, ['retirement_allowance', 'installments']],
    ];
    for (const [patch, path] of cases) {
      const res = await post(body(patch));
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('validation_error');
      expect(res.json.error.details).toEqual([expect.objectContaining({ path, code: 'inconsistent_value' })]);
    }
  });

  it('a field the schema refuses is 422 with its path; a combination not computed is 422 retirement_allowance_not_supported', async () => {
    const bad = await post(body({ retirement_allowance: { amount: -1 } }));
    expect(bad.status).toBe(422);
    expect(bad.json.error.details[0].path).toEqual(['retirement_allowance', 'amount']);
    const short = await post(
      body({
        service_period: {
          start_date: '2021-04-01',
          end_date: '2026-03-31',
          officer_period: { start_date: '2025-04-01', end_date: '2026-03-31' },
        },
      }),
    );
    expect(short.status).toBe(422);
    expect(short.json.error.code).toBe('retirement_allowance_not_supported');
  });

  it('GET /v1/masters/tax-tables lists the retirement quick-reckoning table with its version', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/tax-tables?as_of=2026-03-31', { key: api.key });
    expect(res.status).toBe(200);
    expect(res.json.data).toContainEqual({
      type: 'income_tax_table',
      id: 'retirement_income.quick_table',
      version: '2022-01-01',
      effective_from: '2022-01-01',
      effective_to: null,
      source_artifact_id: 'nta-taxanswer-2732-besshi',
      table: 'retirement',
      status: 'imported',
    });
  });

  it('counts toward the Free-plan quota like the other payroll calculations', () => expectFreePlanQuotaCounts(api.server, PATH, body));
});

describe('retirement allowance: rate limit like the other calculations', () => {
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
