/** One 標準報酬月額 grade: from <= remuneration < to (to null = open). */
import { yen, yenOrNull } from './common.ts';

export const gradesSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['grade', 'standard_monthly_remuneration', 'from', 'to', 'bounds_status'],
    properties: {
      grade: { type: 'integer', minimum: 1 },
      standard_monthly_remuneration: yen,
      from: yen,
      to: yenOrNull,
      bounds_status: { enum: ['confirmed', 'inferred'] },
    },
  },
} as const;
