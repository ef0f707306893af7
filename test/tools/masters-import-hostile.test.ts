/**
 * masters:import takes hostile files calmly: a Shift_JIS file is refused (or converted
 * when declared, and said), a name already lost to a wrong conversion is refused, a spreadsheet formula
 * where a name is expected is refused, and a file over the size or row limit is refused with the limit
 * named. Each refusal is exit 2 with one line and nothing written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../tools/masters-import/limits.ts';
import { removeTemp, tempDir } from './support/data-copies.ts';
import { HOSTILE, importCli, PUBLISHED } from './support/import-cli.ts';

const dir = tempDir('import-hostile');
afterAll(() => removeTemp(dir));

/** A refusal: exit 2, one line on stderr matching the pattern, the --out file not written. */
async function refused(args: string[], pattern: RegExp): Promise<string> {
  const out = join(dir, `refused-${Math.random().toString(36).slice(2)}.yaml`);
  const r = await importCli(...args, '--out', out);
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(existsSync(out)).toBe(false);
  return r.stderr;
}

describe('encodings', () => {
  const sjis = join(HOSTILE, 'kyokai_2026_shift_jis.csv');

  it('refuses a Shift_JIS file read as UTF-8, naming the first line that is not and the way out', async () => {
    // line 2 is Hokkaido's row, the first with Japanese text
    await refused(
      ['kyokai-rates', sjis],
      /kyokai_2026_shift_jis\.csv line 2: not UTF-8; it reads as Shift_JIS: give --encoding shift_jis to convert it/,
    );
  });

  it('converts it when --encoding shift_jis is given, says so, and the names come out right', async () => {
    const out = join(dir, 'sjis.yaml');
    const r = await importCli('kyokai-rates', sjis, '--encoding', 'shift_jis', '--out', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('converted from shift_jis to UTF-8 (--encoding shift_jis)');
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^# Imported by .*, converted from shift_jis to UTF-8\)\./);
    const doc = parse(text, { schema: 'core' });
    expect(doc.records.map((x: { prefecture_name_ja: string }) => x.prefecture_name_ja).slice(0, 3)).toEqual([
      '北海道',
      '青森県',
      '岩手県',
    ]);
    expect(doc.records.find((x: { prefecture_code: string }) => x.prefecture_code === '47').prefecture_name_ja).toBe('沖縄県');
    expect(text).not.toContain('\uFFFD');
  });

  it('refuses a UTF-8 file that declares shift_jis but is not', async () => {
    await refused(
      ['employment-insurance', join(PUBLISHED, 'social_insurance/employment_insurance_rates.csv'), '--encoding', 'shift_jis'],
      /line 2: not valid shift_jis either/,
    );
  });

  it('refuses a name already lost to an earlier wrong conversion (U+FFFD)', async () => {
    await refused(
      ['kyokai-rates', join(HOSTILE, 'kyokai_2026_replacement_char.csv')],
      /kyokai_2026_replacement_char\.csv line 28: holds U\+FFFD/,
    );
  });

  it('refuses UTF-16', async () => {
    const f = join(dir, 'utf16.csv');
    writeFileSync(
      f,
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(readFileSync(join(PUBLISHED, 'social_insurance/employment_insurance_rates.csv'), 'utf8'), 'utf16le'),
      ]),
    );
    await refused(['employment-insurance', f], /the file is UTF-16/);
  });
});

describe('spreadsheet formulas where a name or code is expected (CSV injection)', () => {
  it('refuses =HYPERLINK in a prefecture name, naming line and column', async () => {
    // Tokyo is the 13th data row: line 14
    await refused(
      ['kyokai-rates', join(HOSTILE, 'kyokai_2026_formula_name.csv')],
      /line 14 prefecture_ja: "=HYPERLINK\(.*" starts with "=": a spreadsheet would run it as a formula \(CSV formula injection\)/,
    );
  });

  it('refuses an @ DDE payload in a business type name', async () => {
    await refused(
      ['employment-insurance', join(HOSTILE, 'employment_insurance_formula_source.csv')],
      /line 10 business_type_ja: "@SUM\(1\+1\)\*cmd\|' \/C calc'!A0" starts with "@"/,
    );
  });

  it.each([
    ['+', '+1+cmd'],
    ['-', '-2+3'],
    ['=', '=1+1'],
    ['@', '@A1'],
    ['tab', '\t=1+1'],
  ])('refuses a name starting with %s', async (_label, payload) => {
    const src = readFileSync(join(PUBLISHED, 'social_insurance/employment_insurance_rates.csv'), 'utf8');
    const f = join(dir, `formula-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(
      f,
      src.replace('2025,R7,2025-04-01,2026-03-31,general,一般の事業,', `2025,R7,2025-04-01,2026-03-31,general,"${payload}",`),
    );
    await refused(['employment-insurance', f, '--select', '2025'], /line 5 business_type_ja: .* a spreadsheet would run it as a formula/);
  });

  it('refuses a formula in a code column too (the business type becomes the record id)', async () => {
    const src = readFileSync(join(PUBLISHED, 'social_insurance/employment_insurance_rates.csv'), 'utf8');
    const f = join(dir, 'formula-code.csv');
    writeFileSync(f, src.replace('2026,R8,2026-04-01,2027-03-31,general,', '2026,R8,2026-04-01,2027-03-31,=general,'));
    await refused(['employment-insurance', f], /line 8 business_type: "=general" starts with "="/);
  });
});

describe('absurd sizes', () => {
  // generated here: a file over the limits is no fixture to keep in the repository
  const monthlyRows = (n: number) =>
    [
      'lower_incl,upper_excl,kou_0,kou_1,kou_2,kou_3,kou_4,kou_5,kou_6,kou_7,otsu',
      ...Array.from({ length: n }, (_, i) => `${i},${i + 1},0,0,0,0,0,0,0,0,0`),
    ].join('\n');

  it(`refuses more than ${MAX_IMPORT_ROWS} data rows, naming the limit`, async () => {
    const f = join(dir, 'monthly_2030.csv');
    writeFileSync(f, monthlyRows(MAX_IMPORT_ROWS + 1));
    expect(Buffer.byteLength(readFileSync(f))).toBeLessThan(MAX_IMPORT_BYTES); // the row limit, not the size, refuses it
    await refused(
      ['withholding-monthly', f],
      new RegExp(
        `monthly_2030\\.csv: more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} data rows, the import limit \\(MAX_IMPORT_ROWS\\)`,
      ),
    );
  });

  it('takes exactly the row limit', async () => {
    const f = join(dir, 'monthly_2031.csv');
    writeFileSync(f, monthlyRows(MAX_IMPORT_ROWS));
    const out = join(dir, 'limit.yaml');
    expect((await importCli('withholding-monthly', f, '--out', out)).code).toBe(0);
    expect(parse(readFileSync(out, 'utf8'), { schema: 'core' }).rows).toHaveLength(MAX_IMPORT_ROWS);
  });

  it('refuses a file over the size limit before reading it (a million-row table)', async () => {
    const f = join(dir, 'monthly_2032.csv');
    writeFileSync(f, monthlyRows(1_000_000));
    await refused(
      ['withholding-monthly', f],
      new RegExp(
        `monthly_2032\\.csv: [\\d,]+ bytes, more than the import limit of ${MAX_IMPORT_BYTES.toLocaleString('en-US')} bytes \\(MAX_IMPORT_BYTES\\)`,
      ),
    );
  });
});
