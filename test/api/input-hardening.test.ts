/**
 * On both stores: bodies that lie about their Content-Encoding (every POST and
 * PUT), strings that are not valid Unicode text, and money beyond the documented bound.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { bodies, ENDPOINT_NAMES, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call, putProfile } from './support/test-server.ts';

const PROFILE_PATH = '/cp/v1/companies/acme-tokyo/calculation-profile';
const WRITES: [string, string, () => object][] = [
  ...ENDPOINT_NAMES.map((n) => ['POST', PATHS[n], () => bodies[n]()] as [string, string, () => object]),
  ['PUT', PROFILE_PATH, () => profilePutExample],
];

describeEachStore('input hardening (%s)', (kind) => {
  const api = freshServer(kind, { company: 'acme-tokyo' });

  const send = (method: string, path: string, body: Uint8Array, headers: Record<string, string>) =>
    call(api.server, method, path, {
      key: api.key,
      rawBody: body as unknown as string,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  describe.each(WRITES)('%s %s', (method, path, body) => {
    it.each(['gzip', 'deflate', 'br'])('a body that is not %s data: 400 bad_request with the envelope', async (encoding) => {
      const res = await send(method, path, Buffer.from(JSON.stringify(body())), { 'Content-Encoding': encoding });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({
        code: 'bad_request',
        message: `The request body is not valid ${encoding} data, as its Content-Encoding claims.`,
        request_id: res.headers.get('x-request-id'),
      });
    });

    it('an unknown encoding: 415 naming it', async () => {
      const res = await send(method, path, Buffer.from(JSON.stringify(body())), { 'Content-Encoding': 'compress' });
      expect(res.status).toBe(415);
      expect(res.json.error.code).toBe('unsupported_media_type');
      expect(res.json.error.message).toContain('Content-Encoding "compress" is not supported');
    });

    it.each([
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
      ['GZIP', gzipSync],
    ] as const)('a real %s body is read like a plain one', async (encoding, encode) => {
      const plain = await call(api.server, method, path, { key: api.key, body: body() });
      const res = await send(method, path, encode(Buffer.from(JSON.stringify(body()))), { 'Content-Encoding': encoding });
      expect(plain.status).toBe(200);
      expect(res.status).toBe(200);
    });
  });

  it('a gzip body that inflates beyond PAYROLL_MAX_BODY_BYTES is refused with 413', async () => {
    const bomb = gzipSync(Buffer.from(`{"company_id":"${'x'.repeat(3_000_000)}"}`));
    expect(bomb.length).toBeLessThan(100_000);
    const res = await send('POST', PATHS.monthly, bomb, { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });

  describe('strings must be valid Unicode text without NUL', () => {
    it.each(ENDPOINT_NAMES)('%s: company_id with a NUL or a lone surrogate is 422 at ["company_id"]', async (name) => {
      for (const companyId of ['acme\u0000tokyo', 'acme\ud800', '\udc00']) {
        const res = await call(api.server, 'POST', PATHS[name], { key: api.key, body: bodies[name](companyId) });
        expect(res.status).toBe(422);
        expect(res.json.error.details).toContainEqual({
          path: ['company_id'],
          code: 'invalid_format',
          message: 'must be valid Unicode text without NUL characters or unpaired surrogates.',
        });
      }
    });

    it('employee_ref, item codes and metadata keys follow the same rule', async () => {
      const body = bodies.monthly();
      body.employee_snapshot.employee_ref = 'e\ud83d';
      (body as Record<string, unknown>).custom_deductions = [{ code: 'x\u0000', name: 'ok', amount: 1, metadata: { ['k\udfff']: 'v' } }];
      const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
      expect(res.status).toBe(422);
      const paths = res.json.error.details.map((d: { path: unknown[] }) => JSON.stringify(d.path));
      expect(paths).toEqual(
        expect.arrayContaining([
          '["employee_snapshot","employee_ref"]',
          '["custom_deductions",0,"code"]',
          '["custom_deductions",0,"metadata","k\\udfff"]',
        ]),
      );
    });

    it('a company_id with NUL in the path: GET 404 company_not_found, PUT 422 at ["path","company_id"]', async () => {
      const get = await call(api.server, 'GET', '/cp/v1/companies/acme%00tokyo/calculation-profile', { key: api.key });
      expect(get.status).toBe(404);
      expect(get.json.error.code).toBe('company_not_found');
      const put = await call(api.server, 'PUT', '/cp/v1/companies/acme%00tokyo/calculation-profile', {
        key: api.key,
        body: profilePutExample,
      });
      expect(put.status).toBe(422);
      expect(put.json.error.details).toEqual([
        {
          path: ['path', 'company_id'],
          code: 'invalid_format',
          message: 'company_id must be valid Unicode text without NUL characters or unpaired surrogates.',
        },
      ]);
    });

    it('astral and Japanese characters are valid and round-trip unchanged', async () => {
      const id = '𠮷野家-東京-😀';
      expect((await putProfile(api.server, api.key, id)).status).toBe(200);
      const got = await call(api.server, 'GET', `/cp/v1/companies/${encodeURIComponent(id)}/calculation-profile`, { key: api.key });
      expect(got.status).toBe(200);
      expect(got.json.data[0].company_id).toBe(id);
      const calc = await call(api.server, 'POST', PATHS.socialInsurance, { key: api.key, body: bodies.socialInsurance(id) });
      expect(calc.status).toBe(200);
      expect(calc.json.company_id).toBe(id);
    });
  });

  describe('money inputs are bounded so every result is a safe integer', () => {
    it("base_pay 9,007,199,254,740,991 (the issue's example) is 422 out_of_range", async () => {
      const body = { ...bodies.monthly(), base_pay: 9_007_199_254_740_991 };
      const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
      expect(res.status).toBe(422);
      expect(res.json.error.details).toEqual([{ path: ['base_pay'], code: 'out_of_range', message: 'must be <= 999999999.' }]);
    });

    it('999,999,999 is accepted, 1,000,000,000 is not, on every yen field of every endpoint', async () => {
      const fields: [string, string][] = [
        ['socialInsurance', 'standard_monthly_remuneration'],
        ['employmentInsurance', 'subject_wage_total'],
        ['incomeTax', 'taxable_payment'],
        ['resolve', 'monthly_remuneration'],
        ['bonus', 'bonus_gross_amount'],
      ];
      for (const [name, field] of fields) {
        const ok = await call(api.server, 'POST', PATHS[name as keyof typeof PATHS], {
          key: api.key,
          body: { ...bodies[name as keyof typeof bodies](), [field]: 999_999_999 },
        });
        expect([name, ok.status]).toEqual([name, 200]);
        const over = await call(api.server, 'POST', PATHS[name as keyof typeof PATHS], {
          key: api.key,
          body: { ...bodies[name as keyof typeof bodies](), [field]: 1_000_000_000 },
        });
        expect(over.json.error.details).toContainEqual({ path: [field], code: 'out_of_range', message: 'must be <= 999999999.' });
      }
    });
  });
});
