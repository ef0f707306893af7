/**
 * The engine in service, replaceable while the server runs (SIGHUP). A reload loads and validates the
 * whole new set of rules and masters first (the server's loader checks it off the serving thread:
 * engine/loading/load-off-thread.ts, so requests are answered meanwhile); only a complete, valid set is swapped
 * in, by one reference assignment, so a request sees either the old set or the new one, never a mix.
 * prepare() and commit() are the two halves, for a cluster that reloads every worker or none
 * (server/process/cluster-reload.ts). Each request pins the engine it started with (engineForRequest), so a request
 * in flight during a reload finishes on the old set. An invalid set is refused with a log line per
 * problem (file and path) and the old set keeps serving.
 */
import type { Logger } from 'pino';
import {
  LoadError,
  problemLine,
  type Calculation,
  type CalculationCaller,
  type CalculationType,
  type Engine,
  type LoadProblem,
  type ProfileVersion,
} from '../../engine/index.ts';
import type { CalculateOptions } from '../../engine/index.ts';
import { refusalProblems } from './load-refusal.ts';
import { ReloadStatus } from './reload-status.ts';

export class EngineHolder implements Engine {
  private engine: Engine;
  /** the last reload's outcome, reported by GET /readyz */
  readonly reloads = new ReloadStatus();

  constructor(
    initial: Engine,
    private readonly load: () => Engine | Promise<Engine>,
  ) {
    this.engine = initial;
  }

  /** The engine a request should use from start to end. */
  current(): Engine {
    return this.engine;
  }

  /** Loads the whole set again without swapping it in: the engine to commit, or why the set is refused. */
  async prepare(): Promise<{ ok: true; engine: Engine } | { ok: false; error: LoadError | Error }> {
    try {
      return { ok: true, engine: await this.load() };
    } catch (e) {
      return { ok: false, error: e as Error };
    }
  }

  /** Puts a prepared engine in service (new requests use it; those in flight finish on theirs). */
  commit(engine: Engine): void {
    this.engine = engine;
  }

  /** Loads the whole set again; swaps it in only when it loads. Returns the problems of a refused set. */
  async reload(): Promise<{ ok: true; engine: Engine } | { ok: false; error: LoadError | Error }> {
    const outcome = await this.prepare();
    if (outcome.ok) this.commit(outcome.engine);
    return outcome;
  }

  // The Engine interface, each call on the engine in service at that moment.
  validate(type: CalculationType, request: Record<string, unknown>) {
    return this.engine.validate(type, request);
  }
  attendanceConflict(type: CalculationType, request: Record<string, unknown>) {
    return this.engine.attendanceConflict(type, request);
  }
  calculate(type: CalculationType, request: Record<string, unknown>, versions: ProfileVersion[], options?: CalculateOptions): Calculation {
    return this.engine.calculate(type, request, versions, options);
  }
  calculateRequest(type: CalculationType, body: unknown, caller: CalculationCaller) {
    return this.engine.calculateRequest(type, body, caller);
  }
  taxTables() {
    return this.engine.taxTables();
  }
  rateTables() {
    return this.engine.rateTables();
  }
  rules() {
    return this.engine.rules();
  }
  masterVersions() {
    return this.engine.masterVersions();
  }
  provenance() {
    return this.engine.provenance();
  }
  inputLimits() {
    return this.engine.inputLimits();
  }
  outputs() {
    return this.engine.outputs();
  }
  resultLabels() {
    return this.engine.resultLabels();
  }
}

/** The engine one request uses throughout: the holder's current one, pinned at the request's start. */
export function engineForRequest(engine: Engine): Engine {
  return engine instanceof EngineHolder ? engine.current() : engine;
}

/** The start-up and reload log line: which folders, which fingerprint. */
export function logLoaded(logger: Logger, engine: Engine, message: string): void {
  const p = engine.provenance();
  logger.info(
    {
      rules_dir: p.rules_dir,
      masters_dir: p.masters_dir,
      rules_masters_hash: p.rules_masters_hash,
      rules_hash: p.rules_hash,
      masters_hash: p.masters_hash,
      // 'proven': this bundle checked this very set at an earlier start (engine/loading/load-cache.ts)
      checks: p.checks,
    },
    message,
  );
}

/** SIGHUP: reload, and log the outcome (the new hash, or each problem with its file and path). */
export async function reloadAndLog(holder: EngineHolder, logger: Logger): Promise<boolean> {
  logger.info({ rules_masters_hash: holder.current().provenance().rules_masters_hash }, 'reloading masters and rules');
  const outcome = await holder.prepare();
  if (outcome.ok) commitAndLog(holder, outcome.engine, logger);
  else refuseAndLog(holder, refusalProblems(outcome.error), logger);
  return outcome.ok;
}

/** Swaps a prepared set in, records it for GET /readyz and logs the new fingerprint. */
export function commitAndLog(holder: EngineHolder, engine: Engine, logger: Logger): void {
  holder.commit(engine);
  holder.reloads.loaded(engine.provenance().rules_masters_hash);
  logLoaded(logger, engine, 'masters and rules reloaded');
}

/** Records a refused set for GET /readyz and logs each problem with its file and path; the old set serves on. */
export function refuseAndLog(holder: EngineHolder, problems: LoadProblem[], logger: Logger): void {
  const serving = holder.current().provenance().rules_masters_hash;
  holder.reloads.refused(serving, problems);
  for (const p of problems) logger.error({ file: p.file, path: p.path, problem: p.message }, `reload refused: ${problemLine(p)}`);
  logger.error({ rules_masters_hash: serving, problems: problems.length }, 'reload refused; the previous masters and rules keep serving');
}
