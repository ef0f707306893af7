/**
 * Request types, derived from the schema constants (see from-schema.ts). Result types are generated from
 * the loaded pipelines' declared outputs, so they come from the typed client's schema (openapi.json).
 * Only the types something uses are named here; the typed client (client/) has one for every schema.
 */
import type { profilePutBodySchema } from '../../../engine/index.ts';
import type { bonusRequestSchema, monthlyPayrollRequestSchema } from '../../../engine/contract/index.ts';
import type { FromSchema } from './from-schema.ts';
import type { components } from '../../../client/schema.ts';

export type MonthlyPayrollRequest = FromSchema<typeof monthlyPayrollRequestSchema>;
export type BonusRequest = FromSchema<typeof bonusRequestSchema>;
export type MonthlyPayrollResult = components['schemas']['MonthlyPayrollResult'];
export type CalculationProfilePutBody = FromSchema<typeof profilePutBodySchema>;
