/**
 * The one registry of error codes: HTTP status, message template and when it happens. Every error
 * response, the OpenAPI document and docs/errors.md come from here (a test checks the page lists
 * every code). Engine codes (EngineError) map through the same table. Templates use {name}
 * placeholders filled from ApiError params; {name|unit} writes the number with its unit in the right
 * number ("1 second", "2 seconds").
 */
export interface ErrorDefinition {
  status: number;
  message: string;
  when: string;
}

export const ERROR_REGISTRY = {
  malformed_json: {
    status: 400,
    message: 'The request body is not valid JSON.',
    when: 'The body of a POST or PUT cannot be parsed as JSON.',
  },
  bad_request: {
    status: 400,
    message: 'The request could not be read.',
    when: 'The request is broken at the HTTP level: for example an aborted body, an HTTP/1.1 request without Host, or a body that is not what its Content-Encoding (gzip, deflate, br) claims.',
  },
  unauthorized: {
    status: 401,
    message: 'A valid API key is required in the X-API-Key header.',
    when: 'X-API-Key is missing, unknown or revoked. All endpoints.',
  },
  quota_exceeded: {
    status: 402,
    message: 'The monthly calculation quota of this plan ({limit}) is used up for {month} (Asia/Tokyo); it resets at {resets_at}.',
    when: 'A Free-plan account has used its monthly number of successful /v1/payroll/*, /v1/social-insurance/* and /v1/resident-tax/* calculations. Retry-After gives the seconds until the quota resets (the 1st of the next month, 00:00 Asia/Tokyo); GET /v1/usage shows the count.',
  },
  company_not_found: {
    status: 404,
    message:
      'Company {company_id} does not exist for this account. Create it with PUT /cp/v1/companies/{company_id}/calculation-profile (its first profile version).',
    when: "company_id was never set up with PUT calculation-profile in the key's account.",
  },
  route_not_found: { status: 404, message: 'No endpoint at this path.', when: 'The path matches no endpoint.' },
  method_not_allowed: {
    status: 405,
    message: 'This endpoint does not accept this HTTP method.',
    when: 'The path exists but not for this method (see the Allow header); any CONNECT (the server is no proxy).',
  },
  request_timeout: {
    status: 408,
    message: 'The request did not arrive in time.',
    when: 'The headers did not arrive within PAYROLL_HEADERS_TIMEOUT_MS, or the whole request within PAYROLL_REQUEST_TIMEOUT_MS.',
  },
  settings_lock_conflict: {
    status: 409,
    message: 'settings_lock differs from the resolved settings versions.',
    when: 'settings_lock does not equal the versions resolved for company_id and payment_date.',
  },
  profile_versions_limit_reached: {
    status: 409,
    message:
      'Company {company_id} holds {held} profile versions, and a company may hold at most {limit}: a PUT may replace a version (the same effective_from) but not add one.',
    when: 'A PUT calculation-profile with a new effective_from for a company that already holds 100 profile versions.',
  },
  payload_too_large: {
    status: 413,
    message: 'The request body exceeds {limit} bytes.',
    when: 'The body is larger than PAYROLL_MAX_BODY_BYTES.',
  },
  unsupported_media_type: {
    status: 415,
    message: 'The request body must be sent with Content-Type: application/json.',
    when: 'A POST or PUT without Content-Type application/json, with Content-Type parameters that do not parse (`application/json; foo`), or with a Content-Encoding other than gzip, deflate or br (the message names it).',
  },
  expectation_failed: {
    status: 417,
    message: 'The Expect header is not supported (only 100-continue is).',
    when: 'A request with an Expect header other than 100-continue.',
  },
  validation_error: {
    status: 422,
    message: 'The request is invalid; see details.',
    when: 'Schema validation failed (types, ranges, formats, required and unknown fields) or a cross-field rule was broken (pay-type matrix, dates, unique codes, candidate gross, ...). Every problem is listed in details.',
  },
  attendance_input_conflict: {
    status: 422,
    message: 'attendance_input cannot be combined with a nonzero overtime_pay, absence_deduction or late_early_leave_deduction.',
    when: 'Monthly payroll with attendance_input and a nonzero precomputed attendance amount.',
  },
  settings_not_resolved: {
    status: 422,
    message: 'No valid settings for company_id and payment_date.',
    when: 'No profile version, rate table or tax table in force for payment_date, or social insurance not configured, or a parameter the calculation reads is not imported for its date (a year-end adjustment of a tax year whose law is not loaded).',
  },
  income_tax_lookup_failed: {
    status: 422,
    message: 'The income tax table has no row or bracket for this amount.',
    when: 'A needed row or bracket is missing from the resolved master.',
  },
  attendance_rates_not_configured: {
    status: 422,
    message: 'The company profile in force has no attendance premium rates.',
    when: 'attendance_input is given but the profile lacks attendance_premium_rates.',
  },
  negative_gross_payment: {
    status: 422,
    message: 'Attendance-derived deductions make gross_payment negative.',
    when: 'Monthly payroll whose attendance deductions exceed the pay.',
  },
  year_end_adjustment_not_applicable: {
    status: 422,
    message: 'The year-end adjustment does not apply to this employee.',
    when: 'A year-end adjustment the statute does not make, the message saying why: pay over the maximum of the tax year (20,000,000 yen; exactly the maximum still applies), the 乙欄 (tax_table_type otsu), a non-resident, or a leaver for a reason not listed: the employee files a final return instead.',
  },
  standard_monthly_remuneration_not_determinable: {
    status: 422,
    message: 'The standard monthly remuneration cannot be determined from this request.',
    when: 'A scheduled determination given a month outside the months the scheduled determination reads (April to June), or in which no month meets the payment-base-day threshold while current_standard_monthly_remuneration (the value then kept) is not given. The message says which.',
  },
  retirement_allowance_not_supported: {
    status: 422,
    message: 'The service does not compute this retirement allowance.',
    when: "A retirement allowance whose combination of categories or periods has no confirmed rule or worked example in the service's sources (a 短期退職手当等 beside another category, an allowance already paid this year beside a 短期 or 特定役員 one or with a service period apart from this one, two earlier allowances sharing years with it). The message says which.",
  },
  withholding_rate_override_not_allowed: {
    status: 422,
    message: 'withholding_rate_override is not enabled in the company profile.',
    when: 'A bonus with withholding_rate_override while allow_withholding_rate_override is false.',
  },
  rate_limit_exceeded: {
    status: 429,
    message: 'Too many requests; retry after {retry_after|second}.',
    when: 'The account (or, without a valid key, the client address) exceeded the rate limit. See Retry-After.',
  },
  headers_too_large: {
    status: 431,
    message: 'The request line or headers are too large.',
    when: "The URL and headers together exceed Node's limit (16 KiB).",
  },
  internal_error: {
    status: 500,
    message: 'An internal error occurred. Quote the request_id when reporting it.',
    when: 'A fault of the service; no internals are shown.',
  },
  store_unavailable: {
    status: 503,
    message: 'The data store is unavailable or too slow; retry after {retry_after} seconds.',
    when: 'The store (SQLite or PostgreSQL) did not answer within PAYROLL_STORE_TIMEOUT_MS (locked, overloaded or unreachable). See Retry-After; the service recovers by itself when the store does.',
  },
  service_unavailable: {
    status: 503,
    message: 'The service is shutting down; retry shortly.',
    when: 'A request arrived on an open connection after the server draining for shutdown had closed its listener.',
  },
  not_ready: {
    status: 503,
    message: 'The service is not ready: {reason}.',
    when: 'GET /readyz: the masters are not loaded, the store does not answer, or the server is draining for shutdown.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_REGISTRY;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_REGISTRY, code);
}

/**
 * Markup, quotes, control characters and bidirectional overrides a client sent (a company id of the
 * path, say) are quoted as \u escapes of four hex digits (`<` as \u003c) in a message, so that no
 * reader of the text sees markup or text reordered by it.
 */
const UNSAFE_IN_MESSAGE = /[<>&"'`\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export function inertText(value: string): string {
  return value.replace(UNSAFE_IN_MESSAGE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function renderMessage(code: ErrorCode, params: Record<string, string | number> = {}): string {
  return ERROR_REGISTRY[code].message.replace(/\{(\w+)(?:\|(\w+))?\}/g, (m, name: string, unit: string | undefined) => {
    if (!(name in params)) return m;
    const value = inertText(String(params[name]));
    return unit === undefined ? value : `${value} ${unit}${value === '1' ? '' : 's'}`;
  });
}
