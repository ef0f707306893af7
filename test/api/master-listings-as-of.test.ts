/**
 * The master listings take ?as_of= (only the versions in force that day; a bad date is a 422 at
 * ["query", "as_of"]) and list every kind: the computer-method table among the tax tables, and
 * GET /v1/masters/versions every version of every master kind (grades, rounding, ...) and every dated
 * parameter value.
 */
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { MASTER_KINDS } from '../../engine/loading/masters/schemas/index.ts';
import { masterVersionListSchema, rateTableListSchema, ruleListSchema, taxTableListSchema } from '../../server/app/schemas/masters.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { levyFiles, treeWith } from '../new-law/scenario.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const inForce = (r: any, day: string) => r.effective_from <= day && (r.effective_to === null || day <= r.effective_to);

describe('master listings: every kind, and ?as_of=', () => {
  const api = freshServer('sqlite', { engine: realEngine() });
  const get = async (path: string, schema: object) => {
    const res = await call(api.server, 'GET', path, { key: api.key });
    expect(res.status).toBe(200);
    const validate = validatorFor(schema);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    return res.json.data as any[];
  };

  it('tax-tables lists the computer-method table with the monthly and bonus ones', async () => {
    const data = await get('/v1/masters/tax-tables', taxTableListSchema);
    expect(data.find((r) => r.table === 'computer_special' && r.version === '2026-01')).toMatchObject({
      id: 'nta-computer-special',
      effective_from: '2026-01-01',
      status: 'imported',
    });
  });

  it('versions lists every version of every master kind, grades and rounding included', async () => {
    const data = await get('/v1/masters/versions', masterVersionListSchema);
    // every table kind, and the dated values of masters/parameters/ (type parameter)
    expect(new Set(data.map((r) => r.type))).toEqual(new Set([...MASTER_KINDS, 'parameter']));
    expect(data).toHaveLength(realEngine().masterVersions().length);
    expect(data.find((r) => r.type === 'health_insurance_grade_table')).toMatchObject({
      version: '2025-03',
      file: 'social_insurance/health_grades/2025-03.yaml',
      inherited_from: null,
    });
    expect(data.find((r) => r.type === 'rounding_rule_table')).toMatchObject({ version: '2020-01', effective_to: null });
  });

  it('?as_of= keeps exactly the versions in force that day, on every listing', async () => {
    const day = '2026-05-25';
    const listings: [string, object, () => Record<string, unknown>[]][] = [
      ['/v1/masters/tax-tables', taxTableListSchema, () => realEngine().taxTables()],
      ['/v1/masters/rate-tables', rateTableListSchema, () => realEngine().rateTables()],
      ['/v1/masters/versions', masterVersionListSchema, () => realEngine().masterVersions()],
      ['/v1/masters/rules', ruleListSchema, () => realEngine().rules()],
    ];
    for (const [path, schema, all] of listings) {
      let left = 0;
      for (const d of [day, '2019-12-31']) {
        const data = await get(`${path}?as_of=${d}`, schema);
        const expected = all().filter((r) => inForce(r, d));
        left += all().length - expected.length;
        expect(data, `${path} ${d}`).toEqual(expected);
      }
      expect(left, path).toBeGreaterThan(0); // the filter leaves something out
    }
    const taxes = await get(`/v1/masters/tax-tables?as_of=${day}`, taxTableListSchema);
    expect(taxes.map((r) => `${r.table} ${r.version}`).sort()).toEqual([
      'bonus 2026-01',
      'computer_special 2026-01',
      'daily 2026-01',
      'monthly 2026-01',
      'retirement 2022-01-01',
    ]);
  });

  it.each(['2026-02-30', '20260525', 'yesterday', ''])('as_of=%j is a 422 at ["query", "as_of"]', async (value) => {
    const res = await call(api.server, 'GET', `/v1/masters/versions?as_of=${value}`, { key: api.key });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: ['query', 'as_of'], code: 'invalid_format', message: 'as_of must be a date written YYYY-MM-DD, given once.' },
    ]);
  });

  it('a repeated as_of is a 422 too', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/tax-tables?as_of=2026-05-25&as_of=2026-06-25', { key: api.key });
    expect(res.status).toBe(422);
  });
});

describe('parameters in the versions listing', () => {
  it('lists each dated parameter value with its unit, value and source; as_of before it leaves it out', () => {
    const tree = treeWith(levyFiles());
    const records = loadEngine({ rulesDir: tree.rules, mastersDir: tree.masters }).masterVersions();
    const levy = records.filter((r) => r.type === 'parameter' && r.id === 'local_levy.rate');
    expect(levy).toEqual([
      {
        type: 'parameter',
        id: 'local_levy.rate',
        version: '2028-01-01',
        effective_from: '2028-01-01',
        effective_to: null,
        provider: 'Scenario City',
        source_artifact_id: 'scenario-ordinance',
        file: 'parameters/local_levy.yaml',
        inherited_from: null,
        unit: 'rate',
        value: '0.001',
        inferred: false,
      },
    ]);
    expect(validatorFor(masterVersionListSchema)({ data: records })).toBe(true);
  });
});
