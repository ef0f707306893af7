/**
 * rounding_rule_table: unversioned formula code -> rounding rule name (or null = no rounding).
 * A map, so its keys are constrained by patternProperties and anything else is refused.
 */
import { fileSchema } from './common.ts';

export const roundingRulesSchema = fileSchema('rounding_rule_table', true, ['assignments'], {
  assignments: {
    type: 'object',
    additionalProperties: false,
    patternProperties: {
      '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)*$': { type: ['string', 'null'], pattern: '^[a-z0-9_]+$' },
    },
  },
});
