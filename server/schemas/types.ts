/**
 * Request types, derived from the schema constants (see from-schema.ts). Result types are generated from
 * the loaded pipelines' declared outputs, so they come from the typed client's schema (openapi.json).
 */
import type { profilePutBodySchema, profileVersionSchema } from '../../engine/index.ts';
import type { bonusRequestSchema, monthlyPayrollRequestSchema } from '../../engine/contract/index.ts';
import type { errorResponseSchema } from './error-response.ts';
import type { FromSchema } from './from-schema.ts';
import type { rateTableListSchema, taxTableListSchema } from './masters.ts';
import type { components } from '../../client/schema.ts';
import type * as sims from '../../engine/contract/index.ts';

export type MonthlyPayrollRequest = FromSchema<typeof monthlyPayrollRequestSchema>;
export type BonusRequest = FromSchema<typeof bonusRequestSchema>;
export type SocialInsuranceSimulationRequest = FromSchema<typeof sims.socialInsuranceSimulationRequestSchema>;
export type EmploymentInsuranceSimulationRequest = FromSchema<typeof sims.employmentInsuranceSimulationRequestSchema>;
export type IncomeTaxSimulationRequest = FromSchema<typeof sims.incomeTaxSimulationRequestSchema>;
export type StandardMonthlyRemunerationRequest = FromSchema<typeof sims.standardMonthlyRemunerationRequestSchema>;

export type MonthlyPayrollResult = components['schemas']['MonthlyPayrollResult'];
export type BonusResult = components['schemas']['BonusResult'];
export type SocialInsuranceSimulationResult = components['schemas']['SocialInsuranceSimulationResult'];
export type EmploymentInsuranceSimulationResult = components['schemas']['EmploymentInsuranceSimulationResult'];
export type IncomeTaxSimulationResult = components['schemas']['IncomeTaxSimulationResult'];
export type StandardMonthlyRemunerationResult = components['schemas']['StandardMonthlyRemunerationResult'];

export type CalculationProfilePutBody = FromSchema<typeof profilePutBodySchema>;
export type CalculationProfileVersion = FromSchema<typeof profileVersionSchema>;
export type TaxTableList = FromSchema<typeof taxTableListSchema>;
export type RateTableList = FromSchema<typeof rateTableListSchema>;
export type ErrorResponse = FromSchema<typeof errorResponseSchema>;
