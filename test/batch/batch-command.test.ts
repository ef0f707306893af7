/**
 * npm run batch end to end: each line's result equals the engine's own calculate() and the REST API's
 * answer for the same request; each error line equals the API's error envelope (status, code, message,
 * details); profiles come from either store (read-only) or a YAML file; stdin/stdout work.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalculationType, ProfileVersion } from '../../engine/index.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { BENCH_PROFILE_PUT, attendanceRequest, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { bodies } from '../api/support/bodies.ts';
import { createTestDatabase, describeEachStore, type TestDatabase } from '../api/support/databases.ts';
import { realEngine } from '../api/support/real-engine.ts';
import { call, newAccount, putProfile, startTestServer, type TestServer } from '../api/support/test-server.ts';
import { stringify } from 'yaml';
import { outputLines, runBatchCli, tempDir, withoutIds, type CliRun } from './support.ts';

const endpointOf = (type: CalculationType) => CALCULATION_ENDPOINTS.find((e) => e.type === type)!;
const pathOf = (type: CalculationType) => endpointOf(type).path;

/** Request lines: valid ones of every type, then requests the API refuses for different reasons. */
const REQUESTS: { type: CalculationType; body: unknown; asPath?: boolean }[] = [
  { type: 'monthly_payroll', body: bodies.monthly() },
  { type: 'bonus', body: bodies.bonus(), asPath: true },
  { type: 'social_insurance_simulation', body: bodies.socialInsurance() },
  { type: 'employment_insurance_simulation', body: bodies.employmentInsurance(), asPath: true },
  { type: 'income_tax_simulation', body: bodies.incomeTax() },
  { type: 'standard_monthly_remuneration_resolution', body: bodies.resolve() },
  { type: 'monthly_payroll', body: monthlyRequest(7, false) },
  { type: 'monthly_payroll', body: attendanceRequest() },
  { type: 'bonus', body: { ...bodies.bonus(), bonus_gross_amount: 0 } },
  { type: 'monthly_payroll', body: { ...bodies.monthly(), payment_date: 'tomorrow', extra: 1 } },
  { type: 'monthly_payroll', body: { ...bodies.monthly(), overtime_pay: 1000 } },
  { type: 'income_tax_simulation', body: bodies.incomeTax('no-such-company') },
  { type: 'income_tax_simulation', body: { ...bodies.incomeTax(), calculation_date: '2024-01-05', payment_date: '2024-01-10' } },
  { type: 'social_insurance_simulation', body: [] },
];

function lineOf(r: (typeof REQUESTS)[number]): string {
  return JSON.stringify(r.asPath ? { path: pathOf(r.type), request: r.body } : { type: r.type, request: r.body });
}

/** Input text: the requests in order, with a blank line after the third (skipped, but it keeps its number). */
function inputText(): string {
  const lines = REQUESTS.map(lineOf);
  lines.splice(3, 0, '   ');
  return lines.join('\n') + '\n';
}
/** Input line number of REQUESTS[i]. */
const lineNumber = (i: number) => (i < 3 ? i + 1 : i + 2);

describeEachStore('batch with profiles from the %s store', (kind) => {
  let db: TestDatabase;
  let server: TestServer;
  let key: string;
  let accountId: string;
  let run: CliRun;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    server = await startTestServer(db, { engine: realEngine() });
    const account = await newAccount(server.store);
    key = account.api_key;
    accountId = account.account_id;
    expect((await putProfile(server, key, 'acme-tokyo')).status).toBe(200);
    expect((await putProfile(server, key, 'bench', BENCH_PROFILE_PUT)).status).toBe(200);
    dir = tempDir();
    const input = join(dir, 'requests.jsonl');
    writeFileSync(input, inputText());
    run = await runBatchCli(
      ['--in', input, '--out', join(dir, 'results.jsonl'), '--account', account.account_id, '--workers', '2', '--stats'],
      { env: db.env },
    );
    run.stdout = readFileSync(join(dir, 'results.jsonl'), 'utf8');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await server?.store.close();
    await db?.drop();
  });

  it('answers every line, in order, with its input line number', () => {
    expect(run.code).toBe(3); // the requests include refused ones
    expect(outputLines(run.stdout).map((l) => l.line)).toEqual(REQUESTS.map((_, i) => lineNumber(i)));
    const stats = JSON.parse(run.stderr.trim().split('\n').pop()!);
    expect(stats).toMatchObject({ lines: REQUESTS.length, results: 8, errors: 6, workers: 2 });
  });

  it("gives the engine's calculate() result and the API's answer (result or error envelope) for each request", async () => {
    const out = outputLines(run.stdout);
    const engine = realEngine();
    const versionsOf = async (companyId: string) => (await server.store.findCompany(accountId, companyId))!.versions;
    const companies: Record<string, ProfileVersion[]> = { 'acme-tokyo': await versionsOf('acme-tokyo'), bench: await versionsOf('bench') };
    for (const [i, r] of REQUESTS.entries()) {
      const api = await call(server, 'POST', pathOf(r.type), { key, body: r.body });
      expect(out[i].status, `line ${lineNumber(i)}`).toBe(api.status);
      if (api.status === 200) {
        expect(withoutIds(out[i].result)).toEqual(withoutIds(api.json));
        const body = structuredClone(r.body) as Record<string, unknown>;
        // The API fills the schema's defaults in before the engine sees a request; so does the batch.
        expect(schemaDetails(endpointOf(r.type).requestSchema, body)).toEqual([]);
        const direct = engine.calculate(r.type, body, companies[body.company_id as string]).toResult();
        expect(withoutIds(out[i].result)).toEqual(withoutIds(direct as unknown as Record<string, unknown>));
      } else {
        expect(out[i]).not.toHaveProperty('result');
        expect(withoutIds(out[i].error)).toEqual(withoutIds(api.json.error));
        expect(out[i].error.request_id).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    expect(out.slice(8).map((l) => l.error.code)).toEqual([
      'validation_error',
      'validation_error',
      'attendance_input_conflict',
      'company_not_found',
      'settings_not_resolved',
      'validation_error',
    ]);
  });

  it('gives the same lines with profiles from a YAML file (PUT bodies or stored versions), reading stdin and writing stdout', async () => {
    const acme = (await server.store.findCompany(accountId, 'acme-tokyo'))!;
    const bench = (await server.store.findCompany(accountId, 'bench'))!;
    const profiles = join(dir, 'profiles.yaml');
    writeFileSync(
      profiles,
      stringify({
        companies: [
          { company_id: 'acme-tokyo', profile_puts: [profilePutExample] },
          { company_id: 'bench', profile_versions: bench.versions },
        ],
      }),
    );
    const piped = await runBatchCli(['--in', '-', '--out', '-', '--profiles', profiles, '--workers', '1'], { stdin: inputText() });
    expect(piped.code).toBe(3);
    expect(piped.stderr).toMatch(/^batch: \d+ of \d+ lines failed; each is an error envelope \("status" 4xx\) in the output \(exit 3\)\n$/);
    // Chained from PUT bodies, the profile's id is the batch's own (it is in the trace); all else is equal.
    const fromFile = outputLines(piped.stdout.replaceAll('"batch-acme-tokyo"', JSON.stringify(acme.profile_id)));
    const strip = (l: Record<string, any>) => ({ ...l, ...(l.result ? { result: withoutIds(l.result) } : { error: withoutIds(l.error) }) });
    expect(fromFile.map(strip)).toEqual(outputLines(run.stdout).map(strip));
  });
});
