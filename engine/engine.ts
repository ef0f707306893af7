/**
 * loadEngine(): reads, validates and compiles masters and rules once; the returned Engine only evaluates.
 */
import type { CalculationType } from './index.ts';
import type { ValidationDetail } from './errors.ts';
import type { ProfileVersion } from './profile/types.ts';

export interface EngineOptions {
  rulesDir?: string; // default <project>/rules
  mastersDir?: string; // default <project>/masters
  /** injectable for golden runs and tests */
  now?: () => Date;
  newId?: () => string; // a UUID
}

export interface CalculationResult {
  calculation_id: string; // calc_<uuid>
  calculation_type: CalculationType;
  company_id: string;
  employee_ref?: string;
  calculated_at: string; // UTC, milliseconds
  settings_snapshot: Record<string, string>;
  amounts: Record<string, unknown>;
  calculation_trace: Record<string, unknown>[];
  warnings: string[];
}

export interface Engine {
  /**
   * Cross-field rules of the request (pay-type matrix, dates, unique codes, ...), run after the JSON
   * schema. Returns every problem found; an empty array means valid. Tolerates malformed input.
   */
  validate(type: CalculationType, request: Record<string, unknown>): ValidationDetail[];
  /**
   * Runs one calculation. `profileVersions` are the company's stored profile versions (any order).
   * Throws EngineError (validation_error, attendance_input_conflict, settings_lock_conflict,
   * settings_not_resolved, attendance_rates_not_configured, income_tax_lookup_failed,
   * withholding_rate_override_not_allowed, negative_gross_payment).
   */
  calculate(type: CalculationType, request: Record<string, unknown>, profileVersions: ProfileVersion[]): CalculationResult;
  /** GET /v1/masters/tax-tables records. */
  taxTables(): Record<string, unknown>[];
  /** GET /v1/masters/rate-tables records. */
  rateTables(): Record<string, unknown>[];
}

export function loadEngine(_options: EngineOptions = {}): Engine {
  throw new Error('engine assembly lands with the pipeline runner');
}
