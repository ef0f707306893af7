/**
 * tax_dependent_count over the printed 0-7 columns: the spec's 422 validation_error by default
 * on monthly payroll, bonus and the income tax simulation; computed only for a company whose profile in
 * force on payment_date opts in (income_tax.dependents_beyond_seven: statutory_reduction), up to the
 * monthly tables' tax_dependent_count_max. Hand-worked amounts are in the golden cases
 * (test/golden/monthly/dependents-beyond-seven-*.yaml); here: the API's answers, order of checks and shape.
 */
import { beforeAll, expect, it } from 'vitest';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call, putProfile } from './support/test-server.ts';

type TaxEndpoint = 'monthly' | 'bonus' | 'incomeTax';
const TAX_ENDPOINTS: TaxEndpoint[] = ['monthly', 'bonus', 'incomeTax'];

/** The endpoint's body for a company with `count` dependents, and where the count sits. */
function withDependents(name: TaxEndpoint, companyId: string, count: number): { body: any; path: string[] } {
  const body: any = bodies[name](companyId);
  if (name === 'incomeTax') {
    body.tax_dependent_count = count;
    return { body, path: ['tax_dependent_count'] };
  }
  body.employee_snapshot.tax_dependent_count = count;
  return { body, path: ['employee_snapshot', 'tax_dependent_count'] };
}

const OPT_IN = { income_tax: { dependents_beyond_seven: 'statutory_reduction' } };

function incomeTaxStep(json: any): any {
  return json.calculation_trace.find((s: any) => s.step === 'income_tax' || s.step === 'bonus_income_tax');
}

describeEachStore('dependents beyond seven (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });
  beforeAll(async () => {
    expect((await putProfile(api.server, api.key, 'opted-in', { ...profilePutExample, ...OPT_IN })).status).toBe(200);
    // opted in from 2026-06-01 only: a payment in May follows the earlier version, without the opt-in
    expect((await putProfile(api.server, api.key, 'from-june', profilePutExample)).status).toBe(200);
    expect(
      (await putProfile(api.server, api.key, 'from-june', { ...profilePutExample, effective_from: '2026-06-01', ...OPT_IN })).status,
    ).toBe(200);
  });

  it.each(TAX_ENDPOINTS)('%s: 8 dependents without the opt-in is 422 validation_error at the field, as the spec says', async (name) => {
    const { body, path } = withDependents(name, 'acme-tokyo', 8);
    const res = await call(api.server, 'POST', PATHS[name], { key: api.key, body });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.details).toEqual([{ path, code: 'out_of_range', message: 'must be <= 7.' }]);
  });

  it.each(TAX_ENDPOINTS)('%s: 7 dependents without the opt-in computes', async (name) => {
    const { body } = withDependents(name, 'acme-tokyo', 7);
    const res = await call(api.server, 'POST', PATHS[name], { key: api.key, body });
    expect(res.status).toBe(200);
    expect(res.json.settings_snapshot).not.toHaveProperty('income_tax_dependents_beyond_seven');
    expect(incomeTaxStep(res.json).inputs.dependents_rule).toBe('printed_column');
  });

  it('an unknown company: 422 validation_error before 404 (the order of checks), the problem listed with the others', async () => {
    const { body, path } = withDependents('monthly', 'nobody', 8);
    body.unexpected = true;
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
    expect(res.status).toBe(422);
    expect(res.json.error.details.map((d: any) => [d.path, d.code])).toEqual([
      [['unexpected'], 'unknown_field'],
      [path, 'out_of_range'],
    ]);
  });

  it('an opted-in company with another problem: only the other problem is reported', async () => {
    const { body } = withDependents('monthly', 'opted-in', 8);
    body.unexpected = true;
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
    expect(res.status).toBe(422);
    expect(res.json.error.details.map((d: any) => [d.path, d.code])).toEqual([[['unexpected'], 'unknown_field']]);
  });

  it.each(TAX_ENDPOINTS)(
    '%s: 8 dependents under the opt-in computes, the setting in settings_snapshot and the rule in the trace',
    async (name) => {
      const { body } = withDependents(name, 'opted-in', 8);
      const res = await call(api.server, 'POST', PATHS[name], { key: api.key, body });
      expect(res.status).toBe(200);
      const validate = validatorFor(resultSchemas(realEngine())[CALCULATION_ENDPOINTS.find((e) => e.path === PATHS[name])!.type]);
      expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
      expect(res.json.settings_snapshot.income_tax_dependents_beyond_seven).toBe('statutory_reduction');
      expect(incomeTaxStep(res.json).inputs.dependents_rule).toBe('dependents_beyond_seven');
    },
  );

  it("monthly payroll under the opt-in: 8 dependents = the 7-dependents amount less the table's 1,610 yen", async () => {
    const tax = async (count: number) => {
      const { body } = withDependents('monthly', 'opted-in', count);
      body.base_pay = 800000; // a 7-dependents amount above 1,610 yen (the 740,000+ formula)
      const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
      expect(res.status).toBe(200);
      return res.json.amounts.statutory_deductions.income_tax as number;
    };
    const seven = await tax(7);
    expect(seven).toBeGreaterThan(1610);
    expect(await tax(8)).toBe(seven - 1610);
    expect(await tax(9)).toBe(seven - 2 * 1610);
  });

  it('income tax simulation under the opt-in: the worked row (basis 600,000: kou_7 9,950 - 1,610 = 8,340)', async () => {
    const { body } = withDependents('incomeTax', 'opted-in', 8);
    Object.assign(body, {
      taxable_payment: 690000,
      social_insurance_deduction_amount: 90000,
      payment_date: '2026-06-25',
      calculation_date: '2026-06-25',
    });
    const res = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({ income_tax_basis_amount: 600000, income_tax: 8340 });
    expect(incomeTaxStep(res.json).inputs.extra_dependent_deduction).toBe(1610);
  });

  it("under the opt-in the limit is the tables' tax_dependent_count_max (99)", async () => {
    const { body, path } = withDependents('incomeTax', 'opted-in', 100);
    const res = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([{ path, code: 'out_of_range', message: 'must be <= 99.' }]);
    const ok = withDependents('incomeTax', 'opted-in', 99);
    expect((await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: ok.body })).status).toBe(200);
  });

  it('the opt-in is versioned by date: the profile version in force on payment_date decides', async () => {
    const may = withDependents('incomeTax', 'from-june', 8); // the example pays on 2026-05-25
    expect(may.body.payment_date < '2026-06-01').toBe(true);
    const refused = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: may.body });
    expect(refused.status).toBe(422);
    expect(refused.json.error.details).toEqual([{ path: may.path, code: 'out_of_range', message: 'must be <= 7.' }]);
    const june = withDependents('incomeTax', 'from-june', 8);
    Object.assign(june.body, { calculation_date: '2026-06-25', payment_date: '2026-06-25' });
    const computed = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, body: june.body });
    expect(computed.status).toBe(200);
    expect(computed.json.settings_snapshot.income_tax_dependents_beyond_seven).toBe('statutory_reduction');
  });

  it('the profile PUT stores the opt-in as sent and GET returns it; an unknown value is 422', async () => {
    const got = await call(api.server, 'GET', '/cp/v1/companies/opted-in/calculation-profile', { key: api.key });
    expect(got.json.data[0].income_tax).toEqual({ dependents_beyond_seven: 'statutory_reduction' });
    const plain = await call(api.server, 'GET', '/cp/v1/companies/acme-tokyo/calculation-profile', { key: api.key });
    expect(plain.json.data[0]).not.toHaveProperty('income_tax');
    const bad = await putProfile(api.server, api.key, 'bad', { ...profilePutExample, income_tax: { dependents_beyond_seven: 'yes' } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.details.map((d: any) => d.path)).toEqual([['income_tax', 'dependents_beyond_seven']]);
  });
});
