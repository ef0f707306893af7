/**
 * Reload of masters and rules. In process: the engine holder swaps a valid set in for new requests,
 * a request already in flight finishes on the set it arrived with, and a broken set is refused with a
 * log line naming file and path while the old set keeps answering. As a process: server/boot/main.ts logs
 * the folders and hash at start and reloads on SIGHUP.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { EngineHolder, reloadAndLog } from '../../server/process/engine-holder.ts';
import { openSqliteStore } from '../../server/app/store/sqlite.ts';
import { applyOneYenChange, copyMasters, PROJECT, removeTemp } from '../tools/support/data-copies.ts';
import { PATHS } from './support/bodies.ts';
import { logLines } from './support/log-lines.ts';
import { oneYenTaxBody } from './support/one-yen-body.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from './support/test-server.ts';
import pino from 'pino';

const taxBody = oneYenTaxBody;
const BROKEN = join(PROJECT, 'test', 'fixtures', 'masters-broken', 'rate-as-number', 'employees_pension', '2020-09.yaml');

function breakMasters(dir: string): void {
  copyFileSync(BROKEN, join(dir, 'employees_pension', '2020-09.yaml'));
}

describe('engine holder in a running server', () => {
  let db: TestDatabase;
  let server: TestServer;
  let key: string;
  let masters: string;
  let holder: EngineHolder;
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });

  beforeAll(async () => {
    masters = copyMasters();
    holder = new EngineHolder(loadEngine({ mastersDir: masters }), () => loadEngine({ mastersDir: masters }));
    db = await createTestDatabase('sqlite');
    server = await startTestServer(db, { engine: holder });
    key = (await newAccount(server.store)).api_key;
    expect((await putProfile(server, key, 'acme-tokyo')).status).toBe(200);
  });
  afterAll(async () => {
    await server.stop();
    await db.drop();
    removeTemp(join(masters, '..'));
  });

  it('a good reload changes the hash and the amounts for new requests; a request in flight finishes on the old set', async () => {
    const before = await call(server, 'POST', PATHS.incomeTax, { key, body: taxBody() });
    expect(before.json.amounts.income_tax).toBe(6220);
    const oldHash = before.json.settings_snapshot.rules_masters_hash;

    // a request whose body is still arriving when the reload happens
    const payload = Buffer.from(JSON.stringify(taxBody()));
    const inFlight = new Promise<any>((resolve, reject) => {
      const req = http.request(`${server.url}${PATHS.incomeTax}`, {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': payload.length, 'X-API-Key': key },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.write(payload.subarray(0, 10));
      setTimeout(() => {
        applyOneYenChange(masters);
        void reloadAndLog(holder, logger).then((loaded) => {
          expect(loaded).toBe(true);
          req.end(payload.subarray(10));
        }, reject);
      }, 300);
    });
    const finished = await inFlight;
    expect(finished.amounts.income_tax).toBe(6220);
    expect(finished.settings_snapshot.rules_masters_hash).toBe(oldHash);

    const after = await call(server, 'POST', PATHS.incomeTax, { key, body: taxBody() });
    expect(after.json.amounts.income_tax).toBe(6221);
    const newHash = after.json.settings_snapshot.rules_masters_hash;
    expect(newHash).not.toBe(oldHash);
    expect((await call(server, 'GET', '/v1/masters/rules', { key })).json.rules_masters_hash).toBe(newHash);
    expect(lines.at(-1)).toMatchObject({ msg: 'masters and rules reloaded', rules_masters_hash: newHash, masters_dir: masters });
  });

  it('a broken set is refused, each problem logged with file and path, and the service answers as before', async () => {
    const served = (await call(server, 'GET', '/v1/masters/rules', { key })).json.rules_masters_hash;
    breakMasters(masters);
    lines.length = 0;
    expect(await reloadAndLog(holder, logger)).toBe(false);
    expect(lines.find((l) => l.file === 'employees_pension/2020-09.yaml')).toMatchObject({
      level: 50,
      path: '/employees_pension_insurance_employee_rate',
      // a readable line, file:line: path: message (the line taken out of the message)
      msg: expect.stringMatching(
        /^reload refused: employees_pension\/2020-09\.yaml:\d+: \/employees_pension_insurance_employee_rate: must be string(?!.*\(line \d+)/,
      ),
    });
    expect(lines.at(-1)).toMatchObject({ msg: 'reload refused; the previous masters and rules keep serving', rules_masters_hash: served });
    const still = await call(server, 'POST', PATHS.incomeTax, { key, body: taxBody() });
    expect(still.status).toBe(200);
    expect(still.json.amounts.income_tax).toBe(6221);
    expect(still.json.settings_snapshot.rules_masters_hash).toBe(served);
  });
});

describe('SIGHUP (server/boot/main.ts as a process)', () => {
  it('logs folders and hash at start; reloads a changed master on SIGHUP; refuses a broken one and keeps serving', async () => {
    const masters = copyMasters();
    const root = join(masters, '..');
    mkdirSync(join(root, 'data'));
    const file = join(root, 'data', 'payroll.sqlite');
    const seed = openSqliteStore(file);
    const { api_key } = await newAccount(seed);
    await seed.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/boot/main.ts'], {
      cwd: PROJECT,
      env: { ...process.env, PORT: '0', PAYROLL_DB: file, PAYROLL_DATABASE_URL: '', LOG_LEVEL: 'info', PAYROLL_MASTERS_DIR: masters },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = logLines(child);
    try {
      const loaded = await log.waitFor((l) => l.msg === 'masters and rules loaded', 75_000);
      expect(loaded).toMatchObject({
        masters_dir: masters,
        rules_dir: join(PROJECT, 'rules'),
        rules_masters_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const listening = await log.waitFor((l) => l.msg === 'listening', 30_000);
      const server = { url: `http://127.0.0.1:${listening.port}` };
      expect((await putProfile(server, api_key, 'acme-tokyo')).status).toBe(200);
      const before = await call(server, 'POST', PATHS.incomeTax, { key: api_key, body: taxBody() });
      expect(before.json.amounts.income_tax).toBe(6220);
      expect(before.json.settings_snapshot.rules_masters_hash).toBe(loaded.rules_masters_hash);

      applyOneYenChange(masters);
      child.kill('SIGHUP');
      const reloaded = await log.waitFor((l) => l.msg === 'masters and rules reloaded', 30_000);
      expect(reloaded.rules_masters_hash).not.toBe(loaded.rules_masters_hash);
      const after = await call(server, 'POST', PATHS.incomeTax, { key: api_key, body: taxBody() });
      expect(after.json.amounts.income_tax).toBe(6221);
      expect(after.json.settings_snapshot.rules_masters_hash).toBe(reloaded.rules_masters_hash);

      breakMasters(masters);
      child.kill('SIGHUP');
      const problem = await log.waitFor((l) => typeof l.msg === 'string' && l.msg.startsWith('reload refused: '), 30_000);
      expect(problem).toMatchObject({ file: 'employees_pension/2020-09.yaml', path: '/employees_pension_insurance_employee_rate' });
      await log.waitFor((l) => l.msg === 'reload refused; the previous masters and rules keep serving', 30_000);
      const still = await call(server, 'POST', PATHS.incomeTax, { key: api_key, body: taxBody() });
      expect(still.json.amounts.income_tax).toBe(6221);
      expect(still.json.settings_snapshot.rules_masters_hash).toBe(reloaded.rules_masters_hash);
      expect(child.exitCode).toBe(null);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      removeTemp(root);
    }
  }, 150_000);
});
