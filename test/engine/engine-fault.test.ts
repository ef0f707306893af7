/**
 * A rule failing while it runs (a fault no load check could see) becomes an EngineFault naming the rule
 * with values masked; the golden runner reports it as that case's failure, not the end of the run.
 */
import { describe, expect, it } from 'vitest';
import { EngineFault, type Engine } from '../../engine/index.ts';
import { runPipeline } from '../../engine/calculating/run.ts';
import { RuleRegistry } from '../../engine/loading/rules/registry.ts';
import type { RuleDocument } from '../../engine/loading/rules/types.ts';
import { join } from 'node:path';
import { loadGoldenCases, runGoldenCase, type GoldenCase } from '../../tools/golden/runner.ts';

const faulty = {
  calculate() {
    throw new EngineFault('rule rules/x/x.y.v1.yaml (step y) failed: TypeError: boom');
  },
  // the runner checks the request against the API schema for this engine's limits first
  inputLimits: () => ({ tax_dependent_count_max: 99 }),
} as unknown as Engine;

// a real golden case (its request passes the API schema), run against an engine whose rule faults
const c: GoldenCase = loadGoldenCases(join(process.cwd(), 'test/golden')).find(
  (g) => g.calculation === 'income_tax_simulation' && !g.expect.error,
)!;

describe('golden runner', () => {
  it("reports an engine fault as that case's failure naming the rule", () => {
    expect(runGoldenCase(faulty, c)).toEqual({
      mismatches: [],
      problems: ['the calculation crashed: rule rules/x/x.y.v1.yaml (step y) failed: TypeError: boom'],
      formulaCodes: [],
    });
  });
});

describe('pipeline runner', () => {
  it('turns an unexpected failure inside a rule into an EngineFault naming the rule, values masked', () => {
    const registry = new RuleRegistry();
    registry.add({
      doc: {
        formula_code: 'x.y.v1',
        step: 'y',
        effective_from: '2020-01-01',
        effective_to: null,
        rounding_rule: null,
        inputs: {},
        masters: [],
      } as unknown as RuleDocument,
      file: 'rules/x/x.y.v1.yaml',
      code: 'x.y',
      inputs: [],
      output: ['amounts', 'y'],
      alsoOutputs: [],
      bindings: [],
      expression: () => {
        throw new TypeError('cannot divide 300000 by zero');
      },
      warnings: [],
    });
    const pipeline = {
      calculation_type: 'bonus',
      file: 'p',
      premium_month: { next_month: 0, same_month: 0 },
      masters: [],
      mastersWhen: [],
      versionDate: null,
      versionDateReads: null,
      prepare: [],
      calculations: [],
      steps: [{ rule: 'x.y', when: null, trace: true }],
      outputs: {},
      amounts: {},
      decimal_strings: [],
    };
    expect(() => runPipeline(pipeline, registry, {}, {}, { payment_date: '2026-05-25', premium_month: '2026-05-01' })).toThrow(
      new EngineFault('rule rules/x/x.y.v1.yaml (step y) failed: TypeError: cannot divide <n> by zero'),
    );
  });
});
