/**
 * GET /v1/masters/result-labels: the payslip labels of the result fields as the engine loaded them
 * (masters/result_labels/, engine/loading/masters/schemas/result-labels.ts), one record per field of each
 * labelled calculation type. Display data of this service, not statute (docs/adr/0104).
 */
import type { ResultLabels } from '../../../engine/index.ts';

const str = (description: string) => ({ type: 'string', minLength: 1, description }) as const;
const id = (description: string) => ({ type: 'string', pattern: '^[a-z][a-z_]*$', description }) as const;
const order = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;

export const resultLabelGroupSchema = {
  type: 'object',
  description: 'A display group of a payslip (支給, 控除, 勤怠, 合計, 会社負担, 源泉徴収票).',
  additionalProperties: false,
  required: ['id', 'label_ja', 'label_en', 'order'],
  properties: {
    id: id('Stable id of the group; labels name it in group.'),
    label_ja: str('Japanese heading.'),
    label_en: str('English heading.'),
    order: order('Display position of the group, from 1.'),
  },
} as const;

export const resultLabelRecordSchema = {
  type: 'object',
  description: 'The labels of one amount field of one calculation type.',
  additionalProperties: false,
  required: ['calculation_type', 'field', 'label_ja', 'label_en', 'group', 'order'],
  properties: {
    calculation_type: str('Calculation type whose result holds the field (monthly_payroll, bonus, year_end_adjustment).'),
    field: {
      type: 'string',
      pattern: '^[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*$',
      description: "The field's path inside amounts, blocks joined by dots.",
    },
    label_ja: str('Japanese label (payslip wording).'),
    label_en: str('English label.'),
    group: id('Id of its display group (groups).'),
    order: order('Display position within its group for this calculation type, from 1.'),
  },
} as const;

export const resultLabelListSchema = {
  type: 'object',
  description:
    'Payslip labels of the amount fields of the monthly, bonus and year-end adjustment results: display groups and one record per field, in display order. Display data of this service, not statute.',
  additionalProperties: false,
  required: ['data', 'groups', 'publisher', 'source'],
  properties: {
    data: { type: 'array', items: resultLabelRecordSchema, description: 'Records, by calculation type, group and order.' },
    groups: { type: 'array', items: resultLabelGroupSchema, description: 'The display groups in display order.' },
    publisher: {
      type: ['string', 'null'],
      minLength: 1,
      description: 'Who publishes the labels (this service); null when the set has none.',
    },
    source: { type: ['string', 'null'], minLength: 1, description: 'Where the wording comes from; null when the set has none.' },
  },
} as const;

export interface ResultLabelRecord {
  calculation_type: string;
  field: string;
  label_ja: string;
  label_en: string;
  group: string;
  order: number;
}

/** The body of GET /v1/masters/result-labels; a set without result labels answers empty lists. */
export function resultLabelList(labels: ResultLabels | null) {
  const groups = labels?.groups ?? [];
  const data: ResultLabelRecord[] = [];
  for (const [type, fields] of Object.entries(labels?.results ?? {}))
    for (const g of groups)
      Object.entries(fields)
        .filter(([, f]) => f.group === g.id)
        .forEach(([field, f], i) =>
          data.push({ calculation_type: type, field, label_ja: f.label_ja, label_en: f.label_en, group: g.id, order: i + 1 }),
        );
  return {
    data,
    groups: groups.map((g, i) => ({ id: g.id, label_ja: g.label_ja, label_en: g.label_en, order: i + 1 })),
    publisher: labels?.publisher ?? null,
    source: labels?.source ?? null,
  };
}
