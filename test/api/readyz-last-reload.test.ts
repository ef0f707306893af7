/**
 * GET /readyz shows the outcome of the last reload: nothing before the first one; after a refused one the
 * instance stays ready and says when, that it was refused, why (file, path, message) and which fingerprint
 * keeps serving; after a good one, the new fingerprint. The body matches the documented schema.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { EngineHolder, reloadAndLog } from '../../server/process/engine-holder.ts';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';
import { validatorFor } from '../../server/app/validation/ajv.ts';
import { copyMasters, removeTemp } from '../tools/support/data-copies.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { call, startTestServer, type TestServer } from './support/test-server.ts';

describe('GET /readyz reports the last reload', () => {
  let db: TestDatabase;
  let server: TestServer;
  let masters: string;
  let holder: EngineHolder;
  const silent = pino({ level: 'silent' });
  beforeAll(async () => {
    masters = copyMasters();
    holder = new EngineHolder(loadEngine({ mastersDir: masters }), () => loadEngine({ mastersDir: masters }));
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db, { engine: holder });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    removeTemp(join(masters, '..'));
  });

  const schema = (buildOpenApiDocument(loadEngine()) as any).paths['/readyz'].get.responses['200'].content['application/json'].schema;
  const readyz = async () => {
    const res = await call(server, 'GET', '/readyz');
    expect(res.status).toBe(200);
    const validate = validatorFor(schema);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    return res.json;
  };

  it('says nothing before the first reload, why a refused one was refused, and the fingerprint of a good one', async () => {
    expect(await readyz()).toEqual({
      status: 'ready',
      checks: { masters: 'ok', store: 'ok' },
      rate_limit: { backend: 'memory', state: 'ok' },
    });
    const serving = holder.current().provenance().rules_masters_hash;

    const file = join(masters, 'employees_pension/2020-09.yaml');
    const good = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      good.replace(/^employees_pension_insurance_employee_rate: "([0-9.]+)"/m, 'employees_pension_insurance_employee_rate: $1'),
    );
    expect(await reloadAndLog(holder, silent)).toBe(false);
    const refused = (await readyz()).last_reload;
    expect(refused).toMatchObject({ outcome: 'refused', rules_masters_hash: serving, problem_count: 1 });
    expect(refused.problems).toEqual([
      {
        file: 'employees_pension/2020-09.yaml',
        path: '/employees_pension_insurance_employee_rate',
        message: expect.stringMatching(/^must be string/),
      },
    ]);
    expect(Date.now() - Date.parse(refused.at)).toBeLessThan(60_000);

    writeFileSync(file, `${good}# a comment: another file content, another fingerprint\n`);
    expect(await reloadAndLog(holder, silent)).toBe(true);
    const loaded = (await readyz()).last_reload;
    expect(loaded).toMatchObject({ outcome: 'loaded', problems: [], problem_count: 0 });
    expect(loaded.rules_masters_hash).toBe(holder.current().provenance().rules_masters_hash);
    expect(loaded.rules_masters_hash).not.toBe(serving);
  });
});
