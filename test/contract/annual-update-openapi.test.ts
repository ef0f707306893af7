/**
 * A data-only annual update leaves the generated contract as it is: in a copy of masters/ with a new
 * kyokai rate version and a new employment insurance version (HYPOTHETICAL rates; the open-ended ones
 * closed the day before, as a specialist does), the OpenAPI document built from that set equals the
 * checked-in openapi.json byte for byte. So no code test asks for `npm run openapi` after such an update:
 * the examples show closed versions and computed amounts of dates before the new ones, and no fingerprint.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine/index.ts';
import { OPENAPI_FILE, renderOpenApiFile } from '../../tools/openapi.ts';

const ROOT = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'annual-update-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Copies an open-ended version to `version` from `from`, known through `knownThrough`, with its employee
 * rates replaced, closing the old one the day before.
 */
function addVersion(
  masters: string,
  dir: string,
  current: string,
  version: string,
  from: string,
  lastDay: string,
  knownThrough: string,
  rates: Record<string, string>,
) {
  const oldFile = join(masters, dir, `${current}.yaml`);
  const text = readFileSync(oldFile, 'utf8');
  expect(text).toMatch(/^effective_to: null/m);
  writeFileSync(oldFile, text.replace(/^effective_to: null.*$/m, `effective_to: "${lastDay}"`));
  let next = text.replace(/^version: .*$/m, `version: "${version}"`).replace(/^effective_from: .*$/m, `effective_from: "${from}"`);
  next = next.replace(/^known_through: .*$/m, `known_through: "${knownThrough}"`);
  for (const [field, value] of Object.entries(rates)) next = next.replace(new RegExp(`${field}: "[0-9.]+"`, 'g'), `${field}: "${value}"`);
  writeFileSync(join(masters, dir, `${version}.yaml`), `# HYPOTHETICAL rates, test only\n${next}`);
}

describe('a yearly data update and openapi.json', () => {
  it('new kyokai and employment insurance versions leave the generated document byte for byte as checked in', () => {
    const masters = join(tmp, 'masters');
    cpSync(join(ROOT, 'masters'), masters, { recursive: true });
    addVersion(masters, 'social_insurance/kyokai_rates', '2026-04', '2030-03', '2030-03-01', '2030-02-28', '2031-02-28', {
      health_insurance_employee_rate: '0.05',
      care_insurance_employee_rate: '0.009',
    });
    addVersion(masters, 'employment_insurance', '2026-04', '2030-04', '2030-04-01', '2030-03-31', '2031-03-31', { employee_rate: '0.006' });
    const updated = loadEngine({ mastersDir: masters });
    expect(updated.rateTables().some((r) => r.version === '2030-03')).toBe(true);
    expect(updated.rateTables().some((r) => r.id === 'ei-general' && r.version === '2030-04')).toBe(true);
    expect(
      renderOpenApiFile(updated) === readFileSync(OPENAPI_FILE, 'utf8'),
      'the document of the updated data differs from openapi.json',
    ).toBe(true);
  });
});
