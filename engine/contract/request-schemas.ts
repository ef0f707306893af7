/**
 * The request body schema of each calculation: what `request.*` holds in that calculation's context.
 * The server validates bodies with these; the rule loader checks every request path a rule reads.
 */
import type { CalculationType } from '../calculation-type.ts';
import { bonusRequestSchema } from './bonus-request.ts';
import { monthlyPayrollRequestSchema } from './monthly-payroll-request.ts';
import {
  employmentInsuranceSimulationRequestSchema,
  incomeTaxSimulationRequestSchema,
  socialInsuranceSimulationRequestSchema,
  standardMonthlyRemunerationRequestSchema,
} from './simulation-requests.ts';
import { yearEndAdjustmentRequestSchema } from './year-end-adjustment-request.ts';
import { standardMonthlyRemunerationDeterminationRequestSchema } from './standard-monthly-remuneration-determination-request.ts';
import { leavePremiumExemptionRequestSchema } from './leave-premium-exemption-request.ts';
import { residentTaxScheduleRequestSchema, residentTaxSeparationRequestSchema } from './resident-tax-requests.ts';
import { retirementAllowanceRequestSchema } from './retirement-allowance-request.ts';

export const REQUEST_SCHEMAS: Record<CalculationType, object> = {
  monthly_payroll: monthlyPayrollRequestSchema,
  bonus: bonusRequestSchema,
  social_insurance_simulation: socialInsuranceSimulationRequestSchema,
  employment_insurance_simulation: employmentInsuranceSimulationRequestSchema,
  income_tax_simulation: incomeTaxSimulationRequestSchema,
  standard_monthly_remuneration_resolution: standardMonthlyRemunerationRequestSchema,
  year_end_adjustment: yearEndAdjustmentRequestSchema,
  standard_monthly_remuneration_determination: standardMonthlyRemunerationDeterminationRequestSchema,
  leave_premium_exemption: leavePremiumExemptionRequestSchema,
  resident_tax_special_collection_schedule: residentTaxScheduleRequestSchema,
  resident_tax_separation: residentTaxSeparationRequestSchema,
  retirement_allowance: retirementAllowanceRequestSchema,
};
