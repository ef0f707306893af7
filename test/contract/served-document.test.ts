/**
 * GET /v1/openapi.json describes the rule set in service: a reload that adds a declared output serves a
 * new document (new ETag) documenting it, and requests computed on the new set carry the output.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { EngineHolder, reloadAndLog } from '../../server/process/engine-holder.ts';
import { createTestDatabase, type TestDatabase } from '../api/support/databases.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from '../api/support/test-server.ts';
import { LEVY_DECLARATION, LEVY_RULE, LEVY_STEP, tempRules } from './support.ts';
import * as ex from '../../engine/contract/examples.ts';

describe('the served OpenAPI document follows a reload', () => {
  const rules = tempRules();
  let db: TestDatabase;
  let server: TestServer;
  let holder: EngineHolder;
  let key: string;
  beforeAll(async () => {
    holder = new EngineHolder(loadEngine({ rulesDir: rules.dir }), () => loadEngine({ rulesDir: rules.dir }));
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db, { engine: holder });
    key = (await newAccount(server.store)).api_key;
    expect((await putProfile(server, key, 'acme-tokyo')).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rules.remove();
  });

  const levyOf = (doc: any) =>
    doc.components.schemas.MonthlyPayrollResult.properties.amounts.properties.statutory_deductions.properties.local_levy;

  it('documents local_levy after the reload that adds it, with a new ETag, and the response carries it', async () => {
    const before = await call(server, 'GET', '/v1/openapi.json', { key });
    expect(levyOf(before.json)).toBeUndefined();
    rules.write('deduction/deduction.local_levy.v1.yaml', LEVY_RULE);
    rules.edit('pipelines/monthly_payroll.yaml', ...LEVY_STEP);
    rules.edit('pipelines/monthly_payroll.yaml', ...LEVY_DECLARATION);
    expect(await reloadAndLog(holder, pino({ level: 'silent' }))).toBe(true);
    const after = await call(server, 'GET', '/v1/openapi.json', { key });
    expect(levyOf(after.json)).toMatchObject({ type: 'integer' });
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const result = await call(server, 'POST', '/v1/payroll/monthly:calculate', { key, body: ex.monthlyPayrollRequestExample });
    expect(result.status).toBe(200);
    expect(result.json.amounts.statutory_deductions.local_levy).toBe(312);
  });
});
