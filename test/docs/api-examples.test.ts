/**
 * docs/api.md's response blocks are what the running code answers to its curl examples (drift: run
 * `npm run docs:examples`), every example succeeds, and the amounts shown agree with the documented
 * example results in openapi.json.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { calculationExamples } from '../../server/app/openapi/examples/calculations.ts';
import { RESPONSE_START, shellExamples } from '../../tools/docs-examples/curl-examples.ts';
import { exampleFailed, renderDocExamples, type ExampleResponse } from '../../tools/docs-examples/run.ts';
import { API_DOC } from '../../tools/docs-examples.ts';

describe('docs/api.md examples with their responses', () => {
  const current = readFileSync(API_DOC, 'utf8');
  let generated: { text: string; responses: ExampleResponse[] };
  beforeAll(async () => {
    generated = await renderDocExamples(current);
  });

  it('shows, after every curl example, the response the running code gives (run `npm run docs:examples`)', () => {
    expect(generated.text === current, 'docs/api.md response blocks are stale: run `npm run docs:examples`').toBe(true);
    const lines = current.split('\n');
    const examples = shellExamples(lines);
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(lines.filter((l) => l === RESPONSE_START)).toHaveLength(examples.length);
  });

  it("never PUTs a profile over another example's: each company's profile is set by one example", () => {
    // A later example that PUT the same company's profile with other settings would change the answers
    // of every example after it, read by a reader who ran the document in order (issue 45).
    const puts = shellExamples(current.split('\n'))
      .flatMap((block) => block.commands)
      .filter((c) => c.method === 'PUT' && c.path.endsWith('/calculation-profile'))
      .map((c) => c.path);
    expect(puts.length).toBeGreaterThanOrEqual(2);
    expect(puts).toEqual([...new Set(puts)]);
  });

  it('every example succeeds (200, or the refusal it says it shows), each calculation endpoint among them', () => {
    expect(generated.responses.filter((r) => (r.expected === undefined ? r.status !== 200 : exampleFailed(r)))).toEqual([]);
    // the refusals shown on purpose: a care flag that disagrees with the birth date (section 3a), and
    // 丙 with a monthly period (section 6a), and tax_dependent_count 8 without the company's opt-in
    expect(generated.responses.filter((r) => r.expected !== undefined).map((r) => [r.path, r.status])).toEqual([
      ['/v1/payroll/bonus:calculate', 422],
      ['/v1/simulations/income-tax:calculate', 422],
      ['/v1/simulations/income-tax:calculate', 422],
    ]);
    const called = generated.responses.map((r) => `${r.method} ${r.path}`);
    for (const path of [
      '/v1/payroll/monthly:calculate',
      '/v1/payroll/bonus:calculate',
      '/v1/simulations/social-insurance:calculate',
      '/v1/simulations/employment-insurance:calculate',
      '/v1/simulations/income-tax:calculate',
      '/v1/simulations/standard-monthly-remuneration:resolve',
    ]) {
      expect(called).toContain(`POST ${path}`);
    }
  });

  it('shows the monthly and bonus amounts of the documented example results', () => {
    const { results } = calculationExamples(loadEngine());
    for (const example of [results.monthly_payroll!, results.bonus!]) {
      const amounts = example.amounts as { net_payment: number; total_deductions: number };
      expect(current).toContain(`"net_payment": ${amounts.net_payment}`);
      expect(current).toContain(`"total_deductions": ${amounts.total_deductions}`);
    }
  });
});
