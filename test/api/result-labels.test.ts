/**
 * The payslip labels (masters/result_labels/) stay in step with the generated result schemas: every amount
 * field of the monthly, bonus and year-end adjustment results has a label and no label names a field that
 * does not exist; openapi.json carries them as x-label-ja / x-label-en; GET /v1/masters/result-labels
 * serves them (docs/adr/0104).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CalculationType } from '../../engine/index.ts';
import { resultSchemas } from '../../server/app/openapi/result-schemas.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { resultLabelList, resultLabelListSchema } from '../../server/app/schemas/result-labels.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { OPENAPI_FILE } from '../../tools/openapi.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

type Schema = { properties?: Record<string, Schema>; $ref?: string } & Record<string, unknown>;

const LABELLED = ['monthly_payroll', 'bonus', 'year_end_adjustment'] as const satisfies readonly CalculationType[];

/** Every field of an amounts schema that is not itself a block of fields, as its dotted path (a list is one field). */
function amountFields(schema: Schema, resolve: (s: Schema) => Schema = (s) => s, prefix = ''): string[] {
  return Object.entries(resolve(schema).properties ?? {}).flatMap(([name, sub]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return resolve(sub).properties ? amountFields(sub, resolve, path) : [path];
  });
}

/** The fields of the schema without a label, and the labels naming no field of the schema. */
function labelGaps(fields: string[], labelled: string[]) {
  return { unlabelled: fields.filter((f) => !labelled.includes(f)), unknown: labelled.filter((f) => !fields.includes(f)) };
}

const amountsOf = (type: CalculationType) => (resultSchemas(realEngine())[type] as Schema).properties!.amounts!;
const recordsOf = (type: CalculationType) => resultLabelList(realEngine().resultLabels()).data.filter((r) => r.calculation_type === type);

describe('result labels and the generated result schemas', () => {
  it.each(LABELLED)('%s: every amount field has one label and every label names a field', (type) => {
    const fields = amountFields(amountsOf(type));
    const labelled = recordsOf(type).map((r) => r.field);
    expect(labelGaps(fields, labelled)).toEqual({ unlabelled: [], unknown: [] });
    expect(new Set(labelled).size).toBe(labelled.length);
    expect(fields.length).toBe({ monthly_payroll: 35, bonus: 26, year_end_adjustment: 61 }[type]);
  });

  it('a field added to a result schema without a label, or a label of a removed field, is found', () => {
    const amounts = structuredClone(amountsOf('monthly_payroll'));
    amounts.properties!.statutory_deductions!.properties!.new_levy = { type: 'integer' };
    delete amounts.properties!.net_payment;
    const gaps = labelGaps(
      amountFields(amounts),
      recordsOf('monthly_payroll').map((r) => r.field),
    );
    expect(gaps).toEqual({ unlabelled: ['statutory_deductions.new_levy'], unknown: ['net_payment'] });
  });

  it('labels the payslip fields in payroll Japanese, each in its group and order', () => {
    const byField = new Map(recordsOf('monthly_payroll').map((r) => [r.field, r]));
    const ja = (f: string) => [byField.get(f)?.label_ja, byField.get(f)?.group];
    expect(ja('gross_payment')).toEqual(['総支給額', 'payments']);
    expect(ja('statutory_deductions.health_insurance')).toEqual(['健康保険料', 'deductions']);
    expect(ja('statutory_deductions.care_insurance')).toEqual(['介護保険料', 'deductions']);
    expect(ja('statutory_deductions.childcare_support_contribution')).toEqual(['子ども・子育て支援金', 'deductions']);
    expect(ja('statutory_deductions.employees_pension_insurance')).toEqual(['厚生年金保険料', 'deductions']);
    expect(ja('statutory_deductions.employment_insurance')).toEqual(['雇用保険料', 'deductions']);
    expect(ja('statutory_deductions.income_tax')).toEqual(['所得税', 'deductions']);
    expect(ja('statutory_deductions.resident_tax')).toEqual(['住民税', 'deductions']);
    expect(ja('attendance.base_pay')).toEqual(['基本給', 'attendance']);
    expect(ja('attendance.overtime_pay')).toEqual(['時間外・深夜・休日手当', 'attendance']);
    expect(ja('net_payment')).toEqual(['差引支給額', 'totals']);
    expect(ja('employer_contributions.child_rearing_levy')).toEqual(['子ども・子育て拠出金', 'employer']);
    expect(byField.get('statutory_deductions.health_insurance')?.order).toBe(1);
    expect(byField.get('total_deductions')?.order).toBe(11);
    const groups = resultLabelList(realEngine().resultLabels()).groups;
    expect(groups.map((g) => [g.id, g.label_ja, g.order])).toEqual([
      ['payments', '支給', 1],
      ['deductions', '控除', 2],
      ['attendance', '勤怠', 3],
      ['totals', '合計', 4],
      ['employer', '会社負担', 5],
      ['withholding_slip', '源泉徴収票', 6],
    ]);
  });

  it('openapi.json carries each label as x-label-ja and x-label-en of its amounts property, and nothing else has one', () => {
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { components: { schemas: Record<string, Schema> } };
    const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);
    for (const type of LABELLED) {
      const name = CALCULATION_ENDPOINTS.find((e) => e.type === type)!.resultSchemaName;
      const amounts = resolve(doc.components.schemas[name]!).properties!.amounts!;
      const records = recordsOf(type);
      expect(amountFields(amounts, resolve)).toHaveLength(records.length);
      for (const r of records) {
        const property = r.field.split('.').reduce<Schema>((s, n) => resolve(resolve(s).properties![n]!), amounts);
        expect([r.field, property['x-label-ja'], property['x-label-en']]).toEqual([r.field, r.label_ja, r.label_en]);
      }
    }
    const bonusGross = resolve(doc.components.schemas[CALCULATION_ENDPOINTS.find((e) => e.type === 'bonus')!.resultSchemaName]!).properties!
      .amounts!.properties!.gross_payment!;
    expect(bonusGross['x-label-ja']).toBe('賞与総支給額');
    const residentTax = CALCULATION_ENDPOINTS.find((e) => e.type === 'resident_tax_separation')!;
    expect(JSON.stringify(doc.components.schemas[residentTax.resultSchemaName])).not.toContain('x-label-ja');
  });

  it('the schemas AJV validates with carry no label keyword', () => {
    expect(JSON.stringify(resultSchemas(realEngine()))).not.toContain('x-label');
  });
});

describe('GET /v1/masters/result-labels', () => {
  const api = freshServer('sqlite', { engine: realEngine() });

  it('answers the labels the engine loaded, in the documented shape, to a key', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/result-labels', { key: api.key });
    expect(res.status).toBe(200);
    const validate = validatorFor(resultLabelListSchema);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    expect(res.json.publisher).toBe('this service');
    expect(res.json.data).toHaveLength(35 + 26 + 61);
    expect(res.json.data[0]).toEqual({
      calculation_type: 'monthly_payroll',
      field: 'gross_payment',
      label_ja: '総支給額',
      label_en: 'Gross pay',
      group: 'payments',
      order: 1,
    });
    expect(res.json.data.find((r: any) => r.calculation_type === 'year_end_adjustment' && r.field === 'annual_tax')).toMatchObject({
      label_ja: '年調年税額',
      group: 'totals',
    });
  });

  it('refuses a request without a key', async () => {
    const res = await call(api.server, 'GET', '/v1/masters/result-labels');
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });
});
