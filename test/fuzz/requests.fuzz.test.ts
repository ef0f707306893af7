/**
 * Property-based fuzzing of every endpoint through the real app (HTTP on port 0, real engine, SQLite
 * store): bodies generated from each request schema, mutated at every depth, sent with right and
 * wrong content types and encodings; paths and headers of the GET endpoints mangled. Every answer must
 * be a 2xx or a documented 4xx with the envelope (check-answer.ts); never a 5xx, a hang or a crash.
 * Seeded: a failure prints the seed and path that reproduce it.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { profilePutBodySchema } from '../../engine/contract/calculation-profile.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { freshServer } from '../api/support/fresh-server.ts';
import { realEngine } from '../api/support/real-engine.ts';
import { newAccount, putProfile } from '../api/support/test-server.ts';
import { answerProblem, send } from './check-answer.ts';
import { FUZZ_RUNS, FUZZ_SEED, FUZZ_TIMEOUT_MS } from './fuzz-settings.ts';
import { mutatedBody, ODD_STRINGS, wireRequest, type Json } from './mutations.ts';
import { schemaArbitrary } from './schema-arbitrary.ts';

const BODY_STATUSES = new Set([200, 400, 402, 404, 409, 413, 415, 422]);
const GET_STATUSES = new Set([200, 404, 405, 422]);

const TARGETS = [
  ...CALCULATION_ENDPOINTS.map((e) => ({
    name: e.path,
    method: 'POST',
    path: () => e.path,
    schema: requestSchemaFor(realEngine(), e.requestSchema),
  })),
  {
    name: 'PUT calculation-profile',
    method: 'PUT',
    path: () => `/cp/v1/companies/fuzz-co/calculation-profile`,
    schema: profilePutBodySchema,
  },
];
const RUNS_PER_TARGET = Math.ceil((FUZZ_RUNS * 0.9) / TARGETS.length);

describe('fuzzing: every answer is a 2xx or a documented 4xx with the envelope', () => {
  const api = freshServer('sqlite', {
    engine: realEngine(),
    config: { rateLimitPerSecond: 1_000_000, rateLimitBurst: 1_000_000 },
    plan: 'standard',
    company: 'acme-tokyo',
  });
  let keys: string[];
  beforeAll(async () => {
    const free = (await newAccount(api.server.store, 'free')).api_key;
    expect((await putProfile(api.server, free, 'acme-tokyo')).status).toBe(200);
    keys = [api.key, api.key, api.key, free];
  });

  it.each(TARGETS)(
    `$name: ${RUNS_PER_TARGET} generated and mutated requests`,
    async (target) => {
      const valid = schemaArbitrary(target.schema).map(
        (b) => (b && typeof b === 'object' && !Array.isArray(b) && 'company_id' in b ? { ...b, company_id: 'acme-tokyo' } : b) as Json,
      );
      const request = wireRequest(mutatedBody(valid));
      await fc.assert(
        fc.asyncProperty(request, fc.nat(keys.length - 1), async (req, k) => {
          const answer = await send(
            `${api.server.url}${target.path()}`,
            target.method,
            { 'X-API-Key': keys[k]!, ...req.headers },
            req.body,
          );
          const problem = answerProblem(answer, BODY_STATUSES);
          if (problem) throw new Error(`${problem}\n  request: ${req.what}`);
        }),
        { seed: FUZZ_SEED, numRuns: RUNS_PER_TARGET, endOnFailure: true },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `GET endpoints: ${Math.ceil(FUZZ_RUNS * 0.1)} mangled paths and headers`,
    async () => {
      const companyId = fc.oneof(
        fc.constantFrom(...ODD_STRINGS),
        fc.string({ unit: 'binary', maxLength: 140 }),
        fc.constant('x'.repeat(129)),
        fc.constant('acme-tokyo'),
      );
      const path = fc.oneof(
        companyId.map((id) => `/cp/v1/companies/${encodeURIComponent(id.replace(/[\ud800-\udfff]/g, '?'))}/calculation-profile`),
        fc.constantFrom(
          '/cp/v1/companies/%00/calculation-profile',
          '/cp/v1/companies/%ED%A0%80/calculation-profile',
          '/cp/v1/companies/%E0%A4%A/calculation-profile',
          '/cp/v1/companies/%/calculation-profile',
        ),
        fc.constantFrom(
          '/v1/masters/tax-tables',
          '/v1/masters/rate-tables',
          '/v1/openapi.json',
          '/v1/masters/tax-tables?x=%ff',
          '/v1//masters',
          '/v1/payroll/monthly:calculate',
        ),
      );
      const requestId = fc.oneof(
        fc.constant(undefined),
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.constantFrom('ok-id', 'a'.repeat(128), 'a'.repeat(129), 'x y'),
      );
      await fc.assert(
        fc.asyncProperty(path, requestId, fc.nat(keys.length - 1), async (p, id, k) => {
          const headers: Record<string, string> = { 'X-API-Key': keys[k]! };
          if (id !== undefined && /^[\x20-\x7e]*$/.test(id)) headers['X-Request-Id'] = id;
          const answer = await send(`${api.server.url}${p}`, 'GET', headers);
          const problem = answerProblem(answer, GET_STATUSES);
          if (problem) throw new Error(`${problem}\n  GET ${p}`);
        }),
        { seed: FUZZ_SEED, numRuns: Math.ceil(FUZZ_RUNS * 0.1), endOnFailure: true },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
