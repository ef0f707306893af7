/**
 * The batch's own line format and command line: problems of a line (not of its request) are reported
 * in the API's envelope with paths under "line"; too long lines get the API's 413; the output keeps the
 * input order across workers and chunks; bad flags get one clear line and exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { errorResponseSchema } from '../../server/app/schemas/error-response.ts';
import { createAjv } from '../../server/app/validation/ajv.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyBatchLine, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { outputLines, runBatchCli, tempDir } from './support.ts';

let dir: string;
let profiles: string;

beforeAll(() => {
  dir = tempDir();
  profiles = join(dir, 'profiles.yaml');
  writeFileSync(profiles, stringify({ companies: [{ company_id: BENCH_COMPANY, profile_puts: [BENCH_PROFILE_PUT] }] }));
});

describe('line problems', () => {
  const lines = [
    '{"type":"monthly_payroll","request":',
    '[1,2]',
    JSON.stringify({ type: 'payslip', request: {} }),
    JSON.stringify({ type: 'monthly_payroll' }),
    JSON.stringify({ type: 'bonus', path: '/v1/payroll/monthly:calculate', request: {} }),
    JSON.stringify({ path: '/v1/payroll/annual:calculate', request: {} }),
    JSON.stringify({ type: 'monthly_payroll', request: monthlyRequest(1, false), note: 'x' }),
    JSON.stringify({
      type: 'monthly_payroll',
      request: {
        ...monthlyRequest(2, false),
        employee_snapshot: { ...(monthlyRequest(2, false).employee_snapshot as object), note: 'x'.repeat(3000) },
      },
    }),
    monthlyBatchLine(3, false),
  ];
  let out: Record<string, any>[];

  beforeAll(async () => {
    const run = await runBatchCli(['--in', '-', '--out', '-', '--profiles', profiles, '--workers', '1'], {
      stdin: lines.join('\r\n'),
      env: { PAYROLL_MAX_BODY_BYTES: '2048' },
    });
    expect(run.code).toBe(3); // the run completed, with error lines
    expect(run.stderr).toMatch(/^batch: \d+ of \d+ lines failed; each is an error envelope/m);
    out = outputLines(run.stdout);
  }, 60_000);

  it("answers each in the API's error envelope, with the line number and the HTTP status the API would give", () => {
    const validEnvelope = createAjv().compile(errorResponseSchema);
    expect(out.map((l) => l.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const l of out.slice(0, 8)) {
      expect(validEnvelope({ error: l.error }), JSON.stringify(l)).toBe(true);
    }
    expect(out.map((l) => [l.status, l.error?.code ?? 'result'])).toEqual([
      [400, 'malformed_json'],
      [422, 'validation_error'],
      [422, 'validation_error'],
      [422, 'validation_error'],
      [422, 'validation_error'],
      [404, 'route_not_found'],
      [422, 'validation_error'],
      [413, 'payload_too_large'],
      [200, 'result'],
    ]);
  });

  it('names the line\'s field in details, under "line" as the API names headers and path parameters', () => {
    expect(out[1].error.details).toEqual([{ path: ['line'], code: 'invalid_type', message: expect.stringContaining('JSON object') }]);
    expect(out[2].error.details).toEqual([
      { path: ['line', 'type'], code: 'invalid_value', message: expect.stringContaining('"monthly_payroll"') },
    ]);
    expect(out[3].error.details).toEqual([{ path: ['line', 'request'], code: 'required', message: 'request is required.' }]);
    expect(out[4].error.details).toEqual([
      { path: ['line', 'type'], code: 'inconsistent_value', message: 'type bonus does not match path /v1/payroll/monthly:calculate.' },
    ]);
    expect(out[6].error.details).toEqual([{ path: ['line', 'note'], code: 'unknown_field', message: expect.stringContaining('note') }]);
    expect(out[7].error.message).toBe('The request body exceeds 2048 bytes.');
    // A CRLF file reads like an LF file: the last line (no newline at all) computes.
    expect(out[8].result.employee_ref).toBe('e-3');
  });
});

it('keeps the input order across workers and small chunks', async () => {
  const count = 300;
  const input = join(dir, 'order.jsonl');
  writeFileSync(input, Array.from({ length: count }, (_, i) => (i % 50 === 49 ? '{broken' : monthlyBatchLine(i, false))).join('\n') + '\n');
  const output = join(dir, 'order-out.jsonl');
  const run = await runBatchCli(['--in', input, '--out', output, '--profiles', profiles, '--workers', '2', '--chunk-lines', '7']);
  expect(run.code).toBe(3); // the input holds error lines
  const out = outputLines(readFileSync(output, 'utf8'));
  expect(out.map((l) => l.line)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  out.forEach((l, i) => {
    if (i % 50 === 49) expect(l.error.code).toBe('malformed_json');
    else expect(l.result.employee_ref).toBe(`e-${i}`);
  });
}, 60_000);

it('reads each line as the API reads a body: one byte order mark at its start dropped, wherever the line falls in a chunk; UTF-8 kept', async () => {
  const BOM = '\ufeff';
  const lines = Array.from({ length: 12 }, (_, i) => {
    const request = monthlyRequest(i, false);
    const line = JSON.stringify({
      type: 'monthly_payroll',
      request: { ...request, employee_snapshot: { ...(request.employee_snapshot as object), employee_ref: `社員-${i}` } },
    });
    // the first line of the input, the first of a chunk (line 8 with chunks of 7) and one inside a chunk
    return [0, 7, 9].includes(i) ? BOM + line : line;
  });
  lines.push(`${BOM}${BOM}${monthlyBatchLine(12, false)}`); // a second mark is not dropped: not JSON
  const input = join(dir, 'bom.jsonl');
  writeFileSync(input, lines.join('\n') + '\n');
  const output = join(dir, 'bom-out.jsonl');
  const run = await runBatchCli(['--in', input, '--out', output, '--profiles', profiles, '--workers', '2', '--chunk-lines', '7']);
  expect(run.code).toBe(3);
  const out = outputLines(readFileSync(output, 'utf8'));
  expect(out.map((l) => l.line)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  expect(out.slice(0, 12).map((l) => l.result?.employee_ref)).toEqual(Array.from({ length: 12 }, (_, i) => `社員-${i}`));
  expect(out[12].error.code).toBe('malformed_json');
}, 60_000);

it('sizes chunks by their output: results with trace (~18 KB each) go in chunks of far fewer than 256 lines', async () => {
  const input = join(dir, 'trace.jsonl');
  writeFileSync(input, Array.from({ length: 200 }, (_, i) => monthlyBatchLine(i, true)).join('\n') + '\n');
  const run = await runBatchCli([
    '--in',
    input,
    '--out',
    join(dir, 'trace-out.jsonl'),
    '--profiles',
    profiles,
    '--workers',
    '1',
    '--stats',
  ]);
  expect(run.code).toBe(0);
  const stats = JSON.parse(run.stderr.trim().split('\n').pop()!);
  expect(stats.lines).toBe(200);
  // about 1 MB of results per chunk: 1 MiB / ~18 KB per line
  expect(stats.chunk_lines).toBeGreaterThanOrEqual(8);
  expect(stats.chunk_lines).toBeLessThan(100);
}, 60_000);

describe('command line', () => {
  it('--help prints the usage and exits 0', async () => {
    const run = await runBatchCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--in FILE|-');
    expect(run.stdout).toContain('--account ID');
  });

  it.each(
    [
      [['--in', '-', '--out', '-', '--profile', 'x.yaml'], "batch: Unknown option '--profile'"],
      [['--out', '-', '--profiles', 'x.yaml'], 'batch: --in is required'],
      [['--in', '-', '--out', '-'], 'batch: give exactly one of --profiles FILE or --account ACCOUNT_ID'],
      [['--in', '-', '--out', '-', '--profiles', 'x.yaml', '--workers', '0'], 'batch: --workers must be a positive integer, got "0"'],
    ].map(([args, message]) => ({ command: (args as string[]).join(' '), args: args as string[], message: message as string })),
  )('batch $command: one clear line on stderr, exit 2', async ({ args, message }) => {
    const run = await runBatchCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('a broken profile file stops the run before any output, naming file and path (exit 1)', async () => {
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, stringify({ companies: [{ company_id: 'x', profile_puts: [{ effective_from: 'soon' }] }] }));
    const run = await runBatchCli(['--in', '-', '--out', '-', '--profiles', broken], { stdin: monthlyBatchLine(1, false) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${broken} /companies/0`);
    expect(run.stdout).toBe('');
  });
});

it("tax_dependent_count above seven: refused as by the API unless the company's profile opts in", async () => {
  const optIn = join(dir, 'profiles-opt-in.yaml');
  writeFileSync(
    optIn,
    stringify({
      companies: [
        { company_id: BENCH_COMPANY, profile_puts: [BENCH_PROFILE_PUT] },
        {
          company_id: 'large-family',
          profile_puts: [{ ...BENCH_PROFILE_PUT, income_tax: { dependents_beyond_seven: 'statutory_reduction' } }],
        },
      ],
    }),
  );
  const line = (company: string, count: number) => {
    const request = monthlyRequest(1, false);
    return JSON.stringify({
      type: 'monthly_payroll',
      request: {
        ...request,
        company_id: company,
        employee_snapshot: { ...(request.employee_snapshot as object), tax_dependent_count: count },
      },
    });
  };
  const run = await runBatchCli(['--in', '-', '--out', '-', '--profiles', optIn, '--workers', '1'], {
    stdin: [line(BENCH_COMPANY, 8), line('large-family', 8), line('large-family', 100)].join('\n') + '\n',
  });
  expect(run.code).toBe(3); // the first and third lines are refused
  expect(run.stderr).toContain('batch: 2 of 3 lines failed');
  const [plain, opted, tooMany] = outputLines(run.stdout);
  expect([plain.status, plain.error?.details]).toEqual([
    422,
    [{ path: ['employee_snapshot', 'tax_dependent_count'], code: 'out_of_range', message: 'must be <= 7.' }],
  ]);
  expect(opted.status).toBe(200);
  expect(opted.result.settings_snapshot.income_tax_dependents_beyond_seven).toBe('statutory_reduction');
  expect([tooMany.status, tooMany.error?.details]).toEqual([
    422,
    [{ path: ['employee_snapshot', 'tax_dependent_count'], code: 'out_of_range', message: 'must be <= 99.' }],
  ]);
}, 60_000);
