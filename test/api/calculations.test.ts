/**
 * The six calculation endpoints with the real engine, on both stores: real results, every error of
 * the specification's table, and the order of checks of decisions.md 3b.
 */
import { beforeAll, expect, it } from 'vitest';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { bodies, ENDPOINT_NAMES, PATHS, type EndpointName } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call, newAccount, putProfile } from './support/test-server.ts';

const RESULT_SCHEMA: Record<EndpointName, object> = Object.fromEntries(
  ENDPOINT_NAMES.map((name) => [name, resultSchemas(realEngine())[CALCULATION_ENDPOINTS.find((e) => e.path === PATHS[name])!.type]]),
) as Record<EndpointName, object>;

const CALC_ID = /^calc_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachStore('calculation endpoints (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });
  let otherKey: string;
  beforeAll(async () => {
    otherKey = (await newAccount(api.server.store, 'standard')).api_key;
    const { attendance_premium_rates: _none, ...withoutRates } = profilePutExample;
    expect((await putProfile(api.server, api.key, 'no-rates', withoutRates)).status).toBe(200);
    expect((await putProfile(api.server, api.key, 'no-si', { ...withoutRates, social_insurance: null })).status).toBe(200);
    // The same company_id in another account is another company (here: none).
    expect((await putProfile(api.server, otherKey, 'elsewhere')).status).toBe(200);
  });

  it.each(ENDPOINT_NAMES)('%s: 200 with a result of the documented shape', async (name) => {
    const res = await call(api.server, 'POST', PATHS[name], { key: api.key, body: bodies[name]() });
    expect(res.status).toBe(200);
    const validate = validatorFor(RESULT_SCHEMA[name]);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    expect(res.json.calculation_id).toMatch(CALC_ID);
    expect(res.json.company_id).toBe('acme-tokyo');
    expect(res.json.calculated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.json.settings_snapshot.company_profile_version).toBe('2025-04-01.5d9b586409d0');
  });

  it('monthly payroll: real amounts (Tokyo, FY2026 rates, next-month collection)', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: bodies.monthly() });
    const a = res.json.amounts;
    // 280,000 base + 10,000 commute + overtime ceil(1,750 x (1.25 x 600 ... premium rates) ...) = gross
    expect(a.attendance.hourly_base).toBe('1750'); // 280,000 / 160 h
    expect(a.gross_payment).toBe(280000 + 10000 + a.attendance.overtime_pay);
    expect(a.statutory_deductions.health_insurance).toBe(14775); // 300,000 x 4.925%
    expect(a.statutory_deductions.employees_pension_insurance).toBe(27450); // 300,000 x 9.15%
    expect(a.statutory_deductions.resident_tax).toBe(15000);
    expect(a.custom_deductions.total).toBe(2000);
    expect(a.net_payment).toBe(a.gross_payment - a.total_deductions);
    expect(res.json.employee_ref).toBe('emp-0001');
  });

  it('simulations: real amounts', async () => {
    const ei = await call(api.server, 'POST', PATHS.employmentInsurance, { key: api.key, body: bodies.employmentInsurance() });
    expect(ei.json.amounts).toEqual({ employment_insurance_subject_amount: 300000, employment_insurance: 1500 }); // 300,000 x 0.5%
    const si = await call(api.server, 'POST', PATHS.socialInsurance, { key: api.key, body: bodies.socialInsurance() });
    expect(si.json.amounts).toMatchObject({ health_insurance: 14775, employees_pension_insurance: 27450 });
    const grade = await call(api.server, 'POST', PATHS.resolve, { key: api.key, body: bodies.resolve() });
    expect(grade.json.amounts).toMatchObject({ health_insurance_grade: 22, health_insurance_standard_monthly_remuneration: 300000 });
    expect(grade.json.calculation_trace).toEqual([]); // the resolve endpoint alone defaults to no trace
    const tax = await call(api.server, 'POST', PATHS.incomeTax, {
      key: api.key,
      body: { ...bodies.incomeTax(), calculation_options: { include_calculation_trace: false } },
    });
    expect(tax.json.calculation_trace).toEqual([]);
    expect(tax.json.amounts.income_tax_basis_amount).toBe(256000);
  });

  it('422 validation_error: an empty body lists one detail per missing required field', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: {} });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.details).toEqual([
      ...['company_id', 'calculation_date', 'payment_date', 'period', 'employee_snapshot'].map((f) => ({
        path: [f],
        code: 'required',
        message: `${f} is required.`,
      })),
      // pay_type defaults to monthly, which requires base_pay (pay type matrix)
      { path: ['base_pay'], code: 'required', message: 'base_pay is required for pay_type monthly.' },
    ]);
    const bonus = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body: {} });
    expect(bonus.json.error.details.map((d: { path: string[] }) => d.path[0])).toEqual([
      'company_id',
      'calculation_date',
      'payment_date',
      'employee_snapshot',
      'bonus_gross_amount',
      'previous_month_taxable_payroll_amount',
      'previous_month_social_insurance_amount',
      'bonus_social_insurance_context',
    ]);
  });

  it('422 validation_error: schema and cross-field problems are listed together', async () => {
    const body: any = bodies.monthly();
    body.unexpected = true;
    body.employee_snapshot.daily_standard_working_hours = '8';
    body.employee_snapshot.tax_dependent_count = 100; // above the masters' tax_dependent_count_max (99)
    body.calculation_date = '2026-06-01';
    body.allowances.push({ ...body.allowances[0] });
    body.hourly_rate = 1000;
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body, headers: { 'Idempotency-Key': 'x'.repeat(256) } });
    expect(res.status).toBe(422);
    expect(res.json.error.details.map((d: any) => [d.path, d.code])).toEqual([
      [['headers', 'idempotency-key'], 'invalid_length'],
      [['unexpected'], 'unknown_field'],
      [['employee_snapshot', 'tax_dependent_count'], 'out_of_range'],
      [['calculation_date'], 'date_order'],
      [['hourly_rate'], 'forbidden_field'],
      [['employee_snapshot', 'daily_standard_working_hours'], 'forbidden_field'],
      [['allowances', 1, 'code'], 'duplicate_code'],
    ]);
  });

  it('422 validation_error: a negative base_pay is one detail, at base_pay (no second, cross-field one)', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: { ...bodies.monthly(), base_pay: -300000 } });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([{ path: ['base_pay'], code: 'out_of_range', message: expect.stringContaining('>= 0') }]);
  });

  it('422 validation_error: a bonus of 0 with no items says the bonus must be above 0', async () => {
    const res = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body: { ...bodies.bonus(), bonus_gross_amount: 0 } });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: ['bonus_gross_amount'], code: 'out_of_range', message: expect.stringContaining('must be above 0') },
    ]);
  });

  it('422 attendance_input_conflict comes after validation_error and before the company lookup', async () => {
    const conflicting = { ...bodies.monthly('no-such-company'), overtime_pay: 1000 };
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: conflicting });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('attendance_input_conflict');
    expect(res.json.error.message).toContain('overtime_pay');
    expect(res.json.error).not.toHaveProperty('details');
    const alsoInvalid = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: { ...conflicting, payment_date: 'tomorrow' } });
    expect(alsoInvalid.json.error.code).toBe('validation_error');
  });

  it("404 company_not_found for an unknown company and for another account's company", async () => {
    for (const companyId of ['never-created', 'elsewhere']) {
      const res = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: bodies.incomeTax(companyId) });
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({
        code: 'company_not_found',
        message: `Company ${companyId} does not exist for this account. Create it with PUT /cp/v1/companies/${companyId}/calculation-profile (its first profile version).`,
      });
    }
  });

  it('409 settings_lock_conflict when the lock differs from the resolved versions', async () => {
    const first = await call(api.server, 'POST', PATHS.employmentInsurance, { key: api.key, body: bodies.employmentInsurance() });
    const { overtime_premium_rounding_method: _a, overtime_premium_monthly_total_rounding: _b, ...lock } = first.json.settings_snapshot;
    const locked = await call(api.server, 'POST', PATHS.employmentInsurance, {
      key: api.key,
      body: { ...bodies.employmentInsurance(), settings_lock: lock },
    });
    expect(locked.status).toBe(200);
    const stale = await call(api.server, 'POST', PATHS.employmentInsurance, {
      key: api.key,
      body: { ...bodies.employmentInsurance(), settings_lock: { ...lock, tax_table_version: '1999-01' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('settings_lock_conflict');
  });

  it('422 settings_not_resolved: before the first profile version, and monthly without social insurance', async () => {
    const early = await call(api.server, 'POST', PATHS.incomeTax, {
      key: api.key,
      body: { ...bodies.incomeTax(), calculation_date: '2024-01-01', payment_date: '2024-01-25' },
    });
    expect(early.status).toBe(422);
    expect(early.json.error.code).toBe('settings_not_resolved');
    expect(early.json.error.message).toMatch(
      /^No company calculation profile is in force for payment_date 2024-01-25: the company's first profile version takes effect on 20\d\d-\d\d-\d\d\.$/,
    );
    const noSi = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: bodies.monthly('no-si') });
    expect(noSi.json.error.code).toBe('settings_not_resolved');
  });

  it('422 attendance_rates_not_configured when the profile has no premium rates', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: bodies.monthly('no-rates') });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('attendance_rates_not_configured');
  });

  it('422 negative_gross_payment when attendance deductions exceed the pay', async () => {
    const body: any = bodies.monthly();
    body.attendance_input = { absence_minutes: 44640 };
    body.allowances = [];
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('negative_gross_payment');
  });

  it('422 withholding_rate_override_not_allowed unless the profile enables it', async () => {
    const body = { ...bodies.bonus(), bonus_tax_context: { calculation_method: 'standard', withholding_rate_override: '0.1' } };
    const res = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('withholding_rate_override_not_allowed');
    await putProfile(api.server, api.key, 'override-ok', { ...profilePutExample, allow_withholding_rate_override: true });
    const allowed = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body: { ...body, company_id: 'override-ok' } });
    expect(allowed.status).toBe(200);
    expect(allowed.json.amounts.statutory_deductions.income_tax).toBe(Math.floor(allowed.json.amounts.income_tax_basis_amount * 0.1));
    expect(allowed.json.warnings).toContain('WITHHOLDING_RATE_OVERRIDDEN_BY_CALLER');
  });

  it('422 income_tax_lookup_failed or settings_not_resolved when a needed table is missing (2027 bonus table)', async () => {
    const body = { ...bodies.bonus(), calculation_date: '2027-06-25', payment_date: '2027-06-30' };
    const res = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body });
    expect(res.status).toBe(422);
    expect(['income_tax_lookup_failed', 'settings_not_resolved']).toContain(res.json.error.code);
  });

  it('accepts a valid Idempotency-Key without changing the result semantics', async () => {
    const res = await call(api.server, 'POST', PATHS.incomeTax, {
      key: api.key,
      body: bodies.incomeTax(),
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(res.status).toBe(200);
    const again = await call(api.server, 'POST', PATHS.incomeTax, {
      key: api.key,
      body: bodies.incomeTax(),
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(again.json.calculation_id).not.toBe(res.json.calculation_id); // only logged, never cached
  });
});
