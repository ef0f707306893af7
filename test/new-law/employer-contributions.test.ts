/**
 * The proof that new law is data: the employer's contributions were added as data only (rules/employer_contribution/,
 * masters/parameters/, the pipelines' declared outputs). The loader found the new outputs from that data
 * alone: the engine declares them for monthly payroll and bonus, the generated result schemas document them,
 * a response carries them and validates, and no TypeScript file of the engine, the server or the tools names
 * any of them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { loadGoldenCases } from '../../tools/golden/runner.ts';

const ROOT = join(import.meta.dirname, '../..');
const FIELDS = [
  'health_insurance',
  'care_insurance',
  'childcare_support_contribution',
  'employees_pension_insurance',
  'child_rearing_levy',
  'employment_insurance',
  'total',
];
const NAMES = ['employer_contributions', 'company_cost_total', 'child_rearing_levy', 'employer_contribution'];

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : name.endsWith('.ts') ? [p] : [];
  });
}

describe('employer contributions, found from data alone', () => {
  const engine = loadEngine();

  it.each(['monthly_payroll', 'bonus'] as const)(
    '%s declares the block and the company cost, and its result schema documents them',
    (type) => {
      const outputs = engine.outputs()[type] as Record<string, { fields?: Record<string, unknown> }>;
      expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['employer_contributions', 'company_cost_total']));
      expect(Object.keys(outputs.employer_contributions.fields!)).toEqual(FIELDS);
      const amounts = (
        resultSchemas(engine)[type] as { properties: { amounts: { properties: Record<string, { properties?: Record<string, unknown> }> } } }
      ).properties.amounts.properties;
      expect(Object.keys(amounts.employer_contributions.properties!)).toEqual(FIELDS);
      expect(amounts.company_cost_total).toBeDefined();
    },
  );

  it('a monthly result carries the block and validates against the generated schema', () => {
    const c = loadGoldenCases(join(ROOT, 'test/golden')).find((x) => x.id === 'm-employer-tokyo-2026-05-care')!;
    const r = engine.calculate('monthly_payroll', c.request, c.profile).toResult();
    expect(r.amounts.employer_contributions).toMatchObject({ child_rearing_levy: '936', total: '42486' });
    const validate = validatorFor(resultSchemas(engine).monthly_payroll);
    expect(validate(JSON.parse(JSON.stringify(r))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('no TypeScript of the engine, the server or the tools names the new outputs or rules', () => {
    const offenders = ['engine', 'server', 'tools']
      .flatMap((d) => tsFiles(join(ROOT, d)))
      .filter((f) => NAMES.some((n) => readFileSync(f, 'utf8').includes(n)));
    expect(offenders).toEqual([]);
  });
});
