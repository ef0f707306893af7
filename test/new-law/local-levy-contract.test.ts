/**
 * The local levy is documented automatically: the scenario adds it in YAML alone (parameter, rule, pipeline
 * step, output declaration); the OpenAPI document built from that rule set documents
 * statutory_deductions.local_levy (optional: absent before 2028), a 2028 response carries it and validates
 * against the result schema generated from that rule set, and the repository's own document does not have
 * it. Without the declaration the loader refuses the levy rule's output.
 */
import { describe, expect, it } from 'vitest';
import { LoadError, loadEngine, type Engine } from '../../engine/index.ts';
import * as ex from '../../engine/contract/examples.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { LEVY_DECLARATION, levyFiles, treeWith } from './scenario.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const versions = applyProfilePut([], ex.profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p-levy' }).versions;
const statutoryOf = (engine: Engine) =>
  (buildOpenApiDocument(engine) as any).components.schemas.MonthlyPayrollResult.properties.amounts.properties.statutory_deductions;
const paidOn = (date: string) => ({
  ...structuredClone(ex.monthlyPayrollRequestExample),
  calculation_date: date,
  payment_date: date,
  period: { payroll_month: date.slice(0, 7), start_date: `${date.slice(0, 7)}-01`, end_date: date },
});

describe('the local levy, documented the moment its rule loads', () => {
  const tree = treeWith(levyFiles());
  const engine = loadEngine({ rulesDir: tree.rules, mastersDir: tree.masters });

  it("the OpenAPI document of that rule set documents statutory_deductions.local_levy, optional; the repository's does not", () => {
    const statutory = statutoryOf(engine);
    expect(statutory.properties.local_levy).toMatchObject({
      type: 'integer',
      minimum: -999_999_999,
      maximum: 999_999_999,
      description: expect.stringMatching(/^Local levy \(scenario\)/),
    });
    expect(statutory.required).not.toContain('local_levy');
    expect(statutory.additionalProperties).toBe(false);
    expect(statutoryOf(loadEngine()).properties.local_levy).toBeUndefined();
  });

  it('a 2028 response carries the levy and validates against the schema generated from that rule set; a 2027 one leaves it out and validates too', () => {
    const validate = validatorFor(resultSchemas(engine).monthly_payroll);
    const in2028 = engine.calculate('monthly_payroll', paidOn('2028-01-25'), versions).toResult();
    // gross 312,750 x 0.001 = 312.75 -> 313 (over 50 sen up)
    expect((in2028.amounts.statutory_deductions as Record<string, number>).local_levy).toBe(313);
    expect(validate(in2028), JSON.stringify(validate.errors)).toBe(true);
    const in2027 = engine.calculate('monthly_payroll', paidOn('2027-12-25'), versions).toResult();
    expect(in2027.amounts.statutory_deductions).not.toHaveProperty('local_levy');
    expect(validate(in2027), JSON.stringify(validate.errors)).toBe(true);
    // the repository's contract refuses the levy: the response and the contract come from one rule set
    const repository = validatorFor(resultSchemas(loadEngine()).monthly_payroll);
    expect(repository(in2028)).toBe(false);
  });

  it("without the declaration the loader refuses the levy's output, saying where to declare it", () => {
    const pipeline = readFileSync(join(tree.rules, 'pipelines/monthly_payroll.yaml'), 'utf8').replace(LEVY_DECLARATION, '');
    const undeclared = treeWith(levyFiles({ 'rules/pipelines/monthly_payroll.yaml': pipeline }));
    let problems: LoadError['problems'] = [];
    try {
      loadEngine({ rulesDir: undeclared.rules, mastersDir: undeclared.masters });
    } catch (e) {
      if (!(e instanceof LoadError)) throw e;
      problems = e.problems;
    }
    expect(problems.map((p) => `${p.file} ${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(
        /^rules\/pipelines\/monthly_payroll\.yaml \/amounts: rules\/deduction\/deduction\.local_levy\.v1\.yaml writes amounts\.statutory_deductions\.local_levy, an output this pipeline does not declare \(add it to the fields of the block read from amounts\.statutory_deductions\)/,
      ),
    ]);
  });
});
