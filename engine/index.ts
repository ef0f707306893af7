/**
 * The engine's public face. It knows no HTTP: requests come in as plain objects that already passed
 * the API schema (server/schemas), errors go out as EngineError with a stable code.
 */
export type CalculationType =
  | 'monthly_payroll'
  | 'bonus'
  | 'social_insurance_simulation'
  | 'employment_insurance_simulation'
  | 'income_tax_simulation'
  | 'standard_monthly_remuneration_resolution';

export { EngineError, LoadError } from './errors.ts';
export type { ValidationDetail, EngineErrorCode, LoadProblem } from './errors.ts';
export type { ProfileVersion, ProfilePutBody } from './profile/types.ts';
export { loadEngine } from './engine.ts';
export type { Engine, CalculationResult, EngineOptions, CalculateOptions } from './engine.ts';
