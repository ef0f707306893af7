/** The request schemas' tax_dependent_count maximum is read from the monthly withholding tables' data. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputLimits } from '../../engine/masters/input-limits.ts';
import { employeeSnapshotSchema } from '../../engine/contract/employee-snapshot.ts';

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
  it('the API schema carries the live masters\' limit', () => {
    expect(employeeSnapshotSchema.properties.tax_dependent_count.maximum).toBe(readInputLimits().tax_dependent_count_max);
    expect(readInputLimits().tax_dependent_count_max).toBeGreaterThan(7);
  });
});
