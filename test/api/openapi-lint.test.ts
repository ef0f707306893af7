/**
 * The published OpenAPI document lints clean with Redocly's CLI (`npx redocly lint openapi.json`, rules in
 * redocly.yaml): no error and no warning. openapi.test.ts checks that openapi.json is what the code
 * generates, so this holds the generated document. A copy with a validator-only keyword put back must fail,
 * so the lint is known to look at the document it is given.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../tools/openapi.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REDOCLY = path.join(ROOT, 'node_modules', '.bin', 'redocly');

interface LintTotals {
  errors: number;
  warnings: number;
  ignored: number;
}
interface LintReport {
  totals: LintTotals;
  problems: { ruleId: string; message: string; severity: 'error' | 'warn' }[];
}

/** Runs `redocly lint --format=json` from the repository root (so redocly.yaml and its ignore file apply). */
function lint(file: string, configArgs: string[] = []): LintReport {
  let stdout: string;
  try {
    stdout = execFileSync(REDOCLY, ['lint', file, '--format=json', ...configArgs], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    // Exit status 1 means problems were found; the report is still on stdout.
    stdout = (err as { stdout?: string }).stdout ?? '';
  }
  return JSON.parse(stdout) as LintReport;
}

describe('redocly lint openapi.json', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds no error and no warning; only the four places redocly.yaml justifies are ignored', () => {
    const report = lint('openapi.json');
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 4 });
  });

  it("fails a document that carries the validator's errorMessage keyword", () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    document.components.schemas.Period.properties.start_date.errorMessage = { format: 'must be a date YYYY-MM-DD.' };
    const copy = path.join(dir, 'openapi.json');
    writeFileSync(copy, JSON.stringify(document));
    const report = lint(copy, ['--config', path.join(ROOT, 'redocly.yaml')]);
    // (the ignore file names openapi.json of the root only, so the copy also shows the four ignored warnings)
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`)).toEqual(['struct: Property `errorMessage` is not expected here.']);
    expect(report.totals.errors).toBe(1);
  });
});
