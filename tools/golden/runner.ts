/**
 * The one golden-case runner: loads test/golden/**.yaml, builds each company's profile versions through
 * the same PUT chaining the server uses, validates each request with the API's own request schema,
 * runs every case through the engine and lists the mismatches with the trace step that produced each.
 * Used by test/golden.test.ts (inside npm test) and tools/golden.ts (npm run golden, any rules/masters).
 */
import {
  applyProfilePut,
  type CalculationResult,
  type CalculationType,
  type Engine,
  EngineError,
  type ProfilePutBody,
  type ProfileVersion,
  type ValidationDetail,
  widenForProfile,
} from '../../engine/index.ts';
import { ajvProblems, newAjv, readYaml, yamlFilesUnder } from '../../engine/tooling.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';
import { goldenFileSchema } from './case-schema.ts';
import { partialMismatches, type Mismatch } from './compare.ts';

export interface GoldenCase {
  /** path relative to the corpus directory */
  file: string;
  /** absolute path, for --update */
  absFile: string;
  /** position of the case in its file's `cases` list, for --update */
  index: number;
  id: string;
  description: string;
  tags?: string[];
  calculation: CalculationType;
  request: Record<string, unknown>;
  expect: {
    amounts?: Record<string, unknown>;
    settings_snapshot?: Record<string, unknown>;
    warnings?: string[];
    trace?: ({ step: string } & Record<string, unknown>)[];
    trace_steps?: string[];
    error?: { code: string; message_contains?: string; details?: { path: (string | number)[]; code?: string }[] };
  };
  profile: ProfileVersion[];
}

/** The trace step that produced a mismatching value: what a specialist opens next. */
export interface StepRef {
  step: string;
  formula_code: string;
  rule_file?: string;
}

export interface AttributedMismatch extends Mismatch {
  step?: StepRef;
}

export interface CaseOutcome {
  /** value differences; --update can write the actual values back */
  mismatches: AttributedMismatch[];
  /** everything else that fails the case (unexpected error, crash, refused request, missing step) */
  problems: string[];
  formulaCodes: string[];
  result?: CalculationResult;
}

const validateFile = newAjv({ strictRequired: false }).compile(goldenFileSchema);

export interface GoldenCorpus {
  cases: GoldenCase[];
  /** one line per broken file or duplicate id: "file path: message" */
  problems: string[];
}

/** Every case under dir; a broken file is reported (with file and path) and skipped, the rest load. */
export function loadGoldenCorpus(dir: string): GoldenCorpus {
  const cases: GoldenCase[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [abs, rel] of yamlFilesUnder(dir)) {
    const { value, problems: yamlProblems } = readYaml(abs, rel);
    if (yamlProblems.length) {
      problems.push(...yamlProblems.map((p) => `${p.file} ${p.path}: ${p.message}`));
      continue;
    }
    if (!validateFile(value)) {
      problems.push(...ajvProblems(rel, validateFile.errors).map((p) => `${p.file} ${p.path}: ${p.message}`));
      continue;
    }
    const doc = value as {
      company: { company_id: string; profile_puts?: ProfilePutBody[]; profile_versions?: ProfileVersion[] };
      cases: Omit<GoldenCase, 'file' | 'absFile' | 'index' | 'profile'>[];
    };
    let versions: ProfileVersion[] = doc.company.profile_versions ?? [];
    try {
      for (const body of doc.company.profile_puts ?? []) {
        versions = applyProfilePut(versions, body, {
          company_id: doc.company.company_id,
          profile_id: `golden-${doc.company.company_id}`,
        }).versions;
      }
    } catch (e) {
      problems.push(`${rel} /company/profile_puts: ${(e as Error).message}`);
      continue;
    }
    doc.cases.forEach((c, index) => {
      if (seen.has(c.id)) {
        problems.push(`${rel} /cases/${index}/id: duplicate case id ${c.id}`);
        return;
      }
      seen.add(c.id);
      cases.push({ ...c, file: rel, absFile: abs, index, profile: versions });
    });
  }
  return { cases, problems };
}

/** Every case under dir; any broken file throws with all the problems (the test suite wants all or none). */
export function loadGoldenCases(dir: string): GoldenCase[] {
  const { cases, problems } = loadGoldenCorpus(dir);
  if (problems.length) throw new Error(problems.join('\n'));
  return cases;
}

/** Cases whose id, file or one of whose tags matches the pattern. */
export function filterCases(cases: GoldenCase[], pattern: RegExp | undefined): GoldenCase[] {
  if (!pattern) return cases;
  return cases.filter((c) => pattern.test(c.id) || pattern.test(c.file) || (c.tags ?? []).some((t) => pattern.test(t)));
}

/**
 * The API's own request schema for the calculation (it also fills the schema defaults, as the server does),
 * with the limits the company's profile widens widened as the server does (dependents beyond seven).
 */
function requestSchemaDetails(engine: Engine, c: GoldenCase, request: Record<string, unknown>): ValidationDetail[] {
  const endpoint = CALCULATION_ENDPOINTS.find((e) => e.type === c.calculation)!;
  return widenForProfile(
    engine.inputLimits(),
    c.calculation,
    request,
    schemaDetails(requestSchemaFor(engine, endpoint.requestSchema), request),
    c.profile,
  );
}

type TraceStepLike = { step: string; formula_code: string; output_key?: string; rule?: { file?: string } };

function stepRef(s: TraceStepLike | undefined): StepRef | undefined {
  return s ? { step: s.step, formula_code: s.formula_code, ...(s.rule?.file ? { rule_file: s.rule.file } : {}) } : undefined;
}

/**
 * The step that wrote the mismatching amount: its output_key is the amount's path, or (simulations
 * report a step's output under a shorter name: amounts.income_tax <- amounts.statutory_deductions.income_tax)
 * ends with the amount's name. The last writer wins, as in the pipeline.
 */
function producerOf(m: Mismatch, trace: TraceStepLike[], matched: number[]): StepRef | undefined {
  if (m.path[0] === 'trace') return stepRef(trace[matched[m.path[1] as number]]);
  if (m.path[0] !== 'amounts') return undefined;
  const segments = m.path.filter((s): s is string => typeof s === 'string');
  const writers = [...trace].reverse();
  for (let n = segments.length; n > 1; n--) {
    const key = segments.slice(0, n).join('.');
    const tail = `.${segments.slice(1, n).join('.')}`;
    const found = writers.find((s) => s.output_key === key) ?? writers.find((s) => s.output_key?.endsWith(tail));
    if (found) return stepRef(found);
  }
  return undefined;
}

function compareError(c: GoldenCase, e: { code: string; message: string; details?: ValidationDetail[] }): string[] {
  if (!c.expect.error) return [`unexpected error ${e.code}: ${e.message}${e.details ? ' ' + JSON.stringify(e.details) : ''}`];
  const out = e.code === c.expect.error.code ? [] : [`error: expected ${c.expect.error.code}, got ${e.code} (${e.message})`];
  if (c.expect.error.message_contains && !e.message.includes(c.expect.error.message_contains)) {
    out.push(`error message "${e.message}" does not contain "${c.expect.error.message_contains}"`);
  }
  // every expected detail must be among the error's details (path exactly, code when given)
  for (const want of c.expect.error.details ?? []) {
    const found = (e.details ?? []).some(
      (d) => JSON.stringify(d.path) === JSON.stringify(want.path) && (want.code === undefined || d.code === want.code),
    );
    if (!found)
      out.push(
        `error: no detail at ${JSON.stringify(want.path)}${want.code ? ` with code ${want.code}` : ''} among ${JSON.stringify(e.details ?? [])}`,
      );
  }
  return out;
}

function compareResult(c: GoldenCase, result: CalculationResult): { mismatches: Mismatch[]; problems: string[]; matched: number[] } {
  const mismatches: Mismatch[] = [];
  const problems: string[] = [];
  if (c.expect.amounts) mismatches.push(...partialMismatches(c.expect.amounts, result.amounts, ['amounts']));
  if (c.expect.settings_snapshot)
    mismatches.push(...partialMismatches(c.expect.settings_snapshot, result.settings_snapshot, ['settings_snapshot']));
  if (c.expect.warnings) {
    // order-free: compared sorted, and rewritten whole by --update
    const want = [...c.expect.warnings].sort();
    const got = [...result.warnings].sort();
    if (partialMismatches(want, got, []).length) mismatches.push({ path: ['warnings'], expected: c.expect.warnings, actual: got });
  }
  const trace = result.calculation_trace as unknown as TraceStepLike[];
  if (c.expect.trace_steps)
    mismatches.push(
      ...partialMismatches(
        c.expect.trace_steps,
        trace.map((s) => s.step),
        ['trace_steps'],
      ),
    );
  let from = 0;
  const matched: number[] = [];
  (c.expect.trace ?? []).forEach((want, i) => {
    const at = trace.findIndex((s, j) => j >= from && s.step === want.step);
    matched.push(at);
    if (at < 0) {
      problems.push(`trace: no step ${want.step} (in order) among ${trace.map((s) => s.step).join(', ')}`);
      return;
    }
    mismatches.push(...partialMismatches(want, trace[at], ['trace', i]));
    from = at + 1;
  });
  return { mismatches, problems, matched };
}

function withTrace(request: Record<string, unknown>): Record<string, unknown> {
  const options = (request.calculation_options as Record<string, unknown> | undefined) ?? {};
  return { ...request, calculation_options: { ...options, include_calculation_trace: true } };
}

/** Runs one case. Never throws: an engine crash fails this case only, as a problem. */
export function runGoldenCase(engine: Engine, c: GoldenCase): CaseOutcome {
  let request = structuredClone(c.request);
  // The trace is needed to compare steps even where the endpoint's default would leave it out.
  if ((c.expect.trace || c.expect.trace_steps) && request.calculation_options === undefined) request = withTrace(request);
  const refused = requestSchemaDetails(engine, c, request);
  if (refused.length) {
    // the API answers validation_error with these details (and the cross-field ones) before any calculation
    if (c.expect.error?.code === 'validation_error')
      return {
        mismatches: [],
        problems: compareError(c, { code: 'validation_error', message: 'The request is invalid.', details: refused }),
        formulaCodes: [],
      };
    return {
      mismatches: [],
      problems: [
        `the API would refuse this request (validation_error): ${refused.map((d) => `${d.path.join('.')}: ${d.message}`).join('; ')}`,
      ],
      formulaCodes: [],
    };
  }
  let result: CalculationResult;
  try {
    result = engine.calculate(c.calculation, request, c.profile).toResult();
  } catch (e) {
    if (e instanceof EngineError) return { mismatches: [], problems: compareError(c, e), formulaCodes: [] };
    return { mismatches: [], problems: [`the calculation crashed: ${(e as Error)?.message ?? String(e)}`], formulaCodes: [] };
  }
  if (c.expect.error)
    return { mismatches: [], problems: [`expected error ${c.expect.error.code}, got a result`], formulaCodes: [], result };
  const { mismatches, problems, matched } = compareResult(c, result);
  let trace = result.calculation_trace as unknown as TraceStepLike[];
  if (mismatches.length && trace.length === 0) {
    // the case asked for no trace; run again with one, only to name the step behind each difference
    try {
      trace = engine.calculate(c.calculation, withTrace(request), c.profile).toResult().calculation_trace as unknown as TraceStepLike[];
    } catch {
      /* attribution is a convenience; the mismatch itself stands */
    }
  }
  const attributed = mismatches.map((m) => {
    const step = producerOf(m, trace, matched);
    return step ? { ...m, step } : m;
  });
  return {
    mismatches: attributed,
    problems,
    formulaCodes: (result.calculation_trace as unknown as TraceStepLike[]).map((s) => s.formula_code),
    result,
  };
}
