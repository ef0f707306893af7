/**
 * Issue 46 item 1 (b): a company's profile versions are bounded (MAX_PROFILE_VERSIONS, 100), so what a
 * PUT reads and a GET lists is bounded too. 3,000 versions used to be accepted (a 2.1 MB GET, every PUT
 * rewriting all of them). Past the bound a new effective_from is 409 profile_versions_limit_reached
 * with nothing stored; replacing a version and repeating one still work. Both stores.
 */
import { expect, it } from 'vitest';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { MAX_PROFILE_VERSIONS } from '../../server/app/validation/limits.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, putProfile } from './support/test-server.ts';

const path = (id: string) => `/cp/v1/companies/${encodeURIComponent(id)}/calculation-profile`;

/** The i-th first of a month from April 2000 on: distinct effective_from dates in order. */
function monthStart(i: number): string {
  const month = 3 + i;
  return `${2000 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
}

describeEachStore('profile versions are bounded (%s)', (kind) => {
  const api = freshServer(kind);

  it(`a company holds at most ${MAX_PROFILE_VERSIONS} versions: the next new effective_from is 409, nothing stored`, async () => {
    expect(MAX_PROFILE_VERSIONS).toBe(100);
    for (let i = 0; i < MAX_PROFILE_VERSIONS; i++)
      expect((await putProfile(api.server, api.key, 'many-co', { ...profilePutExample, effective_from: monthStart(i) })).status).toBe(200);

    const refused = await putProfile(api.server, api.key, 'many-co', {
      ...profilePutExample,
      effective_from: monthStart(MAX_PROFILE_VERSIONS),
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('profile_versions_limit_reached');
    expect(refused.json.error.message).toBe(
      'Company many-co holds 100 profile versions, and a company may hold at most 100: a PUT may replace a version (the same effective_from) but not add one.',
    );
    // an earlier date would add one too
    expect((await putProfile(api.server, api.key, 'many-co', { ...profilePutExample, effective_from: '1999-01-01' })).status).toBe(409);

    const listed = await call(api.server, 'GET', path('many-co'), { key: api.key });
    expect(listed.json.data).toHaveLength(100);
    expect(listed.json.data.at(-1)).toMatchObject({ effective_from: monthStart(99), effective_to: null });

    // replacing the last version (same effective_from, other settings) and repeating it are not additions
    const replaced = await putProfile(api.server, api.key, 'many-co', {
      ...profilePutExample,
      effective_from: monthStart(99),
      allow_withholding_rate_override: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.allow_withholding_rate_override).toBe(true);
    const repeated = await putProfile(api.server, api.key, 'many-co', { ...profilePutExample, effective_from: monthStart(0) });
    expect(repeated.status).toBe(200);
    expect((await call(api.server, 'GET', path('many-co'), { key: api.key })).json.data).toHaveLength(100);
  }, 60_000);
});
