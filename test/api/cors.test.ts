/** CORS is off by default; PAYROLL_CORS_ORIGINS allows listed browser origins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/boot/config.ts';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';

const APP = 'https://payroll-app.example.com';
const preflight = { Origin: APP, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key, content-type' };

describe('CORS', () => {
  let db: TestDatabase;
  let off: TestServer;
  let on: TestServer;
  let key: string;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    off = await startTestServer(db);
    on = await startTestServer(db, { store: off.store, config: { corsOrigins: [APP] } });
    key = (await newAccount(off.store)).api_key;
    await putProfile(off, key, 'acme-tokyo');
  });
  afterAll(async () => {
    await on.stop();
    await off.stop();
    await db.drop();
  });

  it('is off by default: no CORS header, and a preflight is an ordinary request without a key (401)', async () => {
    const res = await call(off, 'OPTIONS', PATHS.monthly, { headers: preflight });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await call(off, 'POST', PATHS.socialInsurance, { key, body: bodies.socialInsurance(), headers: { Origin: APP } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of an allowed origin with 204 without a key', async () => {
    const res = await call(on, 'OPTIONS', PATHS.monthly, { headers: preflight });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,PUT,POST');
    expect(res.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['X-API-Key', 'Content-Type', 'Idempotency-Key', 'X-Request-Id']),
    );
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('marks answers, errors included, and exposes the request-id, rate-limit and Link headers', async () => {
    for (const res of [
      await call(on, 'POST', PATHS.socialInsurance, { key, body: bodies.socialInsurance(), headers: { Origin: APP } }),
      await call(on, 'POST', PATHS.socialInsurance, { key: 'pay_wrong', body: bodies.socialInsurance(), headers: { Origin: APP } }),
    ]) {
      expect(res.headers.get('access-control-allow-origin')).toBe(APP);
      expect(res.headers.get('access-control-expose-headers')?.split(',')).toEqual([
        'X-Request-Id',
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Link',
      ]);
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('gives an origin that is not listed no CORS header (the browser keeps the answer from the page)', async () => {
    const res = await call(on, 'OPTIONS', PATHS.monthly, { headers: { ...preflight, Origin: 'https://evil.example.net' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads PAYROLL_CORS_ORIGINS as a comma list and refuses what is not an origin', () => {
    expect(readConfig({ PAYROLL_CORS_ORIGINS: ` ${APP}, http://localhost:3000 ,` }).corsOrigins).toEqual([APP, 'http://localhost:3000']);
    expect(readConfig({}).corsOrigins).toEqual([]);
    expect(readConfig({ PAYROLL_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => readConfig({ PAYROLL_CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(ConfigError);
    expect(() => readConfig({ PAYROLL_CORS_ORIGINS: 'app.example.com' })).toThrow(/PAYROLL_CORS_ORIGINS/);
  });
});
