/**
 * The POST calculation endpoints as data: path, calculation type, request schema, result schema name, whether the
 * Free-plan quota applies and whether Idempotency-Key is accepted. Routing and the OpenAPI document
 * are both built from this table.
 */
import type { CalculationType } from '../../../engine/index.ts';
import {
  bonusRequestSchema,
  leavePremiumExemptionRequestSchema,
  monthlyPayrollRequestSchema,
  residentTaxScheduleRequestSchema,
  residentTaxSeparationRequestSchema,
  retirementAllowanceRequestSchema,
  standardMonthlyRemunerationDeterminationRequestSchema,
  yearEndAdjustmentRequestSchema,
} from '../../../engine/contract/index.ts';
import * as sims from '../../../engine/contract/index.ts';

export interface CalculationEndpoint {
  path: string;
  type: CalculationType;
  operationId: string;
  summary: string;
  description: string;
  requestSchemaName: string;
  requestSchema: object;
  /** components.schemas name of the result; the schema itself is generated from the loaded pipeline (server/app/openapi/result-schemas.ts) */
  resultSchemaName: string;
  countsTowardQuota: boolean;
  acceptsIdempotencyKey: boolean;
}

export const CALCULATION_ENDPOINTS: readonly CalculationEndpoint[] = [
  {
    path: '/v1/payroll/monthly:calculate',
    type: 'monthly_payroll',
    operationId: 'calculateMonthlyPayroll',
    summary: 'Monthly payroll',
    description:
      'Computes gross pay (with attendance-derived pay for monthly, hourly and daily employees), statutory deductions, custom deductions and net payment. Counts toward the Free-plan monthly quota.',
    requestSchemaName: 'MonthlyPayrollRequest',
    requestSchema: monthlyPayrollRequestSchema,
    resultSchemaName: 'MonthlyPayrollResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/payroll/bonus:calculate',
    type: 'bonus',
    operationId: 'calculateBonus',
    summary: 'Bonus payroll',
    description:
      'Computes premiums on standard bonus amounts, bonus withholding tax, custom deductions and net payment. Counts toward the Free-plan monthly quota.',
    requestSchemaName: 'BonusRequest',
    requestSchema: bonusRequestSchema,
    resultSchemaName: 'BonusResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/payroll/year-end-adjustment:calculate',
    type: 'year_end_adjustment',
    operationId: 'calculateYearEndAdjustment',
    summary: 'Year-end adjustment (年末調整)',
    description:
      "Settles an employee's income tax for a tax year (2025 on): salary income by the published table, the income deductions from the declarations (insurance premiums, spouse, dependants classified by age at 31 December or at a death or departure abroad, disabilities; the income limits on the employee's salary and other income), the tax by the rate table, the housing loan credit, the 102.1 % annual tax, the difference to the tax withheld (positive: collected, negative: refunded) and its settlement, and the withholding slip's amounts and counts. Pay over 20,000,000 yen, the 乙欄, a non-resident or a leaver for a reason the statute does not list: 422 year_end_adjustment_not_applicable; a tax year whose law is not loaded (2028 on): 422 settings_not_resolved. Counts toward the Free-plan monthly quota.",
    requestSchemaName: 'YearEndAdjustmentRequest',
    requestSchema: yearEndAdjustmentRequestSchema,
    resultSchemaName: 'YearEndAdjustmentResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/payroll/retirement-allowance:calculate',
    type: 'retirement_allowance',
    operationId: 'calculateRetirementAllowance',
    summary: 'Retirement allowance withholding (退職所得の源泉徴収)',
    description:
      "Withholding income tax on a retirement allowance (2022 on): the years of service rounded up, the deduction (400,000 a year to 20 years, 700,000 beyond; at least 800,000; 1,000,000 more for a disability retirement; less the years shared with an earlier allowance within its window), the halving except for 特定役員退職手当等 and above 3,000,000 of a 短期退職手当等, the 1,000-yen floor, the quick-reckoning table and 102.1 %, each installment's share; 20.42 % of the payment without the declaration. A combination the service does not compute: 422 retirement_allowance_not_supported. Counts toward the Free-plan monthly quota.",
    requestSchemaName: 'RetirementAllowanceRequest',
    requestSchema: retirementAllowanceRequestSchema,
    resultSchemaName: 'RetirementAllowanceResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/social-insurance/standard-monthly-remuneration:determine',
    type: 'standard_monthly_remuneration_determination',
    operationId: 'determineStandardMonthlyRemuneration',
    summary: 'Standard monthly remuneration determination (定時決定, 随時改定, 資格取得時決定)',
    description:
      "Determines an insured person's health insurance and employees' pension grades: scheduled (定時決定) from the April-June months that meet the payment-base-day threshold of the worker category, valid September to August; revision (随時改定) when the three months from a fixed-wage change average at least two grades away in the same direction (one grade at the top and bottom of each table), from the fourth month; acquisition (資格取得時決定) from the pay on the acquisition date. Every month left out is listed with its reason. Counts toward the Free-plan monthly quota.",
    requestSchemaName: 'StandardMonthlyRemunerationDeterminationRequest',
    requestSchema: standardMonthlyRemunerationDeterminationRequestSchema,
    resultSchemaName: 'StandardMonthlyRemunerationDeterminationResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/social-insurance/leave-premium-exemption:calculate',
    type: 'leave_premium_exemption',
    operationId: 'calculateLeavePremiumExemption',
    summary: 'Premium exemption during 産前産後休業 and 育児休業等',
    description:
      "Which premium months and bonuses of an employee on 産前産後休業 or 育児休業等 (出生時育児休業 included) are exempt from health, care, childcare support and pension premiums: months from the leave's start month to the month before the day after its end (月末が休業中), a 育児休業等 of 14 days or more within one month, consecutive leaves as one, bonuses of a 育児休業等 longer than one month and of every 産前産後 month; with each month's and bonus's premiums at the company's rates, exempted and payable. Employment insurance is never exempt: it follows the wages actually paid. Counts toward the Free-plan monthly quota.",
    requestSchemaName: 'LeavePremiumExemptionRequest',
    requestSchema: leavePremiumExemptionRequestSchema,
    resultSchemaName: 'LeavePremiumExemptionResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/resident-tax/special-collection-schedule:calculate',
    type: 'resident_tax_special_collection_schedule',
    operationId: 'calculateResidentTaxSpecialCollectionSchedule',
    summary: 'Resident tax special-collection schedule (特別徴収の月割額)',
    description:
      "Splits the annual special-collection amount of a municipality's notice into the monthly amounts to deduct from pay, June to the next May (or from the first month of a notice received after 31 May): 100-yen units with the remainder in the first month, an amount at or under the per-capita levy all in the first month. Counts toward the Free-plan monthly quota.",
    requestSchemaName: 'ResidentTaxSpecialCollectionScheduleRequest',
    requestSchema: residentTaxScheduleRequestSchema,
    resultSchemaName: 'ResidentTaxSpecialCollectionScheduleResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/resident-tax/separation:calculate',
    type: 'resident_tax_separation',
    operationId: 'calculateResidentTaxSeparation',
    summary: 'Resident tax when an employee leaves (一括徴収 or 普通徴収)',
    description:
      "What the employer collects when an employee stops receiving pay: the event month's amount, and the months after it at once (required for an event from 1 January to 30 April, on request from 1 June to 31 December, each only when a payment by 31 May exceeds them), or their transfer to ordinary collection or to a new employer; with the remittance deadline. Counts toward the Free-plan monthly quota.",
    requestSchemaName: 'ResidentTaxSeparationRequest',
    requestSchema: residentTaxSeparationRequestSchema,
    resultSchemaName: 'ResidentTaxSeparationResult',
    countsTowardQuota: true,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/simulations/social-insurance:calculate',
    type: 'social_insurance_simulation',
    operationId: 'simulateSocialInsurance',
    summary: 'Social insurance premiums only',
    description: 'Employee premiums of health, care, childcare support and pension insurance for a standard monthly remuneration.',
    requestSchemaName: 'SocialInsuranceSimulationRequest',
    requestSchema: sims.socialInsuranceSimulationRequestSchema,
    resultSchemaName: 'SocialInsuranceSimulationResult',
    countsTowardQuota: false,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/simulations/employment-insurance:calculate',
    type: 'employment_insurance_simulation',
    operationId: 'simulateEmploymentInsurance',
    summary: 'Employment insurance premium only',
    description: 'Employee employment insurance premium for a wage total.',
    requestSchemaName: 'EmploymentInsuranceSimulationRequest',
    requestSchema: sims.employmentInsuranceSimulationRequestSchema,
    resultSchemaName: 'EmploymentInsuranceSimulationResult',
    countsTowardQuota: false,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/simulations/income-tax:calculate',
    type: 'income_tax_simulation',
    operationId: 'simulateIncomeTax',
    summary: 'Withholding income tax only',
    description: "Monthly withholding income tax by the monthly table, whatever the company's withholding method.",
    requestSchemaName: 'IncomeTaxSimulationRequest',
    requestSchema: sims.incomeTaxSimulationRequestSchema,
    resultSchemaName: 'IncomeTaxSimulationResult',
    countsTowardQuota: false,
    acceptsIdempotencyKey: true,
  },
  {
    path: '/v1/simulations/standard-monthly-remuneration:resolve',
    type: 'standard_monthly_remuneration_resolution',
    operationId: 'resolveStandardMonthlyRemuneration',
    summary: 'Grade lookup',
    description:
      'Resolves the health and pension grades and standard monthly remunerations for a monthly remuneration. Trace defaults to off. Not counted toward the quota.',
    requestSchemaName: 'StandardMonthlyRemunerationRequest',
    requestSchema: sims.standardMonthlyRemunerationRequestSchema,
    resultSchemaName: 'StandardMonthlyRemunerationResult',
    countsTowardQuota: false,
    // The specification accepts the header on "the five calculation endpoints"; this one is a lookup.
    acceptsIdempotencyKey: false,
  },
];
