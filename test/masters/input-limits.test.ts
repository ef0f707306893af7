/**
 * The request schemas' tax_dependent_count maximum is read from the monthly withholding tables' data of the
 * engine in service (its masters folder), when it loads: the server's request schemas for that engine carry it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputLimits } from '../../engine/masters/input-limits.ts';
import { employeeSnapshotSchema } from '../../engine/contract/employee-snapshot.ts';
import { loadEngine } from '../../engine/index.ts';
import { requestSchemaFor } from '../../server/validation/request-schemas.ts';
import { FakeEngine } from '../api/support/fake-engine.ts';

const MASTERS = join(import.meta.dirname, '../../masters');
const tmp = mkdtempSync(join(tmpdir(), 'input-limits-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the monthly tables with the 2026 file's limit rewritten (null: the key removed). */
function monthlyWith(name: string, value: number | null): string {
  const dir = join(tmp, name);
  cpSync(join(MASTERS, 'income_tax/monthly'), join(dir, 'income_tax/monthly'), { recursive: true });
  const file = join(dir, 'income_tax/monthly/2026-01.yaml');
  const text = readFileSync(file, 'utf8').replace(/^tax_dependent_count_max: \d+$/m, value === null ? '' : `tax_dependent_count_max: ${value}`);
  writeFileSync(file, text);
  return dir;
}

describe('input limits from the masters', () => {
  it('the smallest limit any monthly table version declares', () => {
    expect(readInputLimits(monthlyWith('smaller', 12))).toEqual({ tax_dependent_count_max: 12 });
  });
  it('a table without the limit stops the read, naming the folder', () => {
    expect(() => readInputLimits(monthlyWith('missing', null))).toThrow(/must declare an integer tax_dependent_count_max/);
  });
  it('the API schema carries the loaded masters\' limit', () => {
    const engine = loadEngine();
    expect(engine.inputLimits()).toEqual(readInputLimits());
    expect(requestSchemaFor(engine, employeeSnapshotSchema).properties.tax_dependent_count).toMatchObject({ maximum: readInputLimits().tax_dependent_count_max });
    expect(readInputLimits().tax_dependent_count_max).toBeGreaterThan(7);
    expect(new FakeEngine().inputLimits()).toEqual(readInputLimits()); // the HTTP tests' stand-in agrees
  });

  it('follows the masters folder the engine loads, not the repository\'s', () => {
    const masters = join(tmp, 'whole');
    cpSync(MASTERS, masters, { recursive: true });
    const file = join(masters, 'income_tax/monthly/2026-01.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^tax_dependent_count_max: \d+$/m, 'tax_dependent_count_max: 12'));
    const engine = loadEngine({ mastersDir: masters });
    expect(engine.inputLimits()).toEqual({ tax_dependent_count_max: 12 });
    expect(requestSchemaFor(engine, employeeSnapshotSchema).properties.tax_dependent_count).toMatchObject({ maximum: 12 });
    expect('maximum' in employeeSnapshotSchema.properties.tax_dependent_count).toBe(false); // the constant holds no data
  });
});
