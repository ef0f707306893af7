/**
 * The start-up cache of checked YAML documents (engine/loading/load-cache.ts): a warm load parses no YAML and
 * computes the same amounts; an edited file is parsed again (a one-yen change shows in the amount) and
 * the cache rewritten; a damaged cache is ignored; a broken file is refused with the same file, path and
 * line as without a cache. YAML parses are counted through the yaml package itself.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { LoadError, loadEngine, type Engine } from '../../engine/index.ts';
import { LoadCache } from '../../engine/loading/load-cache.ts';
import { readMasters } from '../../engine/loading/masters/load.ts';
import { loadRules } from '../../engine/loading/rules/load.ts';
import { yamlFilesUnder } from '../../engine/util/yaml-file.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { profilePutExample, incomeTaxSimulationExample } from '../../engine/contract/examples.ts';
import { applyOneYenChange, copyMasters, PROJECT, removeTemp, tempDir } from '../tools/support/data-copies.ts';
import { MAX_YAML_FILE_LINES } from '../../engine/util/yaml-limits.ts';
import { writeOversizedMonthlyTable } from '../support/hostile-yaml.ts';

vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  return { ...yaml, parseDocument: vi.fn(yaml.parseDocument) };
});

const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));
function newCacheFile(): string {
  const dir = tempDir('load-cache');
  temps.push(dir);
  return join(dir, 'cache', 'checked-yaml.jsonl');
}
function mastersCopy(): string {
  const dir = copyMasters();
  temps.push(join(dir, '..'));
  return dir;
}

/** YAML documents parsed while fn runs. */
function parsesDuring<T>(fn: () => T): { parses: number; value: T } {
  const before = vi.mocked(parseDocument).mock.calls.length;
  const value = fn();
  return { parses: vi.mocked(parseDocument).mock.calls.length - before, value };
}

const RULES = join(PROJECT, 'rules');
const yamlCount = (...dirs: string[]) => dirs.reduce((n, d) => n + yamlFilesUnder(d).length, 0);

/** income tax of a 252,000 yen basis, 甲欄, no dependents: the cell the one-yen change edits (6,220). */
function incomeTax(engine: Engine): unknown {
  const { versions } = applyProfilePut([], profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p' });
  const request = { ...structuredClone(incomeTaxSimulationExample), taxable_payment: 296000, social_insurance_deduction_amount: 44000 };
  return engine.calculate('income_tax_simulation', request, versions).amounts.income_tax;
}

describe('load cache', () => {
  it('a first load parses every file and writes the cache; the next load parses none and computes the same amounts', () => {
    const cacheFile = newCacheFile();
    const masters = mastersCopy();
    const cold = parsesDuring(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile }));
    expect(cold.parses).toBe(yamlCount(masters, RULES));
    const warm = parsesDuring(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile }));
    expect(warm.parses).toBe(0);
    expect(incomeTax(warm.value)).toBe(6220);
    expect(incomeTax(cold.value)).toBe(6220);
    expect(warm.value.taxTables()).toEqual(cold.value.taxTables());
    expect(warm.value.provenance().rules_masters_hash).toBe(cold.value.provenance().rules_masters_hash);
  });

  it('a one-yen edit is parsed again, changes the amount, and rewrites the cache', () => {
    const cacheFile = newCacheFile();
    const masters = mastersCopy();
    loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile });
    const before = readFileSync(cacheFile, 'utf8');
    applyOneYenChange(masters);
    const edited = parsesDuring(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile }));
    expect(edited.parses).toBe(1);
    expect(incomeTax(edited.value)).toBe(6221);
    expect(readFileSync(cacheFile, 'utf8')).not.toBe(before);
    const again = parsesDuring(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile }));
    expect(again.parses).toBe(0);
    expect(incomeTax(again.value)).toBe(6221);
  });

  it.each([
    ['a changed digit', (text: string) => text.replace(/"6220"|6220/, (m) => m.replace('6220', '6221'))],
    ['a truncated file', (text: string) => text.slice(0, text.length / 2)],
    ['a header that is not JSON', (text: string) => `{${text}`],
    ['other schemas', (text: string) => text.replace(/"schemas":"[0-9a-f]+"/, '"schemas":"0"')],
  ])('a damaged cache (%s) is ignored: every file is parsed, amounts unchanged, the cache rewritten', (_name, damage) => {
    const cacheFile = newCacheFile();
    const masters = mastersCopy();
    loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile });
    const good = readFileSync(cacheFile, 'utf8');
    const damaged = damage(good);
    expect(damaged).not.toBe(good);
    writeFileSync(cacheFile, damaged);
    const load = parsesDuring(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile }));
    expect(load.parses).toBe(yamlCount(masters, RULES));
    expect(incomeTax(load.value)).toBe(6220);
    expect(readFileSync(cacheFile, 'utf8')).toBe(good);
  });

  it('a warm cache lets no file beyond the bounds through: past the line bound or the byte bound, it is refused as without the cache', () => {
    const cacheFile = newCacheFile();
    const masters = mastersCopy();
    loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile });
    const table = join(masters, 'income_tax/monthly/2026-01.yaml');
    writeFileSync(table, readFileSync(table, 'utf8') + '#\n'.repeat(MAX_YAML_FILE_LINES));
    const tooManyLines = readMasters(masters).problems;
    expect(tooManyLines).toEqual([
      expect.objectContaining({
        file: 'income_tax/monthly/2026-01.yaml',
        message: expect.stringMatching(/above the bound of 20000 lines/),
      }),
    ]);
    expect(readMasters(masters, new LoadCache(cacheFile)).problems).toEqual(tooManyLines);
    writeOversizedMonthlyTable(masters, 1_000_000);
    const tooManyBytes = readMasters(masters).problems;
    expect(tooManyBytes).toEqual([expect.objectContaining({ message: expect.stringMatching(/above the bound of 1048576 bytes/) })]);
    expect(readMasters(masters, new LoadCache(cacheFile)).problems).toEqual(tooManyBytes);
  });

  it('no cache file is written when the set has a problem', () => {
    const cacheFile = newCacheFile();
    const masters = mastersCopy();
    const file = join(masters, 'income_tax/monthly/2026-01.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  - [251000, 254000, 6220,', '  - [251000, 254000, 6220, 1,'));
    expect(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile })).toThrow(LoadError);
    expect(() => readFileSync(cacheFile)).toThrow(/ENOENT/);
  });
});

describe('a broken file is refused with the same file, path and line when a warm cache holds the rest', () => {
  const BROKEN = join(PROJECT, 'test/fixtures/masters-broken');
  const cases = readdirSync(BROKEN, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it.each(cases)('masters: %s laid over a copy of masters/', (name) => {
    const cacheFile = newCacheFile();
    const masters = mastersCopy();
    const warm = new LoadCache(cacheFile);
    expect(readMasters(masters, warm).problems).toEqual([]);
    warm.save();
    cpSync(join(BROKEN, name), masters, { recursive: true });
    const uncached = readMasters(masters).problems;
    expect(uncached.length).toBeGreaterThan(0);
    const cached = readMasters(masters, new LoadCache(cacheFile)).problems;
    expect(cached).toEqual(uncached);
  });

  it('rules: a syntax error and an unknown key in a rule file', () => {
    const cacheFile = newCacheFile();
    const rules = join(tempDir('rules'), 'rules');
    temps.push(join(rules, '..'));
    cpSync(RULES, rules, { recursive: true });
    const warm = new LoadCache(cacheFile);
    expect(loadRules(rules, undefined, warm).problems).toEqual([]);
    warm.save();
    const file = join(rules, 'deduction/deduction.resident_tax.v1.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^formula_code:/m, 'formula_cod: x\nformula_code:'));
    const other = join(rules, 'income_tax/income_tax.monthly_bracket_lookup.v1.yaml');
    writeFileSync(other, `${readFileSync(other, 'utf8')}\n  bad: [unclosed\n`);
    const uncached = loadRules(rules).problems;
    const cached = parsesDuring(() => loadRules(rules, undefined, new LoadCache(cacheFile)));
    expect(cached.value.problems).toEqual(uncached);
    expect(uncached).toContainEqual(
      expect.objectContaining({
        file: 'rules/deduction/deduction.resident_tax.v1.yaml',
        path: '/formula_cod',
        message: expect.stringMatching(/\(line \d+\)/),
      }),
    );
    expect(uncached).toContainEqual(
      expect.objectContaining({
        file: 'rules/income_tax/income_tax.monthly_bracket_lookup.v1.yaml',
        message: expect.stringMatching(/line \d+/),
      }),
    );
  });
});
