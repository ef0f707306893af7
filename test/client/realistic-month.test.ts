/**
 * A realistic month through the typed client (client/), against a real server on a random port with the
 * real engine: an account, the companies' profiles PUT, monthly payroll for a monthly, an hourly and a
 * daily employee, a bonus, each simulation and a grade lookup.
 *
 * The requests are written here as typed literals, so `npm run typecheck` proves a normal request
 * compiles against the generated types with openapi-typescript's default settings (fields with a
 * default may be left out). Each literal is checked equal to a golden case's request, and the expected
 * amounts are that golden case's, worked by hand from the statutory tables (test/golden/), never
 * taken from this output.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPayrollClient, type PayrollClient, type RequestBody } from '../../client/index.ts';
import { loadGoldenCases, type GoldenCase } from '../../tools/golden/runner.ts';
import { freshServer } from '../api/support/fresh-server.ts';
import { realEngine } from '../api/support/real-engine.ts';

const GOLDEN_DIR = 'test/golden';
const golden = new Map(loadGoldenCases(GOLDEN_DIR).map((c) => [c.id, c]));

function goldenCase(id: string): GoldenCase {
  const c = golden.get(id);
  if (!c) throw new Error(`no golden case ${id}`);
  return c;
}

/** The PUT bodies of a golden file's company, as the file gives them. */
function goldenProfilePuts(c: GoldenCase): { company_id: string; puts: RequestBody<'putCalculationProfile'>[] } {
  const doc = parse(readFileSync(`${GOLDEN_DIR}/${c.file}`, 'utf8')) as {
    company: { company_id: string; profile_puts: RequestBody<'putCalculationProfile'>[] };
  };
  return { company_id: doc.company.company_id, puts: doc.company.profile_puts };
}

/** May 2026 paid on the 25th, and employee emp-001 (kou, no dependents, insured): the three pay-type cases share both. */
const MAY_2026 = {
  calculation_date: '2026-05-25',
  payment_date: '2026-05-25',
  period: { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' },
};
const EMP_001 = {
  employee_ref: 'emp-001',
  tax_dependent_count: 0,
  tax_table_type: 'kou',
  is_social_insurance_subject: true,
  is_employment_insurance_subject: true,
  care_insurance_subject: false,
} as const;

const monthlyEmployee: RequestBody<'calculateMonthlyPayroll'> = {
  company_id: 'golden-m-pay-monthly',
  ...MAY_2026,
  employee_snapshot: { ...EMP_001, standard_monthly_remuneration: 300000 },
  pay_type: 'monthly',
  base_pay: 300000,
};

const hourlyEmployee: RequestBody<'calculateMonthlyPayroll'> = {
  company_id: 'golden-m-pay-hourly',
  ...MAY_2026,
  employee_snapshot: { ...EMP_001, standard_monthly_remuneration: 160000 },
  pay_type: 'hourly',
  hourly_rate: 1234,
  attendance_input: { base_work_minutes: 7777, overtime_minutes: 600, late_night_minutes: 240 },
};

const dailyEmployee: RequestBody<'calculateMonthlyPayroll'> = {
  company_id: 'golden-m-pay-daily',
  ...MAY_2026,
  employee_snapshot: { ...EMP_001, standard_monthly_remuneration: 260000, daily_standard_working_hours: '8' },
  pay_type: 'daily',
  daily_rate: 12000,
  attendance_input: { attendance_days: 21, overtime_minutes: 600, late_early_leave_minutes: 45 },
};

const summerBonus: RequestBody<'calculateBonus'> = {
  company_id: 'golden-bonus-tokyo',
  calculation_date: '2026-06-30',
  payment_date: '2026-06-30',
  employee_snapshot: {
    employee_ref: 'bonus-2026-kou0-band4',
    tax_dependent_count: 0,
    tax_table_type: 'kou',
    is_social_insurance_subject: true,
    is_employment_insurance_subject: true,
    standard_monthly_remuneration: 300000,
    care_insurance_subject: false,
  },
  bonus_gross_amount: 800000,
  previous_month_taxable_payroll_amount: 345000,
  previous_month_social_insurance_amount: 45000,
  bonus_social_insurance_context: {
    health_insurance_standard_bonus_ytd_before_this_payment: 0,
    employees_pension_standard_bonus_same_month_before_this_payment: 0,
  },
};

const socialInsurance: RequestBody<'simulateSocialInsurance'> = {
  company_id: 'golden-sim-si-tokyo',
  calculation_date: '2026-05-25',
  payment_date: '2026-05-25',
  is_social_insurance_subject: true,
  standard_monthly_remuneration: 260000,
  care_insurance_subject: false,
};

const employmentInsurance: RequestBody<'simulateEmploymentInsurance'> = {
  company_id: 'golden-sim-ei-general',
  calculation_date: '2026-05-25',
  payment_date: '2026-05-25',
  is_employment_insurance_subject: true,
  subject_wage_total: 243088,
};

const incomeTax: RequestBody<'simulateIncomeTax'> = {
  company_id: 'golden-sim-tax',
  calculation_date: '2026-06-25',
  payment_date: '2026-06-25',
  taxable_payment: 345000,
  social_insurance_deduction_amount: 45000,
  tax_table_type: 'kou',
  tax_dependent_count: 0,
};

const gradeLookup: RequestBody<'resolveStandardMonthlyRemuneration'> = {
  company_id: 'golden-sim-grades',
  calculation_date: '2026-06-25',
  payment_date: '2026-06-25',
  monthly_remuneration: 63000,
};

describe('a realistic month through the typed client', () => {
  const api = freshServer('sqlite', { engine: realEngine(), plan: 'standard' });
  let payroll: PayrollClient;
  beforeAll(() => {
    payroll = createPayrollClient({ baseUrl: api.server.url, apiKey: api.key });
  });

  const CASES = [
    ['m-pay-monthly-no-attendance-300k', monthlyEmployee],
    ['m-pay-hourly-ceil-base-pay', hourlyEmployee],
    ['m-pay-daily-basic', dailyEmployee],
    ['bonus-2026-kou0-band4', summerBonus],
    ['sim-si-tokyo-2026-05-260k-official', socialInsurance],
    ['sim-ei-general-2026-05-official-243088', employmentInsurance],
    ['sim-it-2026-kou0-row-300k', incomeTax],
    ['sim-grade-63000-bound', gradeLookup],
  ] as const;

  it.each(CASES)("the request literal for %s is the golden case's request", (id, body) => {
    expect(body).toEqual(goldenCase(id).request);
  });

  it("PUTs each company's calculation profile", async () => {
    for (const [id] of CASES) {
      const { company_id, puts } = goldenProfilePuts(goldenCase(id));
      for (const body of puts) {
        const { data, error, response } = await payroll.PUT('/cp/v1/companies/{company_id}/calculation-profile', {
          params: { path: { company_id } },
          body,
        });
        expect(error, JSON.stringify(error)).toBeUndefined();
        expect(response.status).toBe(200);
        expect(data!.company_id).toBe(company_id);
        expect(data!.effective_from).toBe(body.effective_from);
      }
    }
    const { data } = await payroll.GET('/cp/v1/companies/{company_id}/calculation-profile', {
      params: { path: { company_id: 'golden-m-pay-hourly' } },
    });
    expect(data!.data.map((v) => v.social_insurance?.prefecture_code)).toEqual(['27']);
  });

  it('monthly payroll: a monthly, an hourly and a daily employee', async () => {
    for (const [id, body] of [CASES[0], CASES[1], CASES[2]]) {
      const { data, error } = await payroll.POST('/v1/payroll/monthly:calculate', { body });
      expect(error, JSON.stringify(error)).toBeUndefined();
      expect(data!.amounts, id).toMatchObject(goldenCase(id).expect.amounts!);
    }
  });

  it('a bonus', async () => {
    const { data, error } = await payroll.POST('/v1/payroll/bonus:calculate', { body: summerBonus });
    expect(error, JSON.stringify(error)).toBeUndefined();
    expect(data!.amounts).toMatchObject(goldenCase('bonus-2026-kou0-band4').expect.amounts!);
    expect(data!.amounts.net_payment).toBe(640672);
  });

  it('each simulation and the grade lookup', async () => {
    const si = await payroll.POST('/v1/simulations/social-insurance:calculate', { body: socialInsurance });
    expect(si.data!.amounts).toMatchObject(goldenCase('sim-si-tokyo-2026-05-260k-official').expect.amounts!);
    expect(si.data!.amounts.health_insurance).toBe(12805);
    const ei = await payroll.POST('/v1/simulations/employment-insurance:calculate', { body: employmentInsurance });
    expect(ei.data!.amounts).toMatchObject(goldenCase('sim-ei-general-2026-05-official-243088').expect.amounts!);
    const tax = await payroll.POST('/v1/simulations/income-tax:calculate', { body: incomeTax });
    expect(tax.data!.amounts).toMatchObject(goldenCase('sim-it-2026-kou0-row-300k').expect.amounts!);
    const grade = await payroll.POST('/v1/simulations/standard-monthly-remuneration:resolve', { body: gradeLookup });
    expect(grade.data!.amounts).toMatchObject(goldenCase('sim-grade-63000-bound').expect.amounts!);
    expect(grade.data!.amounts.health_insurance_standard_monthly_remuneration).toBe(68000);
  });

  it('errors come back typed in the envelope', async () => {
    const { data, error, response } = await payroll.POST('/v1/payroll/monthly:calculate', {
      body: { ...monthlyEmployee, company_id: 'no-such-company' },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error!.error.code).toBe('company_not_found');
  });
});
