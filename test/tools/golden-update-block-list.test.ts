/** `npm run golden -- --update` over a block list (`warnings:` then `- CODE` lines): rewritten as flow text after its key. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyEdits } from '../../tools/golden/update.ts';

const dir = mkdtempSync(join(tmpdir(), 'golden-update-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a block list, at its key’s indentation or deeper, becomes a flow list; the keys after it stay', () => {
  const file = join(dir, 'case.yaml');
  const text = [
    'cases:',
    '- id: a',
    '  expect:',
    '    warnings:',
    '    - FIRST_CODE',
    '    trace:',
    '    - step: x # kept',
    '- id: b',
    '  expect:',
    '    warnings:',
    '      - FIRST_CODE',
    '    amounts: {total: 1}',
    '',
  ].join('\n');
  writeFileSync(file, text);
  const value = ['FIRST_CODE', 'SECOND_CODE'];
  expect(
    applyEdits(
      file,
      [0, 1].map((caseIndex) => ({ caseIndex, path: ['warnings'], value })),
    ),
  ).toBe(2);
  const out = readFileSync(file, 'utf8');
  expect(out).toContain('    warnings: ["FIRST_CODE","SECOND_CODE"]\n    trace:\n    - step: x # kept\n');
  expect(parse(out).cases.map((c: { expect: object }) => c.expect)).toEqual([
    { warnings: value, trace: [{ step: 'x' }] },
    { warnings: value, amounts: { total: 1 } },
  ]);
});
