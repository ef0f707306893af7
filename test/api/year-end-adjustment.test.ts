/**
 * POST /v1/payroll/year-end-adjustment:calculate with the real engine: the NTA 令和8年分 設例
 * through HTTP to the yen, the 20,000,000 boundary and its error code, the refused tax year 2024, a birth
 * date after the tax year, and the Free-plan quota like the other payroll calculations.
 */
import { expect, it } from 'vitest';
import { yearEndAdjustmentExample } from '../../engine/contract/examples.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { expectFreePlanQuotaCounts } from './support/free-plan-quota.ts';
import { call } from './support/test-server.ts';

const PATH = '/v1/payroll/year-end-adjustment:calculate';
const body = (patch: Record<string, unknown> = {}) => ({ ...structuredClone(yearEndAdjustmentExample), ...patch });

describeEachStore('year-end adjustment endpoint (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });

  it('the NTA 令和8年分 設例: 年調年税額 41,400, refund 115,270 (booklet p.57-60)', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body() });
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('year_end_adjustment');
    expect(res.json.employee_ref).toBe('e-001');
    const a = res.json.amounts;
    expect([a.salary_income, a.income_adjustment_deduction, a.total_income]).toEqual([7020000, 47000, 6973000]);
    expect(a.deductions).toEqual({
      social_insurance: 1386102,
      small_business_mutual_aid: 0,
      life_insurance: 120000,
      earthquake_insurance: 50000,
      spouse: 380000,
      specific_relative: 410000,
      dependents_and_disability: 1860000,
      basic: 620000,
      total: 4826102,
    });
    expect([a.taxable_income, a.computed_tax, a.housing_loan_credit_applied, a.annual_tax, a.difference]).toEqual([
      2146000, 117100, 76500, 41400, -115270,
    ]);
    // every step cites its rule, and the parameters it read with their dates
    const steps = res.json.calculation_trace as {
      step: string;
      rule: { file: string };
      master_refs: { type: string; id: string; version: string }[];
    }[];
    const salary = steps.find((s) => s.step === 'salary_income')!;
    expect(salary.rule.file).toBe('rules/year_end_adjustment/year_end_adjustment.salary_income.v1.yaml');
    expect(salary.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'year_end_adjustment.salary_income_formula', version: '2025-01-01' }),
    );
    const basic = steps.find((s) => s.step === 'deduction_basic')!;
    expect(basic.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'year_end_adjustment.basic_deduction_table', version: '2026-01-01' }),
    );
  });

  it('the same household in tax year 2025 takes the 2025 law (basic deduction 580,000, no 計算式Ⅱ)', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body({ tax_year: 2025, calculation_date: '2025-12-10' }) });
    expect(res.status).toBe(200);
    expect(res.json.amounts.deductions.basic).toBe(580000);
    expect(res.json.amounts.annual_tax).toBe(45500);
    expect(res.json.amounts.difference).toBe(-111170);
  });

  it("a redo in January of the next year still applies the tax year's law", async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body({ tax_year: 2025, calculation_date: '2026-01-20' }) });
    expect(res.json.amounts.deductions.basic).toBe(580000);
  });

  it('exactly 20,000,000 is adjusted; 20,000,001 is 422 year_end_adjustment_not_applicable', async () => {
    const ok = await call(api.server, 'POST', PATH, { key: api.key, body: body({ salary_payment_total: 20000000 }) });
    expect(ok.status).toBe(200);
    expect(ok.json.amounts.salary_income).toBe(18050000);
    const over = await call(api.server, 'POST', PATH, { key: api.key, body: body({ salary_payment_total: 20000001 }) });
    expect(over.status).toBe(422);
    expect(over.json.error.code).toBe('year_end_adjustment_not_applicable');
    expect(over.json.error.message).toMatch(/does not apply/);
  });

  it('tax year 2024 is refused with the reason (its 定額減税 is not confirmed)', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body({ tax_year: 2024 }) });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.details).toEqual([expect.objectContaining({ path: ['tax_year'], message: expect.stringContaining('定額減税') })]);
  });

  it('a dependant born after the tax year, and a special_cohabiting employee, are validation errors', async () => {
    const b = body();
    (b.declarations.dependents[0] as { birth_date: string }).birth_date = '2027-01-01';
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: b });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      expect.objectContaining({ path: ['declarations', 'dependents', 0, 'birth_date'], code: 'after_tax_year' }),
    ]);
    const emp = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: body({ employee: { employee_ref: 'e', disability: 'special_cohabiting' } }),
    });
    expect(emp.status).toBe(422);
    expect(emp.json.error.details[0].path).toEqual(['employee', 'disability']);
  });

  it('counts toward the Free-plan quota like the other payroll calculations', () => expectFreePlanQuotaCounts(api.server, PATH, body));
});
