/**
 * Typed errors of the engine. The engine knows no HTTP: the server maps each code to a status
 * (server/errors/registry.ts). A detail's path is an array of field names, as in the API envelope.
 */
export type EngineErrorCode =
  | 'validation_error'
  | 'settings_not_resolved'
  | 'income_tax_lookup_failed'
  | 'attendance_input_conflict'
  | 'attendance_rates_not_configured'
  | 'negative_gross_payment'
  | 'withholding_rate_override_not_allowed'
  | 'settings_lock_conflict';

export interface ValidationDetail {
  path: (string | number)[];
  code: string;
  message: string;
}

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly details?: ValidationDetail[],
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** A master or rule file that is broken: the server refuses to start on it. */
export interface LoadProblem {
  file: string;
  /** JSON-pointer-like path inside the file, e.g. /records/3/health_insurance_employee_rate */
  path: string;
  message: string;
}

export class LoadError extends Error {
  constructor(readonly problems: LoadProblem[]) {
    super(`${problems.length} problem(s) in masters or rules:\n` + problems.map((p) => `  ${p.file} ${p.path}: ${p.message}`).join('\n'));
    this.name = 'LoadError';
  }
}
