/**
 * The stage boundaries of .dependency-cruiser.cjs catch a crossing: a small tree laid out like the
 * project's, with one import across each boundary, is cruised with the project's own rules, and each
 * crossing is reported under its rule (while import-boundaries.test.ts proves the real tree has none).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[] };

const TREE: Record<string, string> = {
  'engine/loading/rules/load.ts': "import { runPipeline } from '../../calculating/run.ts';\nexport const load = runPipeline;\n",
  'engine/loading/rules/types.ts': 'export interface CompiledRule {\n  id: string;\n}\n',
  'engine/loading/rules/slots.ts': 'export const RESULT = 1;\n',
  'engine/calculating/run.ts': "import { handler } from '../../server/app/app.ts';\nexport const runPipeline = handler;\n",
  'engine/trace/trace.ts':
    "import type { CompiledRule } from '../loading/rules/types.ts';\nimport { RESULT } from '../loading/rules/slots.ts';\nexport const step = (r: CompiledRule) => [r.id, RESULT];\n",
  'server/app/app.ts': 'export const handler = 1;\n',
};

const dir = mkdtempSync(join(tmpdir(), 'stage-boundaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function violations(): Promise<string[]> {
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const { output } = await cruise(
    ['engine', 'server'],
    { baseDir: dir, ruleSet: { forbidden: config.forbidden }, validate: true, tsPreCompilationDeps: true },
    { extensions: ['.ts'] },
  );
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('stage boundaries', () => {
  it('report each crossing under its rule, and allow the trace a type-only import of loading', async () => {
    expect(await violations()).toEqual([
      'engine-knows-no-callers: engine/calculating/run.ts -> server/app/app.ts',
      'loading-before-calculating: engine/loading/rules/load.ts -> engine/calculating/run.ts',
      'trace-knows-no-loading: engine/trace/trace.ts -> engine/loading/rules/slots.ts',
    ]);
  });
});
