/**
 * Typed errors of the engine. The engine knows no HTTP: the server maps each code to a status
 * (server/app/errors/registry.ts). A detail's path is an array of field names, as in the API envelope.
 */
/** Every error code the engine may throw; a rule's require/fail_if must name one (checked at load). */
export const ENGINE_ERROR_CODES = [
  'validation_error',
  'settings_not_resolved',
  'income_tax_lookup_failed',
  'attendance_input_conflict',
  'attendance_rates_not_configured',
  'negative_gross_payment',
  'withholding_rate_override_not_allowed',
  'settings_lock_conflict',
  'year_end_adjustment_not_applicable',
  'standard_monthly_remuneration_not_determinable',
  'retirement_allowance_not_supported',
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

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

/**
 * A rule failed while it ran for a reason no load check could see (a bug in an operator, a value of an
 * unexpected kind). Its message names the rule file and step and the failure with every value masked
 * (maskValues), so the server may log it: without it an internal error would be a stack trace only.
 */
export class EngineFault extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineFault';
  }
}

/** A master or rule file that is broken: the server refuses to start on it. */
export interface LoadProblem {
  file: string;
  /** JSON-pointer-like path inside the file, e.g. /records/3/health_insurance_employee_rate */
  path: string;
  message: string;
}

/** "FILE PATH: message (line N)", the form every loader problem is printed in. */
export function formatProblem(p: LoadProblem): string {
  return `${p.file} ${p.path}: ${p.message}`;
}

/**
 * "FILE:LINE: PATH: message", the compiler-style line an editor can jump to (the line moved out of the
 * message's "(line N)"); "FILE: PATH: message" where the file cannot place the problem.
 */
export function problemLine(p: LoadProblem): string {
  const m = /\s*\(line (\d+)(?:, column \d+)?\)/.exec(p.message);
  const message = m ? p.message.replace(m[0], '') : p.message;
  return `${p.file}${m ? `:${m[1]}` : ''}: ${p.path}: ${message}`;
}

export class LoadError extends Error {
  constructor(readonly problems: LoadProblem[]) {
    super(`${problems.length} problem(s) in masters or rules:\n` + problems.map((p) => `  ${formatProblem(p)}`).join('\n'));
    this.name = 'LoadError';
  }
}
