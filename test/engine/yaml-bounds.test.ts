/**
 * A rule or master file beyond the loader's bounds (engine/util/yaml-limits.ts) is refused before it is
 * parsed, with one problem naming the file and the bound: too many bytes, too many lines, or aliases that
 * expand exponentially (a "billion laughs"). It protects the service from a data file that would freeze
 * or kill it while loading; the real files load as before (every other test).
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError, loadEngine } from '../../engine/index.ts';
import { readMasters } from '../../engine/loading/masters/load.ts';
import { readYamlSource } from '../../engine/loading/masters/yaml-source.ts';
import { readYaml } from '../../engine/util/yaml-file.ts';
import { MAX_YAML_ALIASES, MAX_YAML_FILE_BYTES, MAX_YAML_FILE_LINES } from '../../engine/util/yaml-limits.ts';
import { BILLION_LAUGHS, MONTHLY_TABLE, writeOversizedMonthlyTable } from '../support/hostile-yaml.ts';
import { copyMasters, PROJECT, removeTemp, tempDir } from '../tools/support/data-copies.ts';

const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));

describe('YAML bounds, before parsing', () => {
  const readers = [
    ['readYaml', (text: string) => readYaml('unused', 'x.yaml', text).problems],
    ['readYamlSource', (text: string) => readYamlSource('unused', 'x.yaml', text).problems],
  ] as const;

  it.each(readers)('%s: a file of more than MAX_YAML_FILE_BYTES is one problem naming the file and the bound', (_, read) => {
    const problems = read(`a: "${'x'.repeat(MAX_YAML_FILE_BYTES)}"\n`);
    expect(problems).toEqual([
      { file: 'x.yaml', path: '/', message: expect.stringMatching(/^refused before parsing: \d+ bytes, above the bound of 1048576 bytes/) },
    ]);
  });

  it.each(readers)('%s: more than MAX_YAML_FILE_LINES lines is refused, exactly that many is read', (_, read) => {
    const list = (n: number) => `a:\n${'  - 1\n'.repeat(n - 2)}`; // n lines with the final newline's empty one
    expect(read(list(MAX_YAML_FILE_LINES))).toEqual([]);
    expect(read(list(MAX_YAML_FILE_LINES + 1))).toEqual([
      { file: 'x.yaml', path: '/', message: expect.stringMatching(/more than 20000 lines, above the bound of 20000 lines/) },
    ]);
  });

  it.each(readers)('%s: nested aliases (a billion laughs) are one problem, a few aliases are read', (_, read) => {
    expect(read(BILLION_LAUGHS)).toEqual([
      { file: 'x.yaml', path: '/', message: expect.stringMatching(`aliases expand more than ${MAX_YAML_ALIASES} times`) },
    ]);
    expect(read('a: &a [1, 2]\nb: [*a, *a]\n')).toEqual([]);
  });
});

describe('the loaders refuse an oversized file by its size on disk', () => {
  it('a withholding table of 1,000,000 rows: one problem for that file, the others checked as usual', () => {
    const masters = copyMasters();
    temps.push(join(masters, '..'));
    writeOversizedMonthlyTable(masters, 1_000_000);
    const { problems } = readMasters(masters);
    expect(problems).toEqual([
      {
        file: MONTHLY_TABLE,
        path: '/',
        message: expect.stringMatching(/^refused before parsing: 4\d{7} bytes, above the bound of 1048576 bytes per file/),
      },
    ]);
  });

  it('a rule file with a billion laughs stops the engine load with a LoadError naming it', () => {
    const rules = join(tempDir('rules'), 'rules');
    temps.push(join(rules, '..'));
    cpSync(join(PROJECT, 'rules'), rules, { recursive: true });
    writeFileSync(join(rules, 'laughs.yaml'), BILLION_LAUGHS);
    let error: unknown;
    try {
      loadEngine({ rulesDir: rules });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LoadError);
    expect((error as LoadError).problems).toEqual([
      { file: 'rules/laughs.yaml', path: '/', message: expect.stringMatching(/aliases expand more than 100 times/) },
    ]);
  });
});
