/**
 * The request schemas' tax_dependent_count limits are the loaded monthly withholding tables' data, from the
 * folder the engine loads (not the repository's): the default maximum is the last printed kou_N column (the
 * spec's 0-7), set on the server's request schemas for that engine; the opt-in maximum (income_tax.
 * dependents_beyond_seven) is the smallest tax_dependent_count_max, stated in the schema's description.
 * The schema constants hold none.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import { employeeSnapshotSchema } from '../../engine/contract/employee-snapshot.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { FakeEngine } from '../api/support/fake-engine.ts';

const MASTERS = join(import.meta.dirname, '../../masters');
const tmp = mkdtempSync(join(tmpdir(), 'input-limits-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the masters with the 2026 monthly table's limit rewritten (null: the key removed). */
function mastersWith(name: string, value: number | null): string {
  const dir = join(tmp, name);
  cpSync(MASTERS, dir, { recursive: true });
  const file = join(dir, 'income_tax/monthly/2026-01.yaml');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(/^tax_dependent_count_max: \d+$/m, value === null ? '' : `tax_dependent_count_max: ${value}`),
  );
  return dir;
}

const schemaOf = (engine: ReturnType<typeof loadEngine>) =>
  requestSchemaFor(engine, employeeSnapshotSchema).properties.tax_dependent_count as { maximum?: number; description: string };

describe('input limits from the masters', () => {
  it("the repository's: the printed seven on the API schema for that engine, more only by the opt-in, and the HTTP tests' stand-in agrees", () => {
    const engine = loadEngine();
    expect(engine.inputLimits()).toEqual({ tax_dependent_count_printed_max: 7, tax_dependent_count_max: 99 });
    expect(schemaOf(engine).maximum).toBe(7);
    expect(schemaOf(engine).description).toContain('Default 0-7');
    expect(schemaOf(engine).description).toContain('income_tax.dependents_beyond_seven: statutory_reduction may send up to 99');
    expect(new FakeEngine().inputLimits()).toEqual(engine.inputLimits());
  });

  it("the smallest opt-in limit any monthly table version of the loaded folder declares, on that engine's schema only", () => {
    const engine = loadEngine({ mastersDir: mastersWith('smaller', 12) });
    expect(engine.inputLimits()).toEqual({ tax_dependent_count_printed_max: 7, tax_dependent_count_max: 12 });
    expect(schemaOf(engine)).toMatchObject({ maximum: 7 });
    expect(schemaOf(engine).description).toContain('may send up to 12');
    expect('maximum' in employeeSnapshotSchema.properties.tax_dependent_count).toBe(false); // the constant holds no data
  });

  it('a table without the limit is refused at load, naming the file', () => {
    expect(() => loadEngine({ mastersDir: mastersWith('missing', null) })).toThrow(LoadError);
    try {
      loadEngine({ mastersDir: mastersWith('missing2', null) });
    } catch (e) {
      expect((e as LoadError).problems.map((p) => `${p.file}: ${p.message}`)).toContainEqual(
        expect.stringMatching(/income_tax\/monthly\/2026-01\.yaml: .*tax_dependent_count_max/),
      );
    }
  });
});
