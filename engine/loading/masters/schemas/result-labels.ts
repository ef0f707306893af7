/**
 * `kind: result_labels` (masters/result_labels/): per calculation type, each amount field (its path in amounts,
 * blocks joined by dots) in display order with its group and labels. Display data of this service, not statute.
 */
import { text } from './common.ts';

const id = { type: 'string', pattern: '^[a-z][a-z_]*$' } as const;
const path = { pattern: '^[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*$' } as const;
const closed = { type: 'object', additionalProperties: false } as const;
const labelled = (k: string) => ({
  ...closed,
  required: [k, 'label_ja', 'label_en'],
  properties: { [k]: id, label_ja: text, label_en: text },
});
const map = (keys: object, values: object) => ({ type: 'object', propertyNames: keys, additionalProperties: values }) as const;

export const resultLabelsSchema = {
  $id: 'masters/result_labels',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'publisher', 'source', 'groups', 'results'],
  properties: {
    kind: { const: 'result_labels' },
    ...{ publisher: text, source: text, groups: { type: 'array', minItems: 1, items: labelled('id') } },
    results: map(id, map(path, labelled('group'))),
  },
} as const;

type Labelled<K extends string> = Record<K | 'label_ja' | 'label_en', string>;
type Fields = Record<string, Labelled<'group'>>;
export type ResultLabels = { file: string; publisher: string; source: string; groups: Labelled<'id'>[]; results: Record<string, Fields> };
