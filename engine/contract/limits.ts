/**
 * Input limits that follow the statutory tables (docs/decisions.md "Dependents beyond seven") are the loaded
 * masters' (Engine.inputLimits()), never written here and never read at import. tax_dependent_count is 0 to
 * the last printed dependents column (the spec's 0-7) by default; a company whose calculation profile opts in
 * (income_tax.dependents_beyond_seven: statutory_reduction) may send up to the tables' tax_dependent_count_max.
 * The request schema constants leave the maximum out; the server sets the default on its copies of the
 * schemas for the engine in service and states both limits in their descriptions
 * (server/app/validation/request-schemas.ts); the validation widens it per company
 * (engine/calculating/validation/dependent-count-limit.ts).
 */

/** Every tax_dependent_count property schema made, so the server can find its copies and set the maximum. */
export const TAX_DEPENDENT_COUNT_SCHEMAS: object[] = [];

/** The tax_dependent_count property of every request that carries it. */
export const taxDependentCount = (description: string, example: number) => {
  const schema = { type: 'integer', minimum: 0, description, examples: [example] } as const;
  TAX_DEPENDENT_COUNT_SCHEMAS.push(schema);
  return schema;
};
