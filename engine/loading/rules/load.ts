/**
 * Loads every rule file and pipeline once: YAML (strict), schema, file naming, compile of every
 * expression, declared-variable checks, rounding names, version overlaps. Any problem is collected;
 * the caller refuses to start on a non-empty list.
 */
import { basename, dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { LoadCache } from '../load-cache.ts';
import type { LoadProblem } from '../../errors.ts';
import { compileExpression, ExpressionCompileError, rootVariablesOf, variablesOf } from '../../logic/index.ts';
import { scopeIndexOf, type RuleScopeNames } from '../../logic/rule-scope.ts';
import { getRounding, roundingNames } from '../../logic/rounding/index.ts';
import { checkFormulaText } from './check-formula.ts';
import { datesMatchBasis } from '../masters/invariants/dates-match-basis.ts';
import { ajvProblems, newAjv } from '../../util/ajv.ts';
import { readYamlFolder, type FolderFile } from '../../util/yaml-folder.ts';
import { boundedBytes } from '../../util/yaml-limits.ts';
import { readYamlSource, withLine, type YamlSource } from '../masters/yaml-source.ts';
import { nestedWriteProblems, prepareWriteProblems, ruleWriteProblems, ruleWrites } from './check-writes.ts';
import { notNumbers, numberOperandProblems, resultKinds, type Kinds } from '../../logic/result-kinds.ts';
import { MASTER_REF_TYPE, SETTINGS_VERSION_SLOTS, type ResolvedSlot } from './slots.ts';
import { checkContextPaths, type PipelineSource } from './check-paths.ts';
import { pipelineSchema, ruleSchema } from './schema.ts';
import {
  amountsMap,
  checkOutputs,
  decimalStringFields,
  declarationProblems,
  type OutputDeclarations,
  type OutputWrite,
} from './outputs.ts';
import type { CompiledRule, RuleDocument } from './types.ts';
import type { Evaluator } from '../../logic/types.ts';
import type { MasterSet } from '../masters/types.ts';
import { RuleRegistry } from './registry.ts';
import { checkLawEnds, checkParameterReads } from './check-parameters.ts';
import { checkStepCoverage } from './check-coverage.ts';
import { earliestServedDate } from './served-period.ts';

export interface CompiledPipeline {
  calculation_type: string;
  file: string;
  /** Months from the payment month to the premium month, by social_insurance_collection. */
  premium_month: { next_month: number; same_month: number };
  /** The master slots settings resolution looks up for this calculation. */
  masters: readonly ResolvedSlot[];
  /** `masters_when`: slots resolved besides `masters` for a request its expression holds for */
  mastersWhen: [ResolvedSlot, Evaluator][];
  /** The pipeline's `version_date` over `{request}` (null: the request's payment_date chooses every version). */
  versionDate: Evaluator | null;
  /** The request's top-level fields it reads (null: the request whole). */
  versionDateReads: string[] | null;
  prepare: [readonly string[], Evaluator][];
  /** other calculations run after prepare: the path their results go to, their type, their requests */
  calculations: [readonly string[], string, Evaluator][];
  /** trace: false runs the step without recording a trace step */
  steps: { rule: string; when: Evaluator | null; trace: boolean }[];
  /** The declared outputs (the pipeline's `amounts:`), from which the response schema is generated. */
  outputs: OutputDeclarations;
  /** top-level response field -> context path, derived from the declarations */
  amounts: Record<string, string>;
  /** response paths written as decimal strings, derived from the declarations (type decimal_string) */
  decimal_strings: string[];
}

export interface LoadedRules {
  registry: RuleRegistry;
  pipelines: Map<string, CompiledPipeline>;
}

/** The formula code a rule file is named for (rules/x/a.b.v2.yaml -> a.b), even when the file failed to load. */
function codeOfFile(file: string): string {
  return basename(file)
    .replace(/\.yaml$/, '')
    .replace(/\.v\d+$/, '');
}

/** also_outputs value naming the step's own (rounded) result rather than a binding. */
export const RESULT = '@result';

/** Compiled at the first file the load cache does not already know as checked (engine/loading/load-cache.ts). */
let validators: { rule: ValidateFunction; pipeline: ValidateFunction } | undefined;
function schemaValidators() {
  if (!validators) {
    const ajv = newAjv();
    validators = { rule: ajv.compile(ruleSchema), pipeline: ajv.compile(pipelineSchema) };
  }
  return validators;
}

const NO_CACHE = new LoadCache(null);

/** The checked document of one rule or pipeline file: from the cache, else parsed and schema-checked. */
function readChecked(
  folderFile: FolderFile,
  file: string,
  as: 'rule' | 'pipeline',
  cache: LoadCache,
  problems: LoadProblem[],
  sources: Map<string, YamlSource>,
): unknown {
  // a cached document passed the size bounds with these very bytes (the bounds are part of the cache's
  // fingerprint): only a file read whole can be one
  const cached = folderFile.bytes === null ? undefined : cache.get(as, folderFile.sha256);
  if (cached !== undefined) return cached;
  const read = boundedBytes(file, folderFile.size, folderFile.bytes);
  if (read.problem) {
    problems.push(read.problem);
    return undefined;
  }
  const src = readYamlSource(folderFile.abs, file, read.bytes.toString('utf8'));
  sources.set(file, src);
  problems.push(...src.problems);
  if (src.value === undefined) return undefined;
  const validate = schemaValidators()[as];
  if (!validate(src.value)) {
    problems.push(...ajvProblems(file, validate.errors));
    return undefined;
  }
  cache.put(as, folderFile.sha256, src.value);
  return src.value;
}

/** No bindings: the expressions of a pipeline (prepare, version_date, a step's when) read the context. */
const NO_BINDINGS: ReadonlyMap<string, Kinds> = new Map();

/** The request's top-level fields an expression over {request} reads, or null when it reads the request whole. */
function requestFieldsRead(expr: unknown): string[] | null {
  const fields: string[] = [];
  for (const path of variablesOf(expr)) {
    const [root, field] = path.split('.');
    if (root !== 'request' || field === undefined) return null;
    if (!fields.includes(field)) fields.push(field);
  }
  return fields;
}

/**
 * An expression compiled, its problems reported at their JSON path: (`checks`, in a rule) a variable
 * neither an input nor an earlier binding, a compile error, or (`checks`) an operand taken as a number
 * that can yield a string or a boolean (result-kinds.ts; `kinds`: the rule's bindings so far).
 */
function compileAt(
  problems: LoadProblem[],
  file: string,
  path: string,
  expr: unknown,
  checks: boolean,
  ruleScope?: RuleScopeNames,
  kinds: ReadonlyMap<string, Kinds> = NO_BINDINGS,
): Evaluator | null {
  if (checks && ruleScope) checkVariables(problems, file, path, expr, ruleScope.known);
  let fn: Evaluator;
  try {
    fn = compileExpression(expr, `${file} ${path}`, { ruleScope });
  } catch (e) {
    // the problem's path is the JSON path of the faulty node itself (e.g. /bindings/x/fail_if)
    if (e instanceof ExpressionCompileError) problems.push({ file, path: path + e.path, message: e.problem });
    else problems.push({ file, path, message: (e as Error).message.replace(`${file} `, '') });
    return null;
  }
  if (checks) for (const p of numberOperandProblems(expr, kinds, path)) problems.push({ file, ...p });
  return fn;
}

/** `checks` false: the set is proven under this build (engine/loading/load-cache.ts); the checks that only find problems are left out. */
function loadRule(file: string, doc: RuleDocument, problems: LoadProblem[], checks: boolean): CompiledRule | null {
  const before = problems.length;
  if (basename(file) !== `${doc.formula_code}.yaml`) {
    problems.push({ file, path: '/formula_code', message: `file name must be ${doc.formula_code}.yaml` });
  }
  const domain = doc.formula_code.split('.')[0];
  if (basename(dirname(file)) !== domain) {
    problems.push({ file, path: '/formula_code', message: `rule belongs in rules/${domain}/` });
  }
  if (doc.rounding_rule !== null && !getRounding(doc.rounding_rule)) {
    problems.push({
      file,
      path: '/rounding_rule',
      message: `unknown rounding rule ${doc.rounding_rule} (known: ${roundingNames().join(', ')}; or null for none)`,
    });
  } else if (checks) {
    problems.push(...checkFormulaText(file, doc));
  }
  doc.masters.forEach((slot, i) => {
    if (!(slot in MASTER_REF_TYPE))
      problems.push({
        file,
        path: `/masters/${i}`,
        message: `unknown master slot ${slot} (known: ${Object.keys(MASTER_REF_TYPE).join(', ')})`,
      });
  });
  if (doc.effective_to !== null && doc.effective_to < doc.effective_from) {
    problems.push({ file, path: '/effective_to', message: 'effective_to is before effective_from' });
  }
  // a rule chosen by premium month covers whole months, as a premium-month table does
  const basis = { effective_date_basis: doc.date_basis, effective_from: doc.effective_from, effective_to: doc.effective_to };
  for (const issue of datesMatchBasis(basis, 'rule')) problems.push({ file, ...issue });
  const known = new Set(Object.keys(doc.inputs));
  const scopeIndex = scopeIndexOf(Object.keys(doc.inputs), Object.keys(doc.bindings ?? {}));
  const bindings: [string, Evaluator][] = [];
  /** what each binding can yield, as far as its form tells (result-kinds.ts): read by the checks alone */
  const kinds = new Map<string, Kinds>();
  for (const [name, expr] of Object.entries(doc.bindings ?? {})) {
    if (known.has(name)) problems.push({ file, path: `/bindings/${name}`, message: 'binding shadows an input' });
    const fn = compileAt(problems, file, `/bindings/${name}`, expr, checks, { index: scopeIndex, known: new Set(known) }, kinds);
    if (fn) bindings.push([name, fn]);
    known.add(name);
    if (checks) kinds.set(name, resultKinds(expr, kinds));
  }
  const expression = compileAt(problems, file, '/expression', doc.expression, checks, { index: scopeIndex, known }, kinds);
  if (checks && doc.rounding_rule !== null) problems.push(...roundedKindProblems(file, doc, kinds));
  const warnings: CompiledRule['warnings'] = [];
  (doc.warnings ?? []).forEach((w, i) => {
    const when = compileAt(problems, file, `/warnings/${i}/when`, w.when, checks, { index: scopeIndex, known }, kinds);
    if (when) warnings.push({ code: w.code, when });
  });
  for (const [key, binding] of Object.entries(doc.also_outputs ?? {})) {
    if (binding !== RESULT && !(binding in (doc.bindings ?? {})))
      problems.push({ file, path: `/also_outputs/${key}`, message: `no binding named ${binding}` });
  }
  if (checks) problems.push(...ruleWriteProblems(file, doc));
  if (problems.length > before || !expression) return null;
  return {
    doc,
    file,
    code: doc.formula_code.replace(/\.v\d+$/, ''),
    // master and parameter values are loaded data: a table among them is left out of the trace, a binding over them remembered per value
    inputs: Object.entries(doc.inputs).map(
      ([name, path]) =>
        [name, path.split('.'), path.startsWith('masters.') || path.startsWith('parameters.')] as [string, string[], boolean],
    ),
    output: doc.output_key.split('.'),
    alsoOutputs: Object.entries(doc.also_outputs ?? {}).map(([key, binding]) => [key.split('.'), binding] as [string[], string]),
    bindings,
    expression,
    warnings,
    scopeIndex,
  };
}

/**
 * A rule with a rounding_rule yields a number, wherever the form of its expression tells
 * (result-kinds.ts): a string or a boolean there loaded and then failed every calculation that met it.
 */
function roundedKindProblems(file: string, doc: RuleDocument, kinds: ReadonlyMap<string, Kinds>): LoadProblem[] {
  const other = notNumbers(resultKinds(doc.expression, kinds));
  if (other.length === 0) return [];
  return [
    {
      file,
      path: '/expression',
      message: `can yield ${other.join(' or ')} where rounding_rule ${doc.rounding_rule} rounds a number: make every branch a number, or set rounding_rule: null`,
    },
  ];
}

/**
 * The checks across files, once every rule and pipeline is compiled: context paths, nested writes, step
 * coverage over the served period, parameter reads, each pipeline's declared outputs.
 */
function crossFileProblems(
  pipelines: Map<string, CompiledPipeline>,
  sources: PipelineSource[],
  registry: RuleRegistry,
  failedCodes: Set<string>,
  masters: MasterSet | undefined,
): LoadProblem[] {
  const problems = [...checkContextPaths(sources, registry, masters), ...nestedWriteProblems(sources, registry)];
  const judged = [...pipelines.values()].map((p) => ({ ...p, steps: p.steps.filter((s) => !failedCodes.has(s.rule)) }));
  problems.push(...checkStepCoverage(judged, registry, masters ? earliestServedDate(masters) : null));
  if (masters?.parameters)
    problems.push(
      ...checkParameterReads(registry.all(), masters.parameters, earliestServedDate(masters)),
      ...checkLawEnds(judged, registry, masters.parameters),
    );
  for (const source of sources) {
    // a step whose rule failed to load writes nothing we can know of: its outputs are not judged (one mistake, one message)
    const complete = source.steps.every((s) => !failedCodes.has(s.rule));
    if (source.outputs) problems.push(...checkOutputs(source.file, source.outputs, outputWrites(source, registry), complete));
  }
  return problems;
}

/** What prepare and every version of every step's rule write (output_key, also_outputs). */
function outputWrites(p: PipelineSource, registry: RuleRegistry): OutputWrite[] {
  const writes: OutputWrite[] = Object.keys(p.prepare).map((path) => ({ path, by: `prepare entry ${path}` }));
  for (const step of p.steps) {
    for (const rule of registry.versions(step.rule)) for (const { path } of ruleWrites(rule.doc)) writes.push({ path, by: rule.file });
  }
  return writes;
}

function checkVariables(problems: LoadProblem[], file: string, path: string, expr: unknown, known: ReadonlySet<string>) {
  let roots: string[];
  try {
    roots = rootVariablesOf(expr);
  } catch {
    return; // a malformed expression is reported by its compile
  }
  for (const head of roots) {
    if (!known.has(head)) problems.push({ file, path, message: `variable "${head}" is neither an input nor an earlier binding` });
  }
}

/**
 * `masters`, when loaded, lets the path check see the master records exactly as rules will read them.
 * `cache`: checked documents from an earlier clean load; the new ones are added to it.
 * `files`: the folder as already read (engine/util/yaml-folder.ts), else it is read here.
 * `checks` false: the set is proven under this build (engine/loading/load-cache.ts), so the checks that only look
 * for problems (variables, paths, writes, coverage, parameters, outputs, operand kinds) are not run again;
 * every expression is compiled as always.
 */
export function loadRules(
  rulesDir: string,
  masters?: MasterSet,
  cache: LoadCache = NO_CACHE,
  files: FolderFile[] = readYamlFolder(rulesDir),
  checks = true,
): { rules: LoadedRules; problems: LoadProblem[] } {
  const loaded = loadRulesWith(rulesDir, files, masters, cache, checks);
  // a cached document has no syntax tree to place a problem on its line: a set with problems is read again in full
  return loaded.problems.length && cache !== NO_CACHE ? loadRulesWith(rulesDir, files, masters, NO_CACHE, true) : loaded;
}

function loadRulesWith(
  rulesDir: string,
  files: FolderFile[],
  masters: MasterSet | undefined,
  cache: LoadCache,
  checks: boolean,
): { rules: LoadedRules; problems: LoadProblem[] } {
  const problems: LoadProblem[] = [];
  const registry = new RuleRegistry();
  const pipelines = new Map<string, CompiledPipeline>();
  const sources: PipelineSource[] = [];
  const failedCodes = new Set<string>();
  const yamlSources = new Map<string, YamlSource>();
  const pipelineDir = join(rulesDir, 'pipelines');
  for (const folderFile of files) {
    const file = `rules/${folderFile.rel}`;
    const isPipeline = folderFile.abs.startsWith(pipelineDir + '/');
    const value = readChecked(folderFile, file, isPipeline ? 'pipeline' : 'rule', cache, problems, yamlSources);
    if (value === undefined) {
      if (!isPipeline) failedCodes.add(codeOfFile(file));
      continue;
    }
    if (isPipeline) {
      const p = value as {
        calculation_type: string;
        premium_month: { next_month: number; same_month: number };
        masters: ResolvedSlot[];
        masters_when?: Record<string, unknown>;
        version_date?: unknown;
        prepare?: Record<string, unknown>;
        calculations?: Record<string, { calculation: string; requests: unknown }>;
        steps: { rule: string; when?: unknown; trace?: boolean }[];
        amounts: OutputDeclarations;
      };
      const versionDate = p.version_date === undefined ? null : compileAt(problems, file, '/version_date', p.version_date, checks);
      const mastersWhen: [ResolvedSlot, Evaluator][] = [];
      for (const [slot, expr] of Object.entries(p.masters_when ?? {})) {
        const fn = compileAt(problems, file, `/masters_when/${slot}`, expr, checks);
        if (fn) mastersWhen.push([slot as ResolvedSlot, fn]);
      }
      const prepare: [readonly string[], Evaluator][] = [];
      problems.push(...prepareWriteProblems(file, Object.keys(p.prepare ?? {})));
      for (const [path, expr] of Object.entries(p.prepare ?? {})) {
        const fn = compileAt(problems, file, `/prepare/${path}`, expr, checks);
        if (fn) prepare.push([path.split('.'), fn]);
      }
      const calculations: [readonly string[], string, Evaluator][] = [];
      for (const [path, c] of Object.entries(p.calculations ?? {})) {
        const fn = compileAt(problems, file, `/calculations/${path}/requests`, c.requests, checks);
        if (fn) calculations.push([path.split('.'), c.calculation, fn]);
      }
      // for the path checks a calculation's result is written as a prepare entry is, after them
      const prepared = { ...p.prepare, ...Object.fromEntries(Object.entries(p.calculations ?? {}).map(([k, c]) => [k, c.requests])) };
      const steps = p.steps.map((s, i) => ({
        rule: s.rule,
        when: s.when === undefined ? null : compileAt(problems, file, `/steps/${i}/when`, s.when, checks),
        trace: s.trace !== false,
      }));
      // settings_snapshot reports the version of these slots' records, so every calculation resolves them
      for (const slot of Object.values(SETTINGS_VERSION_SLOTS)) {
        if (slot !== 'company_profile' && !p.masters.includes(slot)) {
          problems.push({
            file,
            path: '/masters',
            message: `missing slot ${slot}: settings_snapshot reports its version in every calculation`,
          });
        }
      }
      const declared = declarationProblems(file, p.amounts);
      problems.push(...declared);
      sources.push({
        calculation_type: p.calculation_type,
        file,
        masters: [...p.masters, ...mastersWhen.map(([slot]) => slot)],
        prepare: prepared,
        steps: p.steps,
        amounts: amountsMap(p.amounts),
        outputs: declared.length === 0 ? p.amounts : undefined,
      });
      pipelines.set(p.calculation_type, {
        calculation_type: p.calculation_type,
        file,
        premium_month: p.premium_month,
        masters: p.masters,
        mastersWhen,
        versionDate,
        versionDateReads: p.version_date === undefined ? null : requestFieldsRead(p.version_date),
        prepare,
        calculations,
        steps,
        outputs: p.amounts,
        amounts: amountsMap(p.amounts),
        decimal_strings: decimalStringFields(p.amounts),
      });
      continue;
    }
    const rule = loadRule(file, value as unknown as RuleDocument, problems, checks);
    if (rule) registry.add(rule);
    else failedCodes.add(codeOfFile(file));
  }
  // a rule file that exists but failed is reported once, as such: not again as a missing rule, a gap
  // between its neighbours or an uncovered step
  problems.push(...registry.problems().filter((p) => !failedCodes.has(codeOfFile(p.file))));
  for (const p of pipelines.values()) {
    // a calculation run by another is an ordinary one: it runs none itself (no calculation runs itself)
    for (const [path, type] of p.calculations) {
      const target = pipelines.get(type);
      if (!target || target.calculations.length)
        problems.push({
          file: p.file,
          path: `/calculations/${path.join('.')}/calculation`,
          message: target ? `${type} runs calculations itself; a calculation run by another may not` : `unknown calculation ${type}`,
        });
    }
    p.steps.forEach((s, i) => {
      if (!registry.has(s.rule) && !failedCodes.has(s.rule))
        problems.push({ file: p.file, path: `/steps/${i}/rule`, message: `no rule file for ${s.rule}` });
    });
  }
  if (checks) problems.push(...crossFileProblems(pipelines, sources, registry, failedCodes, masters));
  if (!existsSync(pipelineDir)) problems.push({ file: 'rules/pipelines', path: '/', message: 'missing pipelines directory' });
  return { rules: { registry, pipelines }, problems: problems.map((p) => withLine(p, yamlSources.get(p.file))) };
}
