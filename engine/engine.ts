/**
 * loadEngine(): reads, validates and compiles masters and rules once; the returned Engine only evaluates.
 * Any problem in a master or a rule stops the load (LoadError): the service never serves a wrong table.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PROJECT_ROOT } from './util/project-root.ts';
import { CALCULATION_TYPES, type CalculationType } from './calculation-type.ts';
import { EngineError, EngineFault, LoadError, type LoadProblem, type ValidationDetail } from './errors.ts';
import { loadMasters } from './loading/masters/load.ts';
import type { MasterSet } from './loading/masters/types.ts';
import type { ResultLabels } from './loading/masters/schemas/result-labels.ts';
import type { ProfileVersion } from './loading/profile/types.ts';
import { loadRules, type CompiledPipeline, type LoadedRules } from './loading/rules/load.ts';
import { isIsoDate } from './util/dates.ts';
import type { OutputDeclarations } from './loading/rules/outputs.ts';
import { inputLimitsOf, type InputLimits } from './loading/masters/input-limits.ts';
import { tableYearWarnings, taxTableGroups } from './calculating/settings/table-years.ts';
import type { MasterSlot } from './loading/rules/slots.ts';
import { checkSettingsLock, type PipelineSettings } from './calculating/settings/resolve.ts';
import { SettingsMemo } from './calculating/settings/memo.ts';
import { truthy } from './logic/values.ts';
import { findAttendanceConflict, validateCrossFields } from './calculating/validation/index.ts';
import { dependentCountDetail } from './calculating/validation/dependent-count-limit.ts';
import { toContextValue } from './calculating/context.ts';
import { serializeValue } from './logic/serialize.ts';
import { requestContext } from './calculating/request-context.ts';
import { runPipeline } from './calculating/run.ts';
import { buildAmounts } from './calculating/amounts.ts';
import { rateTableRecords, ruleRecords, taxTableRecords } from './loading/listing.ts';
import { masterVersionRecords } from './loading/listing-versions.ts';
import { provenanceOf, type LoadChecks, type Provenance } from './loading/provenance.ts';
import { readYamlFolder, type FolderFile } from './util/yaml-folder.ts';
import { LoadCache, proofOf } from './loading/load-cache.ts';
import { Calculation, type CalculationMetadata } from './trace/calculation.ts';
import { calculateRequest, type CalculationCaller } from './calculating/request.ts';

export interface EngineOptions {
  rulesDir?: string; // default <project>/rules
  mastersDir?: string; // default <project>/masters
  /** injectable for golden runs and tests */
  now?: () => Date;
  newId?: () => string; // a UUID
  /** The start-up cache of checked documents (engine/loading/load-cache.ts; the server uses DEFAULT_LOAD_CACHE); none by default. */
  cacheFile?: string;
  /**
   * The identity of the code that loads (the server bundle's SHA-256: server/boot/bundle-identity.ts). With a
   * cache file, a set proven under this very code by an earlier load is built without the checks that
   * only look for problems, and a set that passes them all is recorded as proven (engine/loading/load-cache.ts).
   * Without it (the sources run by tsx, tools, tests) every check runs at every load.
   */
  codeFingerprint?: string;
  /**
   * A set already checked elsewhere (a worker thread: engine/loading/load-off-thread.ts): the engine is built from
   * its documents, and refused if the files on disk are no longer the ones checked.
   */
  checked?: CheckedSet;
}

/** What the off-thread check is given: plain strings, so that it crosses to a worker thread. */
export interface CheckRequest {
  rulesDir?: string;
  mastersDir?: string;
  cacheFile?: string;
}

/** A set that loaded without any problem: its fingerprint, and its checked documents as [key, JSON text]. */
export interface CheckedSet {
  rules_masters_hash: string;
  documents: [string, string][];
}

export interface Engine {
  /**
   * Cross-field rules of the request (pay-type matrix, dates, unique codes, ...), run after the JSON
   * schema. Returns every problem found; an empty array means valid. Tolerates malformed input.
   */
  validate(type: CalculationType, request: Record<string, unknown>): ValidationDetail[];
  /** The attendance_input_conflict message for a monthly request, or null (checked after validation). */
  attendanceConflict(type: CalculationType, request: Record<string, unknown>): string | null;
  /**
   * Runs one calculation. `profileVersions` are the company's stored profile versions (any order).
   * Throws EngineError (validation_error, attendance_input_conflict, settings_lock_conflict,
   * settings_not_resolved, attendance_rates_not_configured, income_tax_lookup_failed,
   * withholding_rate_override_not_allowed, negative_gross_payment).
   */
  calculate(
    type: CalculationType,
    request: Record<string, unknown>,
    profileVersions: ProfileVersion[],
    options?: CalculateOptions,
  ): Calculation;
  /**
   * One request from its caller's body to its Calculation, the server's one call into the engine
   * (engine/calculating/request.ts): the cross-field rules with the caller's own problems, the attendance
   * conflict, the caller's company and admission (its quota), then calculate.
   */
  calculateRequest(type: CalculationType, body: unknown, caller: CalculationCaller): Promise<Calculation>;
  /** GET /v1/masters/tax-tables records. */
  taxTables(): Record<string, unknown>[];
  /** GET /v1/masters/rate-tables records. */
  rateTables(): Record<string, unknown>[];
  /** GET /v1/masters/versions records: every version of every master kind and every dated parameter value. */
  masterVersions(): Record<string, unknown>[];
  /** GET /v1/masters/rules records: every loaded rule version with its file, hash, dates and legal source. */
  rules(): Record<string, unknown>[];
  /** Content hashes of the rules and masters loaded, and the folders they came from. */
  provenance(): Provenance;
  /** Request limits that follow the loaded masters (the tax_dependent_count maximum); the server's request schemas apply them. */
  inputLimits(): InputLimits;
  /** Each calculation's declared outputs (its pipeline's `amounts:`): the response schemas are generated from them. */
  outputs(): Readonly<Record<CalculationType, OutputDeclarations>>;
  /** GET /v1/masters/result-labels: the labels of the result fields (masters/result_labels/), null when the set has none. */
  resultLabels(): ResultLabels | null;
}

export interface CalculateOptions {
  /** The caller already ran validate() and attendanceConflict() on this request (the server does, to
   * report every problem before looking up the company); skip running them a second time. */
  validated?: boolean;
}

/** The request's include_calculation_trace, its schema default (on except for the grade lookup) filled in. */
function traceWanted(request: Record<string, unknown>): boolean {
  return (request.calculation_options as { include_calculation_trace: boolean }).include_calculation_trace;
}

export function loadEngine(options: EngineOptions = {}): Engine {
  const cache = options.checked ? new LoadCache(null, { documents: options.checked.documents }) : new LoadCache(options.cacheFile ?? null);
  return loadEngineWith(options, cache);
}

/** Loads and checks the whole set as loadEngine does, and returns what was checked (run in a worker thread). */
export function loadCheckedSet(request: CheckRequest): CheckedSet {
  const cache = new LoadCache(request.cacheFile ?? null, { collect: true });
  const engine = loadEngineWith(request, cache);
  return { rules_masters_hash: engine.provenance().rules_masters_hash, documents: cache.documents() };
}

function loadEngineWith(options: EngineOptions, cache: LoadCache): Engine {
  const mastersDir = options.mastersDir ?? join(PROJECT_ROOT, 'masters');
  const rulesDir = options.rulesDir ?? join(PROJECT_ROOT, 'rules');
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  // each folder walked and read once: the fingerprint is of the very bytes the loaders parse, so a set
  // edited while it loads (a reload during a copy) cannot be served under a fingerprint of other bytes
  const read = readFoldersOrNull(rulesDir, mastersDir);
  const provenance = read && provenanceOf(rulesDir, read.rules, mastersDir, read.masters);
  if (options.checked && provenance?.rules_masters_hash !== options.checked.rules_masters_hash) {
    throw new LoadError([
      { file: `${rulesDir} ${mastersDir}`, path: '/', message: 'files changed after they were checked; load again once they are complete' },
    ]);
  }
  const proof = provenance && options.codeFingerprint ? proofOf(options.codeFingerprint, provenance.rules_masters_hash) : undefined;
  // checked in this very process (a worker thread proved the documents: engine/loading/load-off-thread.ts), or by
  // an earlier load of this build: the checks would find nothing again
  const how: LoadChecks = options.checked ? 'worker' : proof !== undefined && cache.proves(proof) ? 'proven' : 'run';
  const checks = how === 'run';
  const problems: LoadProblem[] = [];
  let masters: MasterSet | undefined;
  try {
    masters = loadMasters(mastersDir, cache, read?.masters, checks);
  } catch (e) {
    if (e instanceof LoadError) problems.push(...e.problems);
    else throw e;
  }
  const { rules, problems: ruleProblems } = loadRules(rulesDir, masters, cache, read?.rules, checks);
  problems.push(...ruleProblems);
  for (const type of CALCULATION_TYPES) {
    // a pipeline file that exists but failed is already reported as such
    if (!rules.pipelines.has(type) && !problems.some((p) => p.file === `rules/pipelines/${type}.yaml`))
      problems.push({ file: `rules/pipelines/${type}.yaml`, path: '/', message: 'missing pipeline' });
  }
  // a set built without its checks that still failed (compilation always runs) is refused with every check
  if ((problems.length || !masters) && !checks)
    return loadEngineWith({ ...options, checked: undefined, codeFingerprint: undefined }, cache);
  if (problems.length || !masters) throw new LoadError(problems);
  if (!provenance) {
    // the folders could not be read for the fingerprint, yet the loaders (reading them again) could
    throw new LoadError([
      { file: `${rulesDir} ${mastersDir}`, path: '/', message: 'files changed while loading; load again once they are complete' },
    ]);
  }
  const inputLimits = Object.freeze(inputLimitsOf(masters));
  if (proof !== undefined && checks) cache.recordProof(proof);
  cache.save(); // only a set that loaded without any problem

  return makeEngine(masters, rules, { ...provenance, checks: how }, inputLimits, now, newId);
}

/** null when a folder cannot be read: the loaders then read it themselves and report it with their own message */
function readFoldersOrNull(rulesDir: string, mastersDir: string): { rules: FolderFile[]; masters: FolderFile[] } | null {
  try {
    return { rules: readYamlFolder(rulesDir), masters: readYamlFolder(mastersDir) };
  } catch {
    return null;
  }
}

/**
 * The date that chooses every version: the pipeline's version_date over the request when it declares one
 * (e.g. the last day of a tax year), else the request's payment_date. A declared expression that does not
 * give a date is a fault of the rule set, not of the request (the request schema has already run).
 */
function versionDateOf(pipeline: CompiledPipeline, request: Record<string, unknown>): string {
  if (!pipeline.versionDate) return request.payment_date as string;
  const v = pipeline.versionDate({ request: versionScope(pipeline.versionDateReads, request) } as never);
  if (typeof v !== 'string' || !isIsoDate(v))
    throw new EngineFault(`${pipeline.file} /version_date: the expression did not give a YYYY-MM-DD date`);
  return v;
}

/** The pipeline's slots, with those of its `masters_when` the request asks for (a distinct memo entry). */
function settingsOf(pipeline: CompiledPipeline, request: Record<string, unknown>): PipelineSettings {
  if (!pipeline.mastersWhen.length) return pipeline;
  const scope = { request } as never; // as sent: the expressions test presence and codes, not amounts
  const extra = pipeline.mastersWhen.filter(([, when]) => truthy(when(scope))).map(([slot]) => slot);
  return extra.length
    ? { premium_month: pipeline.premium_month, masters: [...pipeline.masters, ...extra], variant: extra.join() }
    : pipeline;
}

/**
 * The request as its version date's expression reads it: the fields it reads converted as toContextValue
 * converts them, not a copy of the whole request (a year-end adjustment's declarations) on every call.
 */
function versionScope(reads: readonly string[] | null, request: Record<string, unknown>): unknown {
  if (reads === null) return toContextValue(request);
  const out: Record<string, unknown> = {};
  for (const key of reads) if (Object.hasOwn(request, key)) out[key] = toContextValue(request[key], key);
  return out;
}

/** A settings_lock copied from an earlier snapshot may carry its data fingerprint: then the data must be the same. */
function checkDataLock(lock: Record<string, unknown> | undefined, hash: string): void {
  if (lock?.rules_masters_hash === undefined || lock.rules_masters_hash === hash) return;
  throw new EngineError(
    'settings_lock_conflict',
    `settings_lock differs from the resolved settings (rules_masters_hash: locked ${JSON.stringify(lock.rules_masters_hash)}, in service ${JSON.stringify(hash)}).`,
  );
}

function makeEngine(
  masters: MasterSet,
  rules: LoadedRules,
  provenance: Provenance,
  inputLimits: InputLimits,
  now: () => Date,
  newId: () => string,
): Engine {
  // the listings are made at their first request, not at start: sorting every version of every table is
  // a twentieth of the load, and only the /v1/masters listings read them (each made once, then shared)
  let taxTables: Record<string, unknown>[] | undefined;
  let rateTables: Record<string, unknown>[] | undefined;
  let masterVersions: Record<string, unknown>[] | undefined;
  let ruleList: Record<string, unknown>[] | undefined;
  const settingsMemo = new SettingsMemo(masters, toContextValue);
  const taxTableGroupsOf = Object.fromEntries(
    CALCULATION_TYPES.map((t) => [t, taxTableGroups(rules.pipelines.get(t)!, rules.registry)]),
  ) as Record<CalculationType, MasterSlot[][]>;
  const outputs = Object.freeze(Object.fromEntries(CALCULATION_TYPES.map((t) => [t, rules.pipelines.get(t)!.outputs]))) as Record<
    CalculationType,
    OutputDeclarations
  >;

  function validate(type: CalculationType, request: Record<string, unknown>): ValidationDetail[] {
    return validateCrossFields(type, request);
  }

  function attendanceConflict(type: CalculationType, request: Record<string, unknown>): string | null {
    return type === 'monthly_payroll' ? findAttendanceConflict(request) : null;
  }

  function calculate(
    type: CalculationType,
    request: Record<string, unknown>,
    profileVersions: ProfileVersion[],
    options: CalculateOptions = {},
  ): Calculation {
    if (!options.validated) {
      const details = validate(type, request);
      if (details.length) throw new EngineError('validation_error', 'The request is invalid.', details);
      const conflict = attendanceConflict(type, request);
      if (conflict) throw new EngineError('attendance_input_conflict', conflict);
    }
    checkDataLock(request.settings_lock as Record<string, unknown> | undefined, provenance.rules_masters_hash);

    const pipeline = rules.pipelines.get(type)!;
    const paymentDate = versionDateOf(pipeline, request);
    const settings = settingsMemo.resolve(type, settingsOf(pipeline, request), profileVersions, paymentDate);
    // tax_dependent_count above the printed columns only under the profile's opt-in, whoever the caller
    // (the API's validation already said so, with every other problem: engine/calculating/validation/dependent-count-limit.ts)
    const countProblem = dependentCountDetail(inputLimits, type, request, settings.profile);
    if (countProblem) throw new EngineError('validation_error', 'The request is invalid.', [countProblem]);
    checkSettingsLock(request.settings_lock as Record<string, unknown> | undefined, settings.snapshot);

    const filled = requestContext(type, request); // defaults filled, numbers as Decimal
    const withTrace = traceWanted(filled);
    // the profile, masters, snapshot and dates are the memo's shared (frozen) objects: steps write only amounts and work
    const ctx: Record<string, unknown> = {
      request: filled,
      profile: settings.contextProfile,
      masters: settings.masters,
      settings: settings.snapshot,
      dates: settings.dates,
      amounts: {},
      work: {},
    };
    const {
      trace,
      warnings,
      carried: parametersCarried,
    } = runPipeline(
      pipeline,
      rules.registry,
      ctx,
      settings.refs,
      { payment_date: paymentDate, premium_month: settings.premium_month },
      {
        trace: withTrace,
        ruleHashes: provenance.files,
        parameters: masters.parameters,
        // the pipeline's calculations: the same company, untraced; their amounts and versions as context values
        calculate: (subType, subRequest) => {
          const body = { ...(serializeValue(subRequest) as object), calculation_options: { include_calculation_trace: false } };
          const r = calculate(subType as CalculationType, body, profileVersions);
          return toContextValue({ request: body, amounts: r.amounts, settings_snapshot: r.metadata.settings_snapshot });
        },
      },
    );
    const dataWarnings = tableYearWarnings(taxTableGroupsOf[type], settings.refs);
    if (dataWarnings.length) warnings.push(...dataWarnings);
    // the tables resolved, then the parameters read, each after the date its sources cover
    const carried = parametersCarried.length ? [...settings.carried_forward, ...parametersCarried] : settings.carried_forward;
    if (carried.length) warnings.push('MASTER_CARRIED_FORWARD');
    const metadata: CalculationMetadata = {
      calculation_id: `calc_${newId()}`,
      calculation_type: type,
      company_id: request.company_id as string,
      employee_ref: ((request.employee_snapshot ?? request.employee ?? request) as { employee_ref?: string } | undefined)?.employee_ref,
      calculated_at: now().toISOString(),
      settings_snapshot: settings.snapshotWith(provenance.rules_masters_hash),
      masters_carried_forward: carried.length ? carried : undefined, // one shape for every result's metadata
    };
    return new Calculation(metadata, buildAmounts(pipeline, ctx), warnings, trace);
  }

  const engine: Engine = {
    validate,
    attendanceConflict,
    calculate,
    calculateRequest: (type, body, caller) => calculateRequest(engine, type, body, caller),
    taxTables: () => (taxTables ??= taxTableRecords(masters)),
    rateTables: () => (rateTables ??= rateTableRecords(masters)),
    masterVersions: () => (masterVersions ??= masterVersionRecords(masters)),
    rules: () => (ruleList ??= ruleRecords(rules.registry.all(), provenance.files)),
    provenance: () => provenance,
    inputLimits: () => inputLimits,
    outputs: () => outputs,
    resultLabels: () => masters.resultLabels ?? null,
  };
  return engine;
}
