/**
 * The request contract's public entry point: the JSON schemas of every calculation request body and
 * the field schemas the OpenAPI layer publishes as components. They live in the engine because its
 * rule loader checks every context path a rule reads against them.
 */
export {
  MAX_YEN,
  RULES_MASTERS_HASH_EXAMPLE,
  TEXT_MESSAGE,
  TEXT_PATTERN,
  settingsLockSchema,
  settingsSnapshotSchema,
  signedYen,
  yen,
} from './common.ts';
export { employeeSnapshotSchema } from './employee-snapshot.ts';
export { TAX_DEPENDENT_COUNT_SCHEMAS } from './limits.ts';
export { allowanceSchema, bonusItemSchema, customDeductionSchema, previousAdjustmentSchema } from './items.ts';
export {
  attendanceInputSchema,
  monthlyEmployeeSnapshotSchema,
  monthlyPayrollRequestSchema,
  periodSchema,
} from './monthly-payroll-request.ts';
export { bonusRequestSchema, bonusSocialInsuranceContextSchema, bonusTaxContextSchema } from './bonus-request.ts';
export {
  employmentInsuranceSimulationRequestSchema,
  incomeTaxSimulationRequestSchema,
  socialInsuranceSimulationRequestSchema,
  standardMonthlyRemunerationRequestSchema,
} from './simulation-requests.ts';
export { previousEmployerSchema, yearEndAdjustmentRequestSchema } from './year-end-adjustment-request.ts';
export { standardMonthlyRemunerationDeterminationRequestSchema } from './standard-monthly-remuneration-determination-request.ts';
export { leavePremiumExemptionRequestSchema } from './leave-premium-exemption-request.ts';
export {
  residentTaxScheduleExample,
  residentTaxScheduleRequestSchema,
  residentTaxSeparationExample,
  residentTaxSeparationRequestSchema,
} from './resident-tax-requests.ts';
export { retirementAllowanceRequestSchema } from './retirement-allowance-request.ts';
