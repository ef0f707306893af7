/**
 * The one golden-case runner: loads test/golden/**.yaml, builds each company's profile versions through
 * the same PUT chaining the server uses, runs every case through the engine and lists the mismatches.
 * Used by test/golden.test.ts (inside npm test) and tools/golden.ts (npm run golden, any rules/masters).
 */
import { EngineError, EngineFault, type Engine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/profile/apply-put.ts';
import type { ProfilePutBody, ProfileVersion } from '../../engine/profile/types.ts';
import { newAjv, ajvProblems } from '../../engine/util/ajv.ts';
import { readYaml, yamlFilesUnder } from '../../engine/util/yaml-file.ts';
import { goldenFileSchema } from './case-schema.ts';
import { partialMismatches } from './compare.ts';
import type { CalculationType } from '../../engine/index.ts';

export interface GoldenCase {
  file: string;
  id: string;
  description: string;
  calculation: CalculationType;
  request: Record<string, unknown>;
  expect: {
    amounts?: Record<string, unknown>;
    settings_snapshot?: Record<string, unknown>;
    warnings?: string[];
    trace?: ({ step: string } & Record<string, unknown>)[];
    trace_steps?: string[];
    error?: { code: string; message_contains?: string };
  };
  profile: ProfileVersion[];
}

const validateFile = newAjv({ strictRequired: false }).compile(goldenFileSchema);

/** Every case under dir; a malformed file or a duplicate case id throws with its file and path. */
export function loadGoldenCases(dir: string): GoldenCase[] {
  const cases: GoldenCase[] = [];
  const seen = new Set<string>();
  for (const [abs, rel] of yamlFilesUnder(dir)) {
    const { value, problems } = readYaml(abs, rel);
    if (problems.length) throw new Error(problems.map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n'));
    if (!validateFile(value)) throw new Error(ajvProblems(rel, validateFile.errors).map((p) => `${p.file} ${p.path}: ${p.message}`).join('\n'));
    const doc = value as {
      company: { company_id: string; profile_puts?: ProfilePutBody[]; profile_versions?: ProfileVersion[] };
      cases: Omit<GoldenCase, 'file' | 'profile'>[];
    };
    let versions: ProfileVersion[] = doc.company.profile_versions ?? [];
    for (const body of doc.company.profile_puts ?? []) {
      versions = applyProfilePut(versions, body, { company_id: doc.company.company_id, profile_id: `golden-${doc.company.company_id}` }).versions;
    }
    for (const c of doc.cases) {
      if (seen.has(c.id)) throw new Error(`${rel}: duplicate case id ${c.id}`);
      seen.add(c.id);
      cases.push({ ...c, file: rel, profile: versions });
    }
  }
  return cases;
}

/** Runs one case; returns its mismatches (empty = pass) and the formula codes its trace produced. */
export function runGoldenCase(engine: Engine, c: GoldenCase): { mismatches: string[]; formulaCodes: string[] } {
  const request = structuredClone(c.request);
  // The trace is needed to compare steps even where the endpoint's default would leave it out.
  if ((c.expect.trace || c.expect.trace_steps) && request.calculation_options === undefined) {
    request.calculation_options = { include_calculation_trace: true };
  }
  let result;
  try {
    result = engine.calculate(c.calculation, request, c.profile);
  } catch (e) {
    // A rule that fails while running is this case's failure, reported with the rest of the run.
    if (e instanceof EngineFault) return { mismatches: [`engine fault: ${e.message}`], formulaCodes: [] };
    if (!(e instanceof EngineError)) throw e;
    if (!c.expect.error) return { mismatches: [`unexpected error ${e.code}: ${e.message}${e.details ? ' ' + JSON.stringify(e.details) : ''}`], formulaCodes: [] };
    const out = e.code === c.expect.error.code ? [] : [`error: expected ${c.expect.error.code}, got ${e.code} (${e.message})`];
    if (c.expect.error.message_contains && !e.message.includes(c.expect.error.message_contains)) {
      out.push(`error message "${e.message}" does not contain "${c.expect.error.message_contains}"`);
    }
    return { mismatches: out, formulaCodes: [] };
  }
  if (c.expect.error) return { mismatches: [`expected error ${c.expect.error.code}, got a result`], formulaCodes: [] };
  const mismatches: string[] = [];
  if (c.expect.amounts) mismatches.push(...partialMismatches(c.expect.amounts, result.amounts, 'amounts'));
  if (c.expect.settings_snapshot) mismatches.push(...partialMismatches(c.expect.settings_snapshot, result.settings_snapshot, 'settings_snapshot'));
  if (c.expect.warnings) mismatches.push(...partialMismatches([...c.expect.warnings].sort(), [...result.warnings].sort(), 'warnings'));
  const trace = result.calculation_trace as { step: string; formula_code: string }[];
  if (c.expect.trace_steps) mismatches.push(...partialMismatches(c.expect.trace_steps, trace.map((s) => s.step), 'trace_steps'));
  let from = 0;
  for (const want of c.expect.trace ?? []) {
    const at = trace.findIndex((s, i) => i >= from && s.step === want.step);
    if (at < 0) {
      mismatches.push(`trace: no step ${want.step} (in order) among ${trace.map((s) => s.step).join(', ')}`);
      continue;
    }
    mismatches.push(...partialMismatches(want, trace[at], `trace.${want.step}`));
    from = at + 1;
  }
  return { mismatches, formulaCodes: trace.map((s) => s.formula_code) };
}
