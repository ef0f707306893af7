/** GET /v1/masters/tax-tables and /v1/masters/rate-tables with the real engine's published tables. */
import { expect, it } from 'vitest';
import { rateTableListSchema, ruleListSchema, taxTableListSchema } from '../../server/app/schemas/masters.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

describeEachStore('master listings (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine() });

  it('tax-tables lists monthly and bonus tables per version in the documented shape', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/tax-tables', { key: api.key });
    expect(res.status).toBe(200);
    const validate = validatorFor(taxTableListSchema);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    expect(res.json.data).toEqual(realEngine().taxTables());
    const monthly2026 = res.json.data.find((r: any) => r.id === 'nta-withholding-monthly' && r.version === '2026-01');
    expect(monthly2026).toMatchObject({ type: 'income_tax_table', effective_from: '2026-01-01' });
  });

  it('rate-tables lists 47 prefectures per social insurance version plus pension and employment insurance', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/rate-tables', { key: api.key });
    expect(res.status).toBe(200);
    const validate = validatorFor(rateTableListSchema);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    const si2026 = res.json.data.filter((r: any) => r.type === 'social_insurance_rate_table' && r.version === '2026-04');
    expect(si2026).toHaveLength(47);
    expect(si2026.find((r: any) => r.prefecture_code === '13')).toMatchObject({ health_insurance_employee_rate: '0.04925' });
    expect(res.json.data.some((r: any) => r.type === 'employees_pension_rate_table')).toBe(true);
    expect(res.json.data.find((r: any) => r.id === 'ei-general' && r.version === '2026-04')).toMatchObject({ employee_rate: '0.005' });
  });

  it('rules lists every loaded rule version with its file, hash, dates and legal source, and the data fingerprint', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/rules', { key: api.key });
    expect(res.status).toBe(200);
    const validate = validatorFor(ruleListSchema);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    expect(res.json.rules_masters_hash).toBe(realEngine().provenance().rules_masters_hash);
    expect(res.json.data).toHaveLength(realEngine().rules().length);
    const ei = res.json.data.find((r: any) => r.formula_code === 'employment_insurance.employee_contribution.v1');
    expect(ei).toMatchObject({
      type: 'rule',
      id: 'employment_insurance.employee_contribution',
      version: 'v1',
      effective_from: '2020-01-01',
      effective_to: null,
      file: 'rules/employment_insurance/employment_insurance.employee_contribution.v1.yaml',
      legal_source: '労働保険の保険料の徴収等に関する法律第31条; 通貨の単位及び貨幣の発行等に関する法律第3条',
    });
    expect(ei.sha256).toBe(realEngine().provenance().files.get(ei.file));
    expect((await call(api.server, 'GET', '/v1/masters/rules')).status).toBe(401);
  });

  it('only 401 and 429 apply: a body or query string is ignored', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/tax-tables?page=2', { key: api.key });
    expect(res.status).toBe(200);
    expect((await call(api.server, 'GET', '/v1/masters/rate-tables')).status).toBe(401);
  });
});
