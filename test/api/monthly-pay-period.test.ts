/**
 * pay_period and 丙 in monthly payroll over HTTP (POST /v1/payroll/monthly:calculate): the withholding of the
 * period beside the premiums computed as without it, the result fields and trace as in the income tax
 * simulation, the daily table in the snapshot only when a pay period is sent, and the error envelopes of 丙
 * with a monthly period (and in a bonus), of a bad count and of a date no daily table covers. The amounts
 * are the hand-worked golden cases of test/golden/monthly/pay-period.yaml.
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const step = (json: any, name: string) => json.calculation_trace.find((s: any) => s.step === name);

/** A weekly payment of 120,000 (2026-06-25), no attendance, allowances or other deductions. */
function weekly(snapshot: Record<string, unknown> = {}, fields: Record<string, unknown> = {}): any {
  const body: any = bodies.monthly();
  delete body.attendance_input;
  return {
    ...body,
    calculation_date: '2026-06-25',
    payment_date: '2026-06-25',
    period: { payroll_month: '2026-06', start_date: '2026-06-01', end_date: '2026-06-30' },
    employee_snapshot: {
      employee_ref: 'emp-0001',
      tax_dependent_count: 0,
      tax_table_type: 'kou',
      is_social_insurance_subject: true,
      is_employment_insurance_subject: true,
      standard_monthly_remuneration: 500000,
      care_insurance_subject: false,
      ...snapshot,
    },
    base_pay: 120000,
    allowances: [],
    custom_deductions: [],
    resident_tax_amount: 0,
    pay_period: { unit: 'week' },
    ...fields,
  };
}

describe('pay_period in monthly payroll', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  const post = (body: unknown, path: string = PATHS.monthly) => call(api.server, 'POST', path, { key: api.key, body });

  it("a weekly payment carrying the month's premiums: premiums as now, the daily table on the rest (155 x 7 = 1,085)", async () => {
    const res = await post(weekly());
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      gross_payment: 120000,
      standard_monthly_remuneration_used: 500000,
      income_tax_basis_amount: 48450,
      withholding_table: 'daily',
      converted_basis_amount: '6921.4285714286',
      unit_tax: 155,
      statutory_deductions: {
        health_insurance: 24625,
        childcare_support_contribution: 575,
        employees_pension_insurance: 45750,
        employment_insurance: 600,
        income_tax: 1085,
        total: 72635,
      },
      net_payment: 47365,
    });
    // the three fields sit beside the basis, before the deductions
    expect(Object.keys(res.json.amounts).slice(6, 10)).toEqual([
      'income_tax_basis_amount',
      'withholding_table',
      'converted_basis_amount',
      'unit_tax',
    ]);
    expect(res.json.settings_snapshot).toMatchObject({ tax_table_version: '2026-01', daily_tax_table_version: '2026-01' });
    expect(step(res.json, 'income_tax_pay_period').inputs).toMatchObject({ pay_period_unit: 'week', table_units: 7 });
    const tax = step(res.json, 'income_tax');
    expect(tax.formula_code).toBe('income_tax.pay_period_bracket_lookup.v1');
    expect(tax.master_refs.map((r: any) => [r.id, r.version])).toContainEqual(['nta-withholding-daily', '2026-01']);
  });

  it('without pay_period: no daily table resolved, no new fields, the monthly rule', async () => {
    const res = await post(bodies.monthly());
    expect(res.status).toBe(200);
    for (const field of ['withholding_table', 'converted_basis_amount', 'unit_tax']) expect(res.json.amounts).not.toHaveProperty(field);
    expect(res.json.settings_snapshot).not.toHaveProperty('daily_tax_table_version');
    const steps = res.json.calculation_trace.map((s: any) => s.step);
    expect(steps).not.toContain('income_tax_pay_period');
    expect(step(res.json, 'income_tax').formula_code).toBe('income_tax.monthly_bracket_lookup.v1');
    const refs = step(res.json, 'settings_resolution').master_refs.map((r: any) => r.id);
    expect(refs).not.toContain('nta-withholding-daily');
  });

  it('丙 by the day (DX05: 11,600 -> 65)', async () => {
    const res = await post(
      weekly(
        {
          tax_table_type: 'hei',
          is_social_insurance_subject: false,
          is_employment_insurance_subject: false,
          standard_monthly_remuneration: 0,
        },
        { base_pay: 11600, pay_period: { unit: 'day' } },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({ withholding_table: 'daily', unit_tax: 65, statutory_deductions: { income_tax: 65 } });
    expect(step(res.json, 'income_tax').inputs.dependents_rule).toBe('hei_column');
  });

  it('丙 with a monthly-table period: 422 validation_error in the error envelope, at pay_period.unit', async () => {
    const res = await post(weekly({ tax_table_type: 'hei' }, { pay_period: { unit: 'half_month' } }));
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

  it('丙 without a pay period: 422 at pay_period.unit', async () => {
    const body = weekly({ tax_table_type: 'hei' });
    delete body.pay_period;
    const res = await post(body);
    expect(res.status).toBe(422);
    expect(res.json.error.details.map((d: any) => d.path)).toEqual([['pay_period', 'unit']]);
  });

  it('丙 in a bonus stays refused by the schema, at employee_snapshot.tax_table_type', async () => {
    const body: any = bodies.bonus();
    body.employee_snapshot.tax_table_type = 'hei';
    const res = await post(body, PATHS.bonus);
    expect(res.status).toBe(422);
    expect(res.json.error.details.map((d: any) => d.path)).toContainEqual(['employee_snapshot', 'tax_table_type']);
  });

  it('a count with a unit that is one period: 422 at pay_period.count', async () => {
    const res = await post(weekly({}, { pay_period: { unit: 'day', count: 2 } }));
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: ['pay_period', 'count'], code: 'invalid_value', message: expect.stringContaining('must be 1') },
    ]);
  });

  it('a day-based payment in 2027: 422 settings_not_resolved naming the daily table', async () => {
    const res = await post(
      weekly(
        {},
        {
          calculation_date: '2027-01-25',
          payment_date: '2027-01-25',
          period: { payroll_month: '2027-01', start_date: '2027-01-01', end_date: '2027-01-31' },
        },
      ),
    );
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('settings_not_resolved');
    expect(res.json.error.message).toContain('daily withholding table nta-withholding-daily version 2027-01: not imported');
  });
});
