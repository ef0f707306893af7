/**
 * GET /cp/v1/companies/{company_id}/calculation-profile pages on request (issue 46 item 1: a listing
 * of up to 100 versions need not be fetched whole): ?limit (1-100) and ?after (an effective_from),
 * the next page's URL in a Link header while more follow. Without them the answer is exactly what
 * decisions.md section 2 says: { "data": [every version, oldest first] } and no Link. Bad values are
 * a 422 validation_error at ["query", name], worded by the query's schema. On both stores.
 */
import { beforeAll, expect, it } from 'vitest';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { profileVersionListQuerySchema, profileVersionListSchema } from '../../server/app/schemas/profile.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, putProfile } from './support/test-server.ts';

const COMPANY = 'paged-co';
const path = (query = '', company = COMPANY) => `/cp/v1/companies/${encodeURIComponent(company)}/calculation-profile${query}`;
const FROM = ['2020-04-01', '2021-04-01', '2022-04-01', '2023-04-01', '2024-04-01', '2025-04-01', '2026-04-01'];
const UUID = /^[0-9a-f-]{36}$/;

describeEachStore('calculation profile paging (%s)', (kind) => {
  const api = freshServer(kind);
  const get = (p: string) => call(api.server, 'GET', p, { key: api.key });
  let all: { version: string; effective_from: string }[];
  beforeAll(async () => {
    // oldest last: the listing orders them, not the PUTs
    for (const effective_from of [...FROM].reverse())
      expect((await putProfile(api.server, api.key, COMPANY, { ...profilePutExample, effective_from })).status).toBe(200);
    all = (await get(path())).json.data;
  });

  it('without ?limit or ?after: every version, oldest first, in the unpaged shape, and no Link', async () => {
    const res = await get(path('?unrelated=1'));
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['data']);
    expect(res.json.data.map((v: { effective_from: string }) => v.effective_from)).toEqual(FROM);
    expect(res.headers.get('link')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('?limit pages oldest first; following each Link gives every version once, in order', async () => {
    const pages: unknown[][] = [];
    let next: string | null = path('?limit=3');
    while (next !== null) {
      const res = await get(next);
      expect(res.status).toBe(200);
      expect(validatorFor(profileVersionListSchema)(res.json)).toBe(true);
      pages.push(res.json.data);
      const link = res.headers.get('link');
      next = link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link)![1]!;
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(all);
    const first = await get(path('?limit=3'));
    expect(first.headers.get('link')).toBe(`<${path(`?limit=3&after=${FROM[2]}`)}>; rel="next"`);
  });

  it('?after alone: every later version; a date between versions and the last date work too', async () => {
    expect((await get(path(`?after=${FROM[4]}`))).json.data).toEqual(all.slice(5));
    expect((await get(path('?after=2022-12-31'))).json.data).toEqual(all.slice(3));
    const last = await get(path(`?after=${FROM[6]}`));
    expect([last.status, last.json.data, last.headers.get('link')]).toEqual([200, [], null]);
    // a page that holds the rest has no Link
    expect((await get(path(`?limit=2&after=${FROM[4]}`))).headers.get('link')).toBeNull();
  });

  it('the query is checked before the company is looked up: an unknown company is 404 only with a valid query', async () => {
    expect((await get(path('?limit=2', 'no-such-co'))).status).toBe(404);
    expect((await get(path('?limit=0', 'no-such-co'))).status).toBe(422);
  });

  it.each([
    ['limit=0', 'limit', 'out_of_range', 'must be >= 1.'],
    ['limit=101', 'limit', 'out_of_range', `must be <= ${profileVersionListQuerySchema.properties.limit.maximum}.`],
    ['limit=abc', 'limit', 'invalid_type', 'must be of type integer.'],
    ['limit=1.5', 'limit', 'invalid_type', 'must be of type integer.'],
    ['limit=', 'limit', 'invalid_type', 'must be of type integer.'],
    ['limit=1&limit=2', 'limit', 'invalid_type', 'must be of type integer.'],
    ['after=2026-02-30', 'after', 'invalid_format', 'must be a date YYYY-MM-DD.'],
    ['after=yesterday', 'after', 'invalid_format', 'must be a date YYYY-MM-DD.'],
    ['after=2026-04-01&after=2027-04-01', 'after', 'invalid_type', 'must be of type string.'],
  ])('?%s is a 422 validation_error at ["query", name], in the envelope', async (query, name, code, message) => {
    const res = await get(path(`?${query}`));
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'The request is invalid; see details.',
        request_id: expect.stringMatching(UUID),
        details: [{ path: ['query', name], code, message }],
      },
    });
  });
});
