/**
 * Issue 46 item 1: a near-1 MiB body that can only end in 422 costs the event loop as little as the
 * scan of its bytes. A string longer than any the route's schema accepts (validation/string-bound.ts,
 * read from the schema AJV validates with) is refused while the body arrives, before the body is kept
 * or given to JSON.parse, with the details the schema's own validation gives that string: the same
 * answer as when the body was parsed and validated in full (here: what AJV answers for the parsed body).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { profilePutBodySchema } from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { maxStringBytesOf } from '../../server/app/validation/string-bound.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const PROFILE = '/cp/v1/companies/acme-tokyo/calculation-profile';

/** body with an unknown field `padding` of `bytes` bytes in all. */
function padded(body: object, bytes: number): string {
  const base = JSON.stringify({ ...body, padding: '' });
  return base.replace('"padding":""', `"padding":"${'x'.repeat(bytes - base.length)}"`);
}

function schemaOf(path: string): object {
  if (path === PROFILE) return profilePutBodySchema;
  return requestSchemaFor(realEngine(), CALCULATION_ENDPOINTS.find((e) => e.path === path)!.requestSchema);
}

const long = 'q'.repeat(5000);
const monthly = bodies.monthly();
const CASES: [string, string, string, string][] = [
  ['a ~1 MB unknown field (the fairness attack)', 'POST', PATHS.monthly, padded(monthly, 1_000_000)],
  ['a ~1 MB unknown field of a profile PUT', 'PUT', PROFILE, padded(profilePutExample, 1_000_000)],
  [
    'a known field over its maxLength',
    'POST',
    PATHS.monthly,
    JSON.stringify({ ...monthly, employee_snapshot: { ...monthly.employee_snapshot, employee_ref: long } }),
  ],
  ['a date field (format, no maxLength)', 'POST', PATHS.incomeTax, JSON.stringify({ ...bodies.incomeTax(), payment_date: long })],
  ['an unknown field with a long name', 'POST', PATHS.monthly, JSON.stringify({ ...monthly, [long]: 1 })],
  [
    'a metadata key over propertyNames maxLength',
    'POST',
    PATHS.monthly,
    JSON.stringify({
      ...monthly,
      custom_deductions: [{ code: 'c', name: 'n', amount: 1, metadata: { [long]: 'v' } }],
    }),
  ],
];

describe('a string longer than the schema accepts is refused while the body is read', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  afterEach(() => vi.restoreAllMocks());

  it.each(CASES)('%s: the same 422 as its validation, and the body never parsed', async (_name, method, path, raw) => {
    expect(Buffer.byteLength(raw)).toBeGreaterThan(maxStringBytesOf(schemaOf(path)));
    const expected = schemaDetails(schemaOf(path), JSON.parse(raw));
    expect(expected.length).toBeGreaterThan(0);
    const parse = vi.spyOn(JSON, 'parse');
    const res = await call(api.server, method, path, { key: api.key, rawBody: raw, headers: { 'Content-Type': 'application/json' } });
    const parsedLengths = parse.mock.calls.map(([text]) => String(text).length);
    vi.restoreAllMocks();
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.details).toEqual(expected);
    // the answer's own text is parsed by the test; nothing near the body's size is
    expect(Math.max(0, ...parsedLengths)).toBeLessThan(maxStringBytesOf(schemaOf(path)));
  });

  it('a string as long as the schema allows is read and validated as before', async () => {
    const ref = 'r'.repeat(64);
    const body = { ...monthly, employee_snapshot: { ...monthly.employee_snapshot, employee_ref: ref } };
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
    expect(res.status).toBe(200);
    expect(res.json.employee_ref).toBe(ref);
  });
});
