/**
 * POST /v1/payroll/year-end-adjustment:calculate with the real engine: the NTA 令和8年分 設例
 * through HTTP to the yen, the 20,000,000 boundary and its error code, the refused tax year 2024, a birth
 * date after the tax year, the employee's other income, who is adjusted (乙欄, non-residents, leavers and
 * the date a death takes the status on), the tax year 2028 whose law is not loaded, the withholding
 * slip, previous employers, the settlement and its 70 % deferral, and the Free-plan quota like the other
 * payroll calculations.
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

  it("1,000,000 of other income moves the basic deduction tier and the spouse column to the employee's 合計所得金額", async () => {
    // pay 10,000,000: box 11 = 10,000,000 - 1,950,000 = 8,050,000; + 1,000,000 = 9,050,000 -> spouse column B (260,000)
    const household = (other?: number) =>
      body({
        employee: { employee_ref: 'e', ...(other === undefined ? {} : { estimated_other_income: other }) },
        salary_payment_total: 10000000,
        social_insurance_withheld_total: 0,
        declarations: { spouse: { birth_date: '1980-04-01', estimated_total_income: 0 } },
      });
    const alone = await call(api.server, 'POST', PATH, { key: api.key, body: household() });
    const other = await call(api.server, 'POST', PATH, { key: api.key, body: household(1000000) });
    expect([alone.status, other.status]).toEqual([200, 200]);
    expect(alone.json.amounts.deductions.spouse).toBe(380000);
    expect(other.json.amounts.deductions.spouse).toBe(260000);
    expect(other.json.amounts.total_income).toBe(8050000); // box 11 itself: the other income is not taxed here
    // taxable 8,050,000 - (260,000 + 620,000) = 7,170,000; x 23% - 636,000 = 1,013,100; x 1.021 -> 1,034,300
    expect([other.json.amounts.taxable_income, other.json.amounts.annual_tax]).toEqual([7170000, 1034300]);
    // pay 8,000,000: box 11 6,100,000 (basic 670,000); + 1,000,000 = 7,100,000 -> basic 620,000
    const tier = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: body({ employee: { employee_ref: 'e', estimated_other_income: 1000000 }, salary_payment_total: 8000000, declarations: {} }),
    });
    expect(tier.json.amounts.deductions.basic).toBe(620000);
    const step = (tier.json.calculation_trace as { step: string; inputs: Record<string, unknown> }[]).find(
      (s) => s.step === 'employee_total_income',
    )!;
    expect(step.inputs).toMatchObject({ total_income: 6100000, estimated_other_income: 1000000 });
  });

  it.each([
    [{ tax_table_type: 'otsu' }, /乙欄/],
    [{ resident: false }, /non-resident/],
    [{ leaving: { date: '2026-06-30', reason: 'other' } }, /adjusted only after death/],
  ])('%j is 422 year_end_adjustment_not_applicable with the reason', async (employee, reason) => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body({ employee: { employee_ref: 'e', ...employee } }) });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('year_end_adjustment_not_applicable');
    expect(res.json.error.message).toMatch(reason);
  });

  it('a death on 2026-06-30 takes the ages and status on that day, not on 31 December', async () => {
    const household = {
      spouse: { birth_date: '1956-09-01', estimated_total_income: 0 },
      dependents: [
        { birth_date: '2007-10-01', estimated_total_income: 0 },
        { birth_date: '1956-11-01', estimated_total_income: 0, cohabiting_lineal_ascendant: true },
        { birth_date: '2010-08-01', estimated_total_income: 0 },
      ],
    };
    const adjust = (employee: Record<string, unknown>) =>
      call(api.server, 'POST', PATH, {
        key: api.key,
        body: body({
          employee: { employee_ref: 'e', ...employee },
          salary_payment_total: 5000000,
          social_insurance_withheld_total: 0,
          declarations: household,
        }),
      });
    const death = await adjust({ leaving: { date: '2026-06-30', reason: 'death' } });
    const yearEnd = await adjust({});
    expect([death.status, yearEnd.status]).toEqual([200, 200]);
    // on 30 June: spouse 69 (配偶者控除 380,000), children 18 (一般) and 15 (年少), parent 69 (一般): 380,000 x 2
    expect(death.json.amounts.deductions).toMatchObject({ spouse: 380000, dependents_and_disability: 760000 });
    // on 31 December: spouse 70 (老人 480,000), child 19 (特定 630,000), parent 70 (同居老親等 580,000), child 16 (一般 380,000)
    expect(yearEnd.json.amounts.deductions).toMatchObject({ spouse: 480000, dependents_and_disability: 1590000 });
    // 3,560,000 - 2,180,000 = 1,380,000; x 5% = 69,000; x 1.021 -> 70,400
    expect(death.json.amounts.annual_tax).toBe(70400);
    const eligibility = (death.json.calculation_trace as { step: string; inputs: Record<string, unknown> }[]).find(
      (s) => s.step === 'eligibility',
    )!;
    expect(eligibility.inputs.status_date).toBe('2026-06-30');
  });

  it('tax year 2028, whose law is not loaded, is 422 settings_not_resolved naming what is missing', async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body({ tax_year: 2028, calculation_date: '2028-12-10' }) });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('settings_not_resolved');
    expect(res.json.error.message).toMatch(/2028-12-31: parameters\.year_end_adjustment\.\w+ is not imported from 2028-01-01/);
  });

  it("the NTA 設例's withholding slip, field by field as the reference maps it (withholding_slip SX01)", async () => {
    const res = await call(api.server, 'POST', PATH, { key: api.key, body: body() });
    expect(res.json.amounts.withholding_slip).toEqual({
      payment_amount: 8970000,
      employment_income_after_deduction: 6973000,
      total_income_deductions: 4826102,
      tax_withheld: 41400,
      spouse: { has_deductible_spouse: true, is_elderly: false, deduction_amount: 380000, spouse_total_income: 500000 },
      dependents_count: { specific: 1, elderly: 1, elderly_cohabiting_parents: 1, other: 1, specified_relatives: 1, under_16: 0 },
      disabled_count: { special: 0, special_cohabiting: 0, other: 1 },
      social_insurance_amount: 1386102,
      small_business_mutual_aid_amount: 0,
      life_insurance: {
        deduction: 120000,
        new_general: 80000,
        old_general: 35000,
        care_medical: 80000,
        new_pension: 30000,
        old_pension: 90000,
      },
      earthquake_insurance: { deduction: 50000, old_long_term: 14800 },
      housing_loan: { credit_applied: 76500, credit_available: 76500 },
      basic_deduction: 620000,
      income_adjustment_deduction: 47000,
      specified_relative_deduction: 410000,
      self: { otsu: false, special_disabled: false, disabled: false, widow: false, single_parent: false, working_student: false },
      previous_employers: [],
    });
    // refund 115,270 (box 27); without settlement_basis the service does not say whether a deferral applies
    expect(res.json.amounts.settlement).toEqual({ refund_amount: 115270, collection_amount: 0 });
  });

  it("previous employers' pay, tax and premiums join the totals and are listed on the slip", async () => {
    const previous = [{ salary_payment_total: 1200000, income_tax_withheld_total: 30000, social_insurance_withheld_total: 180000 }];
    const res = await call(api.server, 'POST', PATH, {
      key: api.key,
      body: body({
        salary_payment_total: 3800000,
        income_tax_withheld_total: 90000,
        social_insurance_withheld_total: 540000,
        previous_employers: previous,
        declarations: {},
      }),
    });
    expect(res.status).toBe(200);
    // E05 in all: 5,000,000 / 720,000 / 120,000 -> 年調年税額 91,800, refund 28,200
    const a = res.json.amounts;
    expect([a.salary_payment_total, a.income_tax_withheld_total, a.deductions.social_insurance, a.annual_tax, a.difference]).toEqual([
      5000000, 120000, 720000, 91800, -28200,
    ]);
    expect(a.withholding_slip.previous_employers).toEqual(previous);
  });

  it('a shortfall whose collection leaves under 70 % of the average take-home may be deferred; the trace cites the rule', async () => {
    // E05 with 51,800 withheld: shortfall 40,000; 70 % of 300,000 = 210,000
    const shortfall = (before: number) =>
      call(api.server, 'POST', PATH, {
        key: api.key,
        body: body({
          salary_payment_total: 5000000,
          income_tax_withheld_total: 51800,
          social_insurance_withheld_total: 720000,
          declarations: {},
          settlement_basis: { adjustment_month_take_home_before_collection: before, average_monthly_take_home: 300000 },
        }),
      });
    const under = await shortfall(249999);
    const at = await shortfall(250000);
    expect(under.json.amounts.settlement).toEqual({ refund_amount: 0, collection_amount: 40000, collection_deferral_available: true });
    expect(at.json.amounts.settlement.collection_deferral_available).toBe(false);
    const step = (under.json.calculation_trace as { step: string; notes?: string; inputs: Record<string, unknown> }[]).find(
      (s) => s.step === 'collection_deferral',
    )!;
    expect(step.inputs).toMatchObject({ take_home_after: 209999, threshold: 210000, ratio: '0.7' });
    expect(step.notes).toMatch(/年末調整による不足額徴収繰延承認申請書/);
  });

  it('counts toward the Free-plan quota like the other payroll calculations', () => expectFreePlanQuotaCounts(api.server, PATH, body));
});
