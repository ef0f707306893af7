/**
 * The Free-plan quota check each calculation endpoint's own test file repeats, so that a new endpoint
 * shows it counts toward the quota like the others: a new Free account with the example profile of
 * acme-tokyo gets the test config's quota (DEFAULT_TEST_CONFIG, 10) of successful calls, and the next
 * one is 402 quota_exceeded. Only for a server on the default quota.
 */
import { expect } from 'vitest';
import { call, DEFAULT_TEST_CONFIG, newAccount, putProfile, type TestServer } from './test-server.ts';

export async function expectFreePlanQuotaCounts(server: TestServer, path: string, body: () => unknown): Promise<void> {
  const { api_key: key } = await newAccount(server.store, 'free');
  expect((await putProfile(server, key, 'acme-tokyo')).status).toBe(200);
  for (let i = 0; i < DEFAULT_TEST_CONFIG.freePlanMonthlyQuota; i++)
    expect((await call(server, 'POST', path, { key, body: body() })).status).toBe(200);
  const refused = await call(server, 'POST', path, { key, body: body() });
  expect(refused.status).toBe(402);
  expect(refused.json.error.code).toBe('quota_exceeded');
}
