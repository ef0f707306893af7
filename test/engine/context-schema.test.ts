/**
 * The context schema the rule loader checks paths against is derived from schema constants; these
 * tests hold the derivation to the data it describes (so the check never refuses a path that exists)
 * and show that availability follows pipeline order.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadMasters } from '../../engine/loading/masters/load.ts';
import { MASTER_KINDS } from '../../engine/loading/masters/schemas/index.ts';
import { checkContextPaths } from '../../engine/loading/rules/check-paths.ts';
import { masterRecordShape, masterShapes } from '../../engine/loading/rules/context-schema.ts';
import {
  lookup,
  mergeShapes,
  objectShape,
  LEAF,
  OPEN,
  shapeOfSchema,
  shapeOfValues,
  withPath,
  type Shape,
} from '../../engine/loading/rules/context-shape.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';
import { monthlyPayrollRequestExample } from '../../engine/contract/examples.ts';
import { isDecimal } from '../../engine/decimal.ts';
import { DECIMAL_STRING_FIELDS, toContextValue } from '../../engine/calculating/context.ts';

const root = join(import.meta.dirname, '../..');

describe('master record shapes', () => {
  const masters = loadMasters(join(root, 'masters'));
  it.each(MASTER_KINDS)('every field of every loaded %s record is a path the loader accepts', (kind) => {
    const shape = masterRecordShape(kind);
    for (const record of masters.all(kind)) {
      for (const field of Object.keys(record)) expect(lookup(shape, [field]), `${kind}.${field}`).toHaveProperty('shape');
    }
    expect(lookup(shape, ['no_such_field'])).toHaveProperty('missing');
  });
});

describe('master shapes from the loaded records (what loadEngine and rules:check use)', () => {
  const shapes = masterShapes(loadMasters(join(root, 'masters')));
  it('follow the builders: a monthly tax row is an object with kou, a display-only field is gone', () => {
    expect(lookup(shapes.income_tax_monthly_table, ['rows', '0', 'kou'])).toHaveProperty('shape');
    expect(lookup(masterRecordShape('income_tax_monthly_table'), ['rows', '0', 'kou'])).toHaveProperty('missing');
    expect(lookup(shapes.employment_insurance_rate_table, ['employee_rate'])).toHaveProperty('shape');
    expect(lookup(shapes.employment_insurance_rate_table, ['business_type_ja'])).toHaveProperty('missing');
  });
});

/** The definition shapeOfValues computes in one pass: each value's own shape, merged pairwise left to right. */
function pairwiseShape(values: readonly unknown[]): Shape {
  const own = (v: unknown): Shape => {
    if (Array.isArray(v)) return { kind: 'array', item: pairwiseShape(v) };
    if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return LEAF;
    return { kind: 'object', fields: new Map(Object.entries(v).map(([k, x]) => [k, own(x)])) };
  };
  return values.length ? values.map(own).reduce(mergeShapes) : OPEN;
}

describe('the shape of loaded values, merged in one pass', () => {
  it.each([
    ['rows of the same fields, some null', [{ a: 1, b: null }, { a: 2, b: { c: 3 } }, { b: { d: [] } }]],
    ['an empty list makes the items open', [{ l: [{ x: 1 }] }, { l: [] }, { l: [{ y: 2 }] }]],
    ['an object meets a list: the first kind stays, at every order', [{ m: { x: 1 } }, { m: [1] }, { m: { y: 2 } }, { m: null }]],
    ['a list meets an object first', [{ m: [{ x: 1 }] }, { m: { y: 2 } }, { m: [{ z: 3 }] }]],
    ['lists of lists with mixed items', [[[1], [{ a: 1 }]], [[{ b: 2 }], []], [[{ c: [{ d: 1 }, [2]] }]]]],
    ['a leaf first, then an object', [null, 'x', { a: { b: 1 } }, { a: 2 }]],
    ['nothing', []],
  ])("%s: the same shape as merging each value's own", (_name, values) => {
    expect(shapeOfValues(values as unknown[])).toEqual(pairwiseShape(values as unknown[]));
  });

  it("the loaded masters of every kind: the same shapes as merging each record's own", () => {
    const masters = loadMasters(join(root, 'masters'));
    const shapes = masterShapes(masters);
    for (const kind of MASTER_KINDS) {
      const records = masters.all(kind);
      if (records.length) expect(shapes[kind], kind).toEqual(pairwiseShape(records));
    }
  });
});

describe('shapes from JSON schema', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'integer' },
      list: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } },
      free: { type: 'object', additionalProperties: true },
    },
    allOf: [{ if: {}, then: { properties: { b: { type: 'string' }, a: false } } }],
  };
  const shape = shapeOfSchema(schema);
  it.each([['a'], ['b'], ['list.0.x'], ['free.anything.below']])('%s exists', (path) =>
    expect(lookup(shape, path.split('.'))).toHaveProperty('shape'),
  );
  it.each([
    ['c', 'the context has no field c (it has: a, b, free, list)'],
    ['a.b', 'a is a value, it has no field b'],
    ['list.first', 'list is a list, first is not an index'],
    ['list.0.y', 'list.0 has no field y (it has: x)'],
  ])('%s does not: %s', (path, missing) => expect(lookup(shape, path.split('.'))).toEqual({ missing }));
  it('a written path creates its parents', () => {
    const written = withPath(objectShape(), ['amounts', 'statutory_deductions', 'income_tax'], LEAF);
    expect(lookup(written, ['amounts', 'statutory_deductions'])).toHaveProperty('shape');
    expect(lookup(written, ['amounts', 'gross_payment'])).toEqual({
      missing: 'amounts has no field gross_payment (it has: statutory_deductions)',
    });
  });
});

describe('availability follows the pipeline order', () => {
  const { rules } = loadRules(join(root, 'rules'));
  it('an amount read before the step that writes it is refused, at the reading rule input', () => {
    const net = rules.registry.all().find((r) => r.doc.output_key === 'amounts.net_payment')!;
    const problems = checkContextPaths(
      [
        {
          calculation_type: 'monthly_payroll',
          file: 'rules/pipelines/x.yaml',
          masters: [],
          prepare: {},
          steps: [{ rule: net.code }],
          amounts: {},
        },
      ],
      rules.registry,
    );
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.file).toBe(net.file);
      expect(p.message).toMatch(/amounts(\.\w+)? has no field \w+ \(it has: nothing yet\)|amounts has no field/);
    }
  });
  it('the amounts a pipeline returns must have been written', () => {
    const problems = checkContextPaths(
      [
        {
          calculation_type: 'bonus',
          file: 'rules/pipelines/x.yaml',
          masters: [],
          prepare: {},
          steps: [],
          amounts: { total: 'amounts.total' },
        },
      ],
      rules.registry,
    );
    expect(problems).toEqual([
      {
        file: 'rules/pipelines/x.yaml',
        path: '/amounts/total',
        message: 'amount amounts.total is not in the context here: amounts has no field total (it has: nothing yet) (pipeline bonus)',
      },
    ]);
  });
  it('a master slot the pipeline does not resolve is refused at the rule reading it, naming the slots it does', () => {
    const lookup = rules.registry.all().find((r) => r.doc.formula_code === 'masters.standard_monthly_remuneration.resolve.v1')!;
    const source = (masters: ('health_grades' | 'employees_pension')[]) => [
      {
        calculation_type: 'standard_monthly_remuneration_resolution',
        file: 'rules/pipelines/x.yaml',
        masters,
        prepare: {},
        steps: [{ rule: lookup.code }],
        amounts: {},
      },
    ];
    const problems = checkContextPaths(source(['employees_pension']), rules.registry);
    expect(problems.map((p) => [p.file, p.path])).toContainEqual([lookup.file, expect.stringMatching(/^\/inputs\//)]);
    expect(problems.map((p) => p.message).join('\n')).toMatch(
      /masters\.health_grades\S* is not in the context here: masters has no field health_grades \(it has: employees_pension\)/,
    );
    expect(checkContextPaths(source(['employees_pension', 'health_grades']), rules.registry)).toEqual([]);
  });
  it('an unknown calculation type is refused', () => {
    expect(
      checkContextPaths([{ calculation_type: 'payroll', file: 'f', masters: [], prepare: {}, steps: [], amounts: {} }], rules.registry)[0]
        .message,
    ).toMatch(/unknown calculation_type/);
  });
});

describe('decimal fields come from the schemas (their decimal patterns)', () => {
  it('a decimal-string field becomes a Decimal in the context, other strings stay strings', () => {
    const ctx = toContextValue({
      ...monthlyPayrollRequestExample,
      employee_snapshot: { ...monthlyPayrollRequestExample.employee_snapshot, monthly_standard_working_hours: '160.5' },
    }) as Record<string, Record<string, unknown>>;
    expect(isDecimal(ctx.employee_snapshot.monthly_standard_working_hours)).toBe(true);
    expect(String(ctx.employee_snapshot.monthly_standard_working_hours)).toBe('160.5');
    expect(ctx.company_id).toBe(monthlyPayrollRequestExample.company_id);
    const profile = toContextValue({
      social_insurance: { prefecture_code: '13', custom_rates: { health_insurance_employee_rate: '0.05' } },
    }) as { social_insurance: Record<string, Record<string, unknown>> & { prefecture_code: unknown } };
    expect(profile.social_insurance.prefecture_code).toBe('13');
    expect(isDecimal(profile.social_insurance.custom_rates.health_insurance_employee_rate)).toBe(true);
  });
  it('every field found is a string field with a decimal pattern in some schema', () => {
    expect(DECIMAL_STRING_FIELDS.size).toBeGreaterThan(0);
    expect(DECIMAL_STRING_FIELDS.has('prefecture_code')).toBe(false);
    expect(DECIMAL_STRING_FIELDS.has('payroll_month')).toBe(false);
  });
});
