/**
 * Input limits that follow the statutory tables: the tax_dependent_count maximum (docs/decisions.md
 * "Dependents beyond seven") is the loaded masters' (Engine.inputLimits()), never written here and never
 * read at import. The request schema constants leave it out; the server sets it on its copies of the
 * schemas for the engine in service (server/validation/request-schemas.ts), which also document it.
 */

/** Every tax_dependent_count property schema made, so the server can find its copies and set the maximum. */
export const TAX_DEPENDENT_COUNT_SCHEMAS: object[] = [];

/** The tax_dependent_count property of every request that carries it. */
export const taxDependentCount = (description: string, example: number) => {
  const schema = { type: 'integer', minimum: 0, description, examples: [example] } as const;
  TAX_DEPENDENT_COUNT_SCHEMAS.push(schema);
  return schema;
};
