/**
 * Input limits that follow the statutory tables, read from the project's masters (never written here):
 * the tax_dependent_count maximum (docs/decisions.md "Dependents beyond seven").
 */
import { readInputLimits } from '../masters/input-limits.ts';

export const INPUT_LIMITS = readInputLimits();

/** The tax_dependent_count property of every request that carries it. */
export const taxDependentCount = (description: string, example: number) =>
  ({ type: 'integer', minimum: 0, maximum: INPUT_LIMITS.tax_dependent_count_max, description, examples: [example] }) as const;
