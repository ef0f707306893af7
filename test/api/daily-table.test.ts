/**
 * pay_period and 丙 over HTTP (POST /v1/simulations/income-tax:calculate): the table a period reads, the
 * result fields beside income_tax, the trace, the snapshot's daily table version, the error envelope of 丙
 * with a monthly period and of a date no daily table covers, and GET /v1/masters/tax-tables listing the daily
 * table. Every amount is a worked example of the statutory reference (daily_table/worked_examples.yaml), and
 * every row boundary a golden case (test/golden/simulations/income-tax-daily-table.yaml, daily-table-boundaries/).
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const step = (json: any, name: string) => json.calculation_trace.find((s: any) => s.step === name);

function incomeTax(fields: Record<string, unknown>): any {
  return { ...bodies.incomeTax(), social_insurance_deduction_amount: 0, ...fields };
}

describe('every pay period in the income tax simulation', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  const post = (body: unknown) => call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body });

  it('weekly pay reads the daily table at the amount per day, the tax per day cut to the yen times 7 (DX08: 19,712)', async () => {
    const res = await post(incomeTax({ taxable_payment: 200000, tax_dependent_count: 2, pay_period: { unit: 'week' } }));
    expect(res.status).toBe(200);
    expect(res.json.amounts).toEqual({
      taxable_payment: 200000,
      social_insurance_deduction_amount: 0,
      income_tax_basis_amount: 200000,
      withholding_table: 'daily',
      converted_basis_amount: '28571.4285714286',
      unit_tax: 2816,
      income_tax: 19712,
    });
    expect(res.json.settings_snapshot).toMatchObject({ tax_table_version: '2026-01', daily_tax_table_version: '2026-01' });
    expect(step(res.json, 'income_tax_pay_period').inputs).toMatchObject({
      pay_period_unit: 'week',
      withholding_table: 'daily',
      table_units: 7,
    });
    const tax = step(res.json, 'income_tax');
    expect(tax.formula_code).toBe('income_tax.pay_period_bracket_lookup.v1');
    expect(tax.inputs).toMatchObject({ method: 'bracket', base_tax_amount: 2330, rate: '0.23483', unit_tax: 2816 });
    expect(tax.master_refs.map((r: any) => [r.id, r.version])).toContainEqual(['nta-withholding-daily', '2026-01']);
  });

  it('丙 for 22 days paid together: 255,930 / 22 = 11,633.18 a day, 65 x 22 = 1,430 (DX06)', async () => {
    const res = await post(
      incomeTax({
        taxable_payment: 300000,
        social_insurance_deduction_amount: 44070,
        tax_table_type: 'hei',
        pay_period: { unit: 'days', count: 22 },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({ withholding_table: 'daily', unit_tax: 65, income_tax: 1430 });
    expect(step(res.json, 'income_tax').inputs.dependents_rule).toBe('hei_column');
  });

  it('half-month pay reads the monthly table at twice the amount and withholds half (DX09: 4,700 / 2 = 2,350)', async () => {
    const res = await post(incomeTax({ taxable_payment: 150000, tax_dependent_count: 2, pay_period: { unit: 'half_month' } }));
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      withholding_table: 'monthly',
      converted_basis_amount: '300000',
      unit_tax: 4700,
      income_tax: 2350,
    });
  });

  it('without pay_period the answer is the monthly table as before, without the new fields', async () => {
    const res = await post(bodies.incomeTax());
    expect(res.status).toBe(200);
    // 300,000 - 44,000 = 256,000: 2026 月額表 row [254,000, 257,000) kou_0 = 6,320
    expect(res.json.amounts).toEqual({
      taxable_payment: 300000,
      social_insurance_deduction_amount: 44000,
      income_tax_basis_amount: 256000,
      income_tax: 6320,
    });
    expect(res.json.calculation_trace.map((s: any) => s.step)).toEqual(['settings_resolution', 'income_tax']);
  });

  it('丙 with a monthly period: 422 validation_error in the error envelope, at pay_period.unit', async () => {
    const res = await post(incomeTax({ tax_table_type: 'hei', pay_period: { unit: 'month' } }));
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({ code: 'validation_error' });
    expect(res.json.error.details).toEqual([
      {
        path: ['pay_period', 'unit'],
        code: 'inconsistent_value',
        message: expect.stringContaining('hei (丙欄, 日雇賃金) is in the daily table only'),
      },
    ]);
  });

  it('a count with a unit that is one period: 422 at pay_period.count', async () => {
    const res = await post(incomeTax({ pay_period: { unit: 'half_month', count: 2 } }));
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: ['pay_period', 'count'], code: 'invalid_value', message: expect.stringContaining('must be 1') },
    ]);
  });

  it('a day-based payment in 2027, when no 2027 daily table is loaded: 422 settings_not_resolved naming the table', async () => {
    const res = await post(
      incomeTax({ calculation_date: '2027-01-08', payment_date: '2027-01-08', taxable_payment: 10000, pay_period: { unit: 'day' } }),
    );
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('settings_not_resolved');
    expect(res.json.error.message).toContain('daily withholding table nta-withholding-daily version 2027-01: not imported');
  });

  it('GET /v1/masters/tax-tables lists the daily table per version with its status', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/tax-tables', { key: api.key });
    expect(res.status).toBe(200);
    const daily = res.json.data
      .filter((r: any) => r.table === 'daily')
      .map((r: any) => [r.version, r.status, r.effective_from, r.effective_to]);
    expect(daily).toEqual([
      ['2020-01', 'not_imported', '2020-01-01', '2025-12-31'],
      ['2026-01', 'imported', '2026-01-01', '2026-12-31'],
      ['2027-01', 'not_imported', '2027-01-01', null],
    ]);
  });
});
