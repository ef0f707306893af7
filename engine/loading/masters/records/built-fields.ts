/**
 * The fields the builders add to a loaded record beyond its file schema (the lookup tables the generic
 * range operators read, and the last dependents column). Declared here, as JSON schema, so the rule
 * loader knows these paths exist even when it checks rules without the masters at hand (loadRules
 * alone); test/engine/context-schema.test.ts checks every loaded record against it.
 */
import type { MasterKind } from '../types.ts';

/** A lookup table built by build/range-table.ts: read whole by range_lookup / bracket_formula. */
const lookupTable = { type: 'object', additionalProperties: true } as const;

export const BUILT_FIELDS: Partial<Record<MasterKind, { properties: Record<string, object> }>> = {
  income_tax_monthly_table: { properties: { kou_last_dependents_column: { type: 'integer' }, withholding_table: lookupTable } },
  income_tax_daily_table: { properties: { kou_last_dependents_column: { type: 'integer' }, withholding_table: lookupTable } },
  income_tax_bonus_table: { properties: { kou_last_dependents_column: { type: ['integer', 'null'] }, rate_table: lookupTable } },
  income_tax_computer_special: { properties: { tier_table: lookupTable } },
  health_insurance_grade_table: { properties: { grade_table: lookupTable } },
  employees_pension_rate_table: { properties: { grade_table: lookupTable } },
};
