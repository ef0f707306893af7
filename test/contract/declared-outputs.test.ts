/**
 * The contract follows the pipelines: the loader refuses a pipeline whose steps write an output it does
 * not declare, or that declares one nothing writes; a declared output reaches the response, the result
 * schema generated from the loaded rule set and the OpenAPI document, and the response validates
 * against that schema. YAML only: the rule and its declaration are the only edits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError, loadEngine, type Engine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';
import * as ex from '../../engine/contract/examples.ts';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { LEVY_DECLARATION, LEVY_RULE, LEVY_STEP, tempRules, type TempRules } from './support.ts';

const made: TempRules[] = [];
afterAll(() => made.forEach((t) => t.remove()));
function copy(): TempRules {
  const t = tempRules();
  made.push(t);
  return t;
}

const MONTHLY = 'pipelines/monthly_payroll.yaml';

/** 1-based line of the first line of a file of the copy that starts with `start`. */
function lineOf(t: TempRules, file: string, start: string): number {
  return (
    readFileSync(join(t.dir, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith(start)) + 1
  );
}
const LEVY_FILE = 'deduction/deduction.local_levy.v1.yaml';

describe('the loader holds each pipeline to its declared outputs', () => {
  it('refuses a step whose rule writes an output the pipeline does not declare, naming the rule, the path and where to declare it', () => {
    const t = copy();
    t.write(LEVY_FILE, LEVY_RULE);
    t.edit(MONTHLY, ...LEVY_STEP);
    const { problems } = loadRules(t.dir);
    expect(problems.map((p) => `${p.file} ${p.path}: ${p.message}`)).toEqual([
      `rules/pipelines/monthly_payroll.yaml /amounts: rules/${LEVY_FILE} writes amounts.statutory_deductions.local_levy, an output this pipeline does not declare (add it to the fields of the block read from amounts.statutory_deductions) (line ${lineOf(t, MONTHLY, '  gross_payment:')})`,
    ]);
  });

  it('refuses a declared output that no step writes', () => {
    const t = copy();
    t.edit(MONTHLY, ...LEVY_DECLARATION);
    const { problems } = loadRules(t.dir);
    expect(problems.map((p) => `${p.file} ${p.path}: ${p.message}`)).toEqual([
      `rules/pipelines/monthly_payroll.yaml /amounts/statutory_deductions/fields/local_levy: declares statutory_deductions.local_levy (read from amounts.statutory_deductions.local_levy), which no step or prepare entry of this pipeline writes (line ${lineOf(t, MONTHLY, '      local_levy:')})`,
    ]);
  });

  it('refuses a declaration that is neither a value nor a block', () => {
    const t = copy();
    t.edit(MONTHLY, '  net_payment: {from: amounts.net_payment, type: yen,', '  net_payment: {from: amounts.net_payment,');
    const messages = loadRules(t.dir).problems.map((p) => `${p.path}: ${p.message}`);
    expect(messages).toEqual([
      expect.stringMatching(
        /^\/amounts\/net_payment: declare its type \(one of yen, non_negative_yen, integer, decimal_string, custom_deduction_list, boolean, month, month_list, month_exclusion_list, code, date, previous_employer_list, yen_list\) or, for a block, its fields/,
      ),
    ]);
  });

  it('refuses an unknown type or a missing from by the pipeline schema', () => {
    const t = copy();
    t.edit(
      MONTHLY,
      '  total_deductions: {from: amounts.total_deductions, type: yen,',
      '  total_deductions: {from: amounts.total_deductions, type: money,',
    );
    t.edit(MONTHLY, '  net_payment: {from: amounts.net_payment, ', '  net_payment: {');
    const messages = loadRules(t.dir).problems.map((p) => `${p.path}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/amounts\/total_deductions\/type: must be equal to one of the allowed values/),
        expect.stringMatching(/^\/amounts\/net_payment: must have required property 'from'/),
      ]),
    );
  });

  it('refuses an undeclared output at engine load as well (start and reload)', () => {
    const t = copy();
    t.write(LEVY_FILE, LEVY_RULE);
    t.edit(MONTHLY, ...LEVY_STEP);
    expect(() => loadEngine({ rulesDir: t.dir })).toThrow(LoadError);
  });
});

describe('a declared output is documented the moment its rule loads', () => {
  const t = copy();
  t.write(LEVY_FILE, LEVY_RULE);
  t.edit(MONTHLY, ...LEVY_STEP);
  t.edit(MONTHLY, ...LEVY_DECLARATION);
  let engine: Engine;
  const versions = applyProfilePut([], ex.profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p-levy' }).versions;

  it('loads, computes the levy into the response, and the response validates against the schema generated from this rule set', () => {
    engine = loadEngine({ rulesDir: t.dir });
    const result = engine.calculate('monthly_payroll', structuredClone(ex.monthlyPayrollRequestExample), versions).toResult();
    const deductions = result.amounts.statutory_deductions as Record<string, number>;
    // gross 312,750 yen x 0.1 % = 312.75, rounded down
    expect(deductions.local_levy).toBe(312);
    const validate = validatorFor(resultSchemas(engine).monthly_payroll);
    expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
  });

  it("the OpenAPI document built from that rule set documents statutory_deductions.local_levy; the repository's does not", () => {
    const amountsOf = (e: Engine) => (buildOpenApiDocument(e) as any).components.schemas.MonthlyPayrollResult.properties.amounts;
    const levy = amountsOf(engine).properties.statutory_deductions.properties.local_levy;
    expect(levy).toMatchObject({ type: 'integer', description: expect.stringMatching(/^Local levy, 0\.1% of gross pay\./) });
    expect(amountsOf(engine).properties.statutory_deductions.required).toContain('local_levy');
    expect(amountsOf(loadEngine()).properties.statutory_deductions.properties.local_levy).toBeUndefined();
  });

  it("the repository's response schema refuses the levy (additionalProperties false): the contract and the rule set must agree", () => {
    const result = engine.calculate('monthly_payroll', structuredClone(ex.monthlyPayrollRequestExample), versions).toResult();
    const validate = validatorFor(resultSchemas(loadEngine()).monthly_payroll);
    expect(validate(result)).toBe(false);
    expect(validate.errors?.[0]?.params).toEqual({ additionalProperty: 'local_levy' });
  });
});
