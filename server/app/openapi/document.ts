/**
 * Assembles the OpenAPI 3.1 document from the same schema constants AJV validates with and the same
 * endpoint table the router uses, so the description cannot drift from the behaviour. tools/openapi.ts
 * writes it to openapi.json; GET /v1/openapi.json serves it.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ExampleSource } from './examples/index.ts';
import { ERROR_REGISTRY, renderMessage, type ErrorCode } from '../errors/registry.ts';
import { BATCH_ENDPOINTS } from '../batch/batch-endpoints.ts';
import { MAX_BATCH_ITEMS } from '../batch/batch-schemas.ts';
import { CALCULATION_ENDPOINTS } from '../routes/calculation-endpoints.ts';
import { REQUEST_ID_PATTERN } from '../middleware/request-id-format.ts';
import { componentSchemas } from './components.ts';
import { refify } from './refify.ts';
import { withoutValidatorKeywords } from './validator-keywords.ts';
import { inlineRequestSchemas } from './request-bodies.ts';
import { lastReloadSchema } from './last-reload-schema.ts';
import { profileVersionListQuerySchema } from '../schemas/profile.ts';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const EXAMPLE_REQUEST_ID = '5b3f6a0e-8f0c-4c57-9d1e-3a2b1c0d9e8f';

const COMMON_ERRORS: ErrorCode[] = ['unauthorized', 'rate_limit_exceeded', 'internal_error', 'store_unavailable'];

/** Sent on every answer that passed the rate limiter (server/app/middleware/authenticate.ts). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests allowed per one-second window (PAYROLL_RATE_LIMIT_PER_SECOND); the burst allowance comes on top.',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current one-second window (0 while the burst allowance is being used).',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': { description: 'Seconds until the current window restarts (integer >= 1).', schema: { type: 'integer', minimum: 1 } },
};
const rateLimitHeaderRefs = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);
const RETRY_AFTER_DESCRIPTIONS: Record<number, string> = {
  402: 'Seconds until the quota resets (the 1st of the next month, 00:00 Asia/Tokyo).',
  429: 'Seconds to wait (integer >= 1).',
  503: 'Seconds to wait before retrying (integer >= 1).',
};
const BODY_ERRORS: ErrorCode[] = ['malformed_json', 'bad_request', 'payload_too_large', 'unsupported_media_type', 'validation_error'];

/** Headers every response carries, whatever its status. */
const EVERY_RESPONSE_HEADERS = {
  'X-Request-Id': { $ref: '#/components/headers/XRequestId' },
  'X-Content-Type-Options': { $ref: '#/components/headers/XContentTypeOptions' },
};

const contentTypeOptionsHeader = {
  description: 'Always nosniff: a browser must not read a JSON answer (which may quote what a client sent) as anything else.',
  schema: { type: 'string', const: 'nosniff' },
};

/** The answers that carry pay data (calculation results, company profiles). */
const NO_STORE_HEADERS = {
  'Cache-Control': {
    description: 'Always no-store: the answer carries pay data, which no cache on the way may keep.',
    schema: { type: 'string', const: 'no-store' },
  },
};

const requestIdHeader = {
  description:
    "The request id, also error.request_id: the caller's X-Request-Id when well-formed (1-128 characters of A-Z a-z 0-9 . _ : -), else a UUID the service generated.",
  schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
  example: EXAMPLE_REQUEST_ID,
};

const requestIdParameter = {
  name: 'X-Request-Id',
  in: 'header',
  required: false,
  description:
    'Optional id of the request (e.g. gw-7f3a9c:42), adopted as the request id when it is 1-128 characters of A-Z a-z 0-9 . _ : - (a UUID is generated otherwise), echoed in X-Request-Id and error.request_id and logged. Leave it empty to get a fresh id per call.',
  // No `example`: Swagger UI's Try it out pre-fills a parameter's example, which would send one fixed id with every call.
  schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
};

function errorExample(code: ErrorCode): object {
  const message = renderMessage(code, {
    limit: 10,
    month: '2026-05',
    company_id: 'acme-tokyo',
    retry_after: 1,
    resets_at: '2026-06-01T00:00:00+09:00',
    reason: 'the store does not answer',
  });
  const details =
    code === 'validation_error'
      ? {
          details: [
            {
              path: ['employee_snapshot', 'daily_standard_working_hours'],
              code: 'forbidden_field',
              message: 'daily_standard_working_hours is not allowed for pay_type monthly.',
            },
          ],
        }
      : {};
  return { error: { code, message, request_id: EXAMPLE_REQUEST_ID, ...details } };
}

/** One response per status; several codes under one status each get a named example. */
function errorResponses(codes: ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_REGISTRY[code].status, [...(byStatus.get(ERROR_REGISTRY[code].status) ?? []), code]);
  const out: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${ERROR_REGISTRY[c].when}`).join(' '),
      headers: {
        ...EVERY_RESPONSE_HEADERS,
        ...rateLimitHeaderRefs,
        ...(RETRY_AFTER_DESCRIPTIONS[status]
          ? { 'Retry-After': { description: RETRY_AFTER_DESCRIPTIONS[status], schema: { type: 'integer', minimum: 1 } } }
          : {}),
      },
      content: {
        'application/json': {
          schema: ref('ErrorResponse'),
          examples: Object.fromEntries(list.map((c) => [c, { summary: ERROR_REGISTRY[c].message, value: errorExample(c) }])),
        },
      },
    };
  }
  return out;
}

const ifNoneMatchParameter = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETags of a copy of this document the client holds: when one is current the answer is 304 with no body.',
  schema: { type: 'string' },
};

const etagHeader = {
  description: 'Strong ETag of the document as sent (each content coding has its own).',
  schema: { type: 'string' },
};

function ok(description: string, schemaName: string, example: unknown, headers: Record<string, Json> = {}): Record<string, Json> {
  return {
    '200': {
      description,
      headers: { ...EVERY_RESPONSE_HEADERS, ...rateLimitHeaderRefs, ...headers },
      content: { 'application/json': { schema: ref(schemaName), example } },
    },
  };
}

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Logged only, per the specification: the service does NOT deduplicate, cache or replay on this key; sending the same call twice computes (and, on the free plan, counts) it twice. Optional, 1-255 characters (e.g. 2026-05-payroll-emp-0001). Outside 1-255 characters: 422 validation_error at path ["headers", "idempotency-key"].',
  // No `example`: Swagger UI would pre-fill it in Try it out, as if a key were needed or deduplicated.
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** ?as_of= of the master listings (server/app/routes/as-of.ts). */
const asOfParameter = {
  name: 'as_of',
  in: 'query',
  required: false,
  description: 'Only the versions in force on this day (YYYY-MM-DD). Anything else: 422 validation_error at ["query", "as_of"].',
  schema: { type: 'string', format: 'date' },
  example: '2026-05-25',
};

/** ?limit and ?after of the profile's version listing, from the schema the route validates them with. */
const profileListParameters = Object.entries(profileVersionListQuerySchema.properties).map(([name, schema]) => {
  const { description, ...valueSchema } = schema;
  return {
    name,
    in: 'query',
    required: false,
    description: `${description} Optional; anything else is 422 validation_error at ["query", "${name}"].`,
    schema: valueSchema,
  };
});

const profileListLinkHeader = {
  Link: {
    description:
      'Only on a page (?limit or ?after) that more versions follow: the next page\'s URL, relative to the service, as <...>; rel="next" (RFC 8288).',
    schema: { type: 'string' },
    example: '</cp/v1/companies/acme-tokyo/calculation-profile?limit=20&after=2026-04-01>; rel="next"',
  },
};

const companyIdParameter = {
  name: 'company_id',
  in: 'path',
  required: true,
  description: "Company id within the key's account, 1-128 characters.",
  schema: { type: 'string', minLength: 1, maxLength: 128 },
  example: 'acme-tokyo',
};

function calculationOperations(
  schemas: Record<string, { examples?: readonly unknown[] }>,
  requestSchemas: Record<string, Json>,
): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const e of CALCULATION_ENDPOINTS) {
    const engineErrors: ErrorCode[] = ['company_not_found', 'settings_lock_conflict', 'settings_not_resolved'];
    if (e.type === 'monthly_payroll' || e.type === 'bonus' || e.type === 'income_tax_simulation')
      engineErrors.push('income_tax_lookup_failed');
    if (e.type === 'monthly_payroll')
      engineErrors.push('attendance_input_conflict', 'attendance_rates_not_configured', 'negative_gross_payment');
    if (e.type === 'bonus') engineErrors.push('withholding_rate_override_not_allowed');
    if (e.type === 'year_end_adjustment') engineErrors.push('year_end_adjustment_not_applicable');
    if (e.type === 'standard_monthly_remuneration_determination') engineErrors.push('standard_monthly_remuneration_not_determinable');
    if (e.type === 'retirement_allowance') engineErrors.push('retirement_allowance_not_supported');
    if (e.countsTowardQuota) engineErrors.push('quota_exceeded');
    paths[e.path] = {
      post: {
        operationId: e.operationId,
        tags: [e.countsTowardQuota ? 'Payroll' : 'Simulations'],
        summary: e.summary,
        description: e.description,
        parameters: e.acceptsIdempotencyKey ? [requestIdParameter, idempotencyKeyParameter] : [requestIdParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: requestSchemas[e.requestSchemaName], example: schemas[e.requestSchemaName]!.examples![0] },
          },
        },
        responses: {
          ...ok(`The ${e.type} result.`, e.resultSchemaName, schemas[e.resultSchemaName]!.examples![0], NO_STORE_HEADERS),
          ...errorResponses([...COMMON_ERRORS, ...BODY_ERRORS, ...engineErrors]),
        },
      },
    };
  }
  return paths;
}

/** The batch endpoints: the single call's errors, each either the batch's own answer or an item's entry. */
function batchOperations(
  schemas: Record<string, { examples?: readonly unknown[] }>,
  requestSchemas: Record<string, Json>,
): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const b of BATCH_ENDPOINTS) {
    const e = b.endpoint;
    const itemErrors: ErrorCode[] = ['validation_error', 'attendance_input_conflict', 'settings_lock_conflict', 'settings_not_resolved'];
    itemErrors.push('income_tax_lookup_failed');
    if (e.type === 'monthly_payroll') itemErrors.push('attendance_rates_not_configured', 'negative_gross_payment');
    if (e.type === 'bonus') itemErrors.push('withholding_rate_override_not_allowed');
    itemErrors.push('quota_exceeded', 'rate_limit_exceeded', 'internal_error');
    const single = schemas[e.requestSchemaName]!.examples![0] as Json;
    const request = requestSchemas[b.requestSchemaName]!;
    paths[b.path] = {
      post: {
        operationId: b.operationId,
        tags: ['Payroll'],
        summary: b.summary,
        description: `The ${b.typeName} calculation (${e.path}) of up to ${MAX_BATCH_ITEMS} employees of one company in one call: company_id, calculation_date, payment_date, settings_lock and calculation_options once, items[] the rest of each single request. The company's profile and the tables in force are resolved once for the batch. Each item is checked and computed as its single call would be and answered in results[] at its index: its result (status 200), or the error envelope its single call would have answered, with that status (${itemErrors.join(', ')}). The answer is 200 whenever the batch itself is valid, whatever its items' statuses; a problem of the batch itself (its body, its own fields, its size, the company) is the ordinary error answer. Every item is charged to the rate limit as a request (the first by the call's own charge; from the first item refused on, each answers 429) and, when computed, counts toward the Free-plan monthly quota (from the first item refused on, each answers 402). docs/batch.md.`,
        parameters: [requestIdParameter, idempotencyKeyParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: request,
              example: (request.examples as unknown[] | undefined)?.[0] ?? single,
            },
          },
        },
        responses: {
          ...ok(
            `One entry per item, in the order of items: its result or its error.`,
            b.responseSchemaName,
            schemas[b.responseSchemaName]!.examples![0],
            NO_STORE_HEADERS,
          ),
          ...errorResponses([...COMMON_ERRORS, ...BODY_ERRORS, 'company_not_found']),
        },
      },
    };
  }
  return paths;
}

/** `engine`: the rule set in service (the server) or the repository's (tools/openapi.ts); its declared outputs shape the result schemas. */
export function buildOpenApiDocument(engine: ExampleSource): OpenAPIV3_1.Document {
  const schemas = componentSchemas(engine) as Record<string, { examples?: readonly unknown[] }>;
  const example = (name: string) => schemas[name]!.examples![0];
  const requestNames = [
    ...CALCULATION_ENDPOINTS.map((e) => e.requestSchemaName),
    ...BATCH_ENDPOINTS.map((b) => b.requestSchemaName),
    'CalculationProfilePutBody',
  ];
  const { requestSchemas, schemas: sharedSchemas } = inlineRequestSchemas(withoutValidatorKeywords(refify(schemas)), requestNames);
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Payroll Calculation Service',
      version: '1.0.0',
      description:
        "Japanese payroll calculation: statutory deductions (health, care, childcare support, employees' pension, employment insurance), withholding income tax and net pay, with explainable traces. Stateless for employee data: nothing of a calculation is stored. Every endpoint but the probes (/healthz, /readyz) needs X-API-Key. Errors use one envelope; codes are listed in docs/errors.md. An interactive reference (Swagger UI) is served at GET /docs without a key; it asks for one to load this document. A request body is the caller's own document: a field it does not define is a mistake and 422 validation_error. A query parameter an operation does not list is ignored, as caches, proxies and gateways add their own (cache-busters, tracing); a listed one (as_of) that is malformed is 422.",
    },
    // Relative first: the document served by a deployment describes that deployment, so the interactive
    // reference at /docs (and any tool that loads it by URL) calls the server it came from.
    servers: [
      { url: '/', description: 'The server that serves this document.' },
      { url: 'http://localhost:8080', description: 'Local server (PORT, default 8080).' },
    ],
    security: [{ ApiKeyAuth: [] }],
    tags: [
      { name: 'Payroll', description: 'Payroll calculations; count toward the Free-plan monthly quota.' },
      { name: 'Simulations', description: 'Single-purpose calculations and the grade lookup; no quota.' },
      { name: 'Masters', description: 'Published statutory tables.' },
      { name: 'Company profile', description: 'Control plane: company calculation profiles.' },
      { name: 'Meta', description: "This description and the account's quota standing." },
      { name: 'Operations', description: 'Probes for load balancers and orchestrators; no API key, no rate limit (docs/deployment.md).' },
    ],
    paths: {
      ...calculationOperations(schemas, requestSchemas),
      ...batchOperations(schemas, requestSchemas),
      '/v1/masters/tax-tables': {
        get: {
          operationId: 'listTaxTables',
          parameters: [requestIdParameter, asOfParameter],
          tags: ['Masters'],
          summary: 'List published income tax tables',
          description:
            'One record per income tax table (monthly, bonus and computer-method) and version; with as_of, only the versions in force that day.',
          responses: {
            ...ok('Income tax table records.', 'TaxTableList', example('TaxTableList')),
            ...errorResponses([...COMMON_ERRORS, 'validation_error']),
          },
        },
      },
      '/v1/masters/versions': {
        get: {
          operationId: 'listMasterVersions',
          parameters: [requestIdParameter, asOfParameter],
          tags: ['Masters'],
          summary: 'List every master version and parameter value',
          description:
            'One record per version of every master kind (withholding, computer-method, rate, grade and rounding tables) and per dated value of every parameter, with its dates, publisher, source and file; with as_of, only those in force that day.',
          responses: {
            ...ok('Master version records.', 'MasterVersionList', example('MasterVersionList')),
            ...errorResponses([...COMMON_ERRORS, 'validation_error']),
          },
        },
      },
      '/v1/masters/rate-tables': {
        get: {
          operationId: 'listRateTables',
          parameters: [requestIdParameter, asOfParameter],
          tags: ['Masters'],
          summary: 'List published insurance rate tables',
          description:
            'One social insurance record per prefecture and version, and one nationwide record each for pension and employment insurance per version; with as_of, only the versions in force that day.',
          responses: {
            ...ok('Rate table records.', 'RateTableList', example('RateTableList')),
            ...errorResponses([...COMMON_ERRORS, 'validation_error']),
          },
        },
      },
      '/v1/masters/rules': {
        get: {
          operationId: 'listRules',
          parameters: [asOfParameter],
          tags: ['Masters'],
          summary: 'List the rules in service',
          description:
            'One record per rule (formula code) and version, with its dates in force, legal source, file and file hash; rules_masters_hash is the fingerprint every calculation reports in settings_snapshot. With as_of, only the versions in force that day.',
          responses: { ...ok('Rule records.', 'RuleList', example('RuleList')), ...errorResponses([...COMMON_ERRORS, 'validation_error']) },
        },
      },
      '/v1/masters/result-labels': {
        get: {
          operationId: 'listResultLabels',
          parameters: [requestIdParameter],
          tags: ['Masters'],
          summary: 'List the payslip labels of the result fields',
          description:
            'The Japanese and English label, display group (支給, 控除, 勤怠, 合計, 会社負担, 源泉徴収票) and display order of every amount field of the monthly_payroll, bonus and year_end_adjustment results; field is the path inside amounts, blocks joined by dots. The same labels are the x-label-ja and x-label-en of those properties in this document. Display data of this service (masters/result_labels/), not statute: undated, so no as_of.',
          responses: {
            ...ok('Result labels.', 'ResultLabelList', example('ResultLabelList')),
            ...errorResponses(COMMON_ERRORS),
          },
        },
      },
      '/v1/usage': {
        get: {
          operationId: 'getUsage',
          tags: ['Meta'],
          summary: 'Plan, quota count and reset time',
          description:
            "The key's account, its plan, the successful /v1/payroll/*, /v1/social-insurance/* and /v1/resident-tax/* calculations counted in the current Asia/Tokyo month and when the count resets. Never counts toward the quota.",
          responses: { ...ok('Quota standing.', 'Usage', example('Usage')), ...errorResponses(COMMON_ERRORS) },
        },
      },
      '/v1/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          parameters: [requestIdParameter, ifNoneMatchParameter],
          tags: ['Meta'],
          summary: 'OpenAPI 3.1 description',
          description:
            'This document, generated from the schemas the service validates with. Each answer carries a strong ETag (Cache-Control: no-cache); a request whose If-None-Match names it gets 304 with no body.',
          responses: {
            ...ok('The OpenAPI document.', 'OpenApiDocument', example('OpenApiDocument'), { ETag: etagHeader }),
            '304': {
              description: 'Not modified: If-None-Match named the ETag of the document in service. No body.',
              headers: { ...EVERY_RESPONSE_HEADERS, ...rateLimitHeaderRefs, ETag: etagHeader },
            },
            ...errorResponses(COMMON_ERRORS),
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'getHealth',
          tags: ['Operations'],
          summary: 'Liveness probe',
          description:
            'The process is up and answering. Needs no API key and is not rate-limited. Answers 503 service_unavailable while the server drains for shutdown.',
          security: [],
          responses: {
            '200': {
              description: 'The process is up.',
              content: {
                'application/json': {
                  schema: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { const: 'ok' } } },
                  example: { status: 'ok' },
                },
              },
            },
            ...errorResponses(['service_unavailable']),
          },
        },
      },
      '/readyz': {
        get: {
          operationId: 'getReadiness',
          tags: ['Operations'],
          summary: 'Readiness probe',
          description:
            'The statutory masters and rules are loaded and the store answers a trivial query within 2 s: send traffic to this instance. Needs no API key and is not rate-limited. rate_limit names the rate-limit backend and its state: a Redis that does not answer is degraded (each process limits on its own), not unready. After a reload of the masters and rules (SIGHUP) this process made, last_reload says when, whether the new set was loaded or refused (the previous set then keeps serving and the instance stays ready) and why. From the shutdown signal (SIGTERM) on it answers 503 not_ready while the server still serves for a while, so the balancer stops sending first.',
          security: [],
          responses: {
            '200': {
              description: 'Ready.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['status', 'checks', 'rate_limit'],
                    properties: {
                      status: { const: 'ready' },
                      checks: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['masters', 'store'],
                        properties: { masters: { const: 'ok' }, store: { const: 'ok' } },
                      },
                      rate_limit: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['backend', 'state'],
                        description:
                          'Where the rate-limit counts live (PAYROLL_RATE_LIMIT_BACKEND) and whether they live there now. degraded: the backend (Redis) does not answer, and each process limits on its own until it does; the instance is still ready.',
                        properties: {
                          backend: { enum: ['memory', 'cluster', 'redis', 'postgres'] },
                          state: { enum: ['ok', 'degraded'] },
                          reason: {
                            type: 'string',
                            description: 'Why it is degraded (the connection error code, or a timeout); only when degraded.',
                          },
                        },
                      },
                      last_reload: lastReloadSchema,
                    },
                  },
                  example: { status: 'ready', checks: { masters: 'ok', store: 'ok' }, rate_limit: { backend: 'memory', state: 'ok' } },
                },
              },
            },
            ...errorResponses(['not_ready', 'service_unavailable']),
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'getMetrics',
          tags: ['Operations'],
          summary: 'Prometheus metrics',
          description:
            'Metrics in the Prometheus text format (prom-client): payroll_http_requests_total and payroll_http_request_duration_seconds by route pattern, method and status; payroll_calculations_total by calculation type and status; payroll_rate_limit_backend_state by backend and state; payroll_reloads_total by outcome; and the Node.js process metrics. Labels carry routing facts only, never an account, a company or a request value. With PAYROLL_WORKERS > 1, the sum over the workers. Needs no API key and is not rate-limited: expose it to the scraper only.',
          security: [],
          responses: {
            '200': {
              description: 'The metrics.',
              content: {
                'text/plain; version=0.0.4; charset=utf-8': {
                  schema: { type: 'string' },
                  example:
                    '# HELP payroll_http_requests_total HTTP requests answered, by route pattern, method and status.\n# TYPE payroll_http_requests_total counter\npayroll_http_requests_total{route="/v1/payroll/monthly:calculate",method="POST",status="200"} 42\n',
                },
              },
            },
            ...errorResponses(['service_unavailable']),
          },
        },
      },
      '/cp/v1/companies/{company_id}/calculation-profile': {
        parameters: [companyIdParameter, requestIdParameter],
        put: {
          operationId: 'putCalculationProfile',
          tags: ['Company profile'],
          summary: 'Set the company calculation profile',
          description:
            "Creates the company in the key's account if needed and stores a profile version. A later effective_from adds a version and closes the previous open-ended one the day before; an identical PUT changes nothing and returns the same version; an equal effective_from replaces that version under a new version string. A company holds at most 100 versions: a PUT that would add a 101st is 409 profile_versions_limit_reached.",
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: requestSchemas.CalculationProfilePutBody, example: example('CalculationProfilePutBody') },
            },
          },
          responses: {
            ...ok('The stored version.', 'CalculationProfileVersion', example('CalculationProfileVersion'), NO_STORE_HEADERS),
            ...errorResponses([...COMMON_ERRORS, ...BODY_ERRORS, 'profile_versions_limit_reached']),
          },
        },
        get: {
          operationId: 'getCalculationProfile',
          tags: ['Company profile'],
          summary: 'List the company calculation profile versions',
          description:
            "All versions of the company's profile, oldest first; with ?limit and/or ?after, one page of them in the same shape, the next page's URL in a Link header while more follow.",
          parameters: profileListParameters,
          responses: {
            ...ok('The versions (or one page of them).', 'CalculationProfileVersionList', example('CalculationProfileVersionList'), {
              ...NO_STORE_HEADERS,
              ...profileListLinkHeader,
            }),
            ...errorResponses([...COMMON_ERRORS, 'company_not_found', 'validation_error']),
          },
        },
      },
    },
    components: {
      headers: { XRequestId: requestIdHeader, XContentTypeOptions: contentTypeOptionsHeader, ...RATE_LIMIT_HEADERS },
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Issued by the admin command; shown once.' },
      },
      schemas: sharedSchemas,
    },
  };
  // Built as plain data; the openapi-types declarations are stricter than the 3.1 specification
  // (they reject JSON Schema 2020-12 keywords), and the schema validator test is the real check.
  return document as unknown as OpenAPIV3_1.Document;
}
