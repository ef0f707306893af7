/** Request and response types, derived from the schema constants (see from-schema.ts). */
import type { profilePutBodySchema, profileVersionSchema } from '../../engine/index.ts';
import type { bonusRequestSchema, monthlyPayrollRequestSchema } from '../../engine/contract/index.ts';
import type { errorResponseSchema } from './error-response.ts';
import type { FromSchema } from './from-schema.ts';
import type { rateTableListSchema, taxTableListSchema } from './masters.ts';
import type * as results from './results.ts';
import type * as sims from '../../engine/contract/index.ts';

export type MonthlyPayrollRequest = FromSchema<typeof monthlyPayrollRequestSchema>;
export type BonusRequest = FromSchema<typeof bonusRequestSchema>;
export type SocialInsuranceSimulationRequest = FromSchema<typeof sims.socialInsuranceSimulationRequestSchema>;
export type EmploymentInsuranceSimulationRequest = FromSchema<typeof sims.employmentInsuranceSimulationRequestSchema>;
export type IncomeTaxSimulationRequest = FromSchema<typeof sims.incomeTaxSimulationRequestSchema>;
export type StandardMonthlyRemunerationRequest = FromSchema<typeof sims.standardMonthlyRemunerationRequestSchema>;

export type MonthlyPayrollResult = FromSchema<typeof results.monthlyPayrollResultSchema>;
export type BonusResult = FromSchema<typeof results.bonusResultSchema>;
export type SocialInsuranceSimulationResult = FromSchema<typeof results.socialInsuranceSimulationResultSchema>;
export type EmploymentInsuranceSimulationResult = FromSchema<typeof results.employmentInsuranceSimulationResultSchema>;
export type IncomeTaxSimulationResult = FromSchema<typeof results.incomeTaxSimulationResultSchema>;
export type StandardMonthlyRemunerationResult = FromSchema<typeof results.standardMonthlyRemunerationResultSchema>;

export type CalculationProfilePutBody = FromSchema<typeof profilePutBodySchema>;
export type CalculationProfileVersion = FromSchema<typeof profileVersionSchema>;
export type TaxTableList = FromSchema<typeof taxTableListSchema>;
export type RateTableList = FromSchema<typeof rateTableListSchema>;
export type ErrorResponse = FromSchema<typeof errorResponseSchema>;
