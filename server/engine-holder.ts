/**
 * The engine in service, replaceable while the server runs (SIGHUP). A reload loads and validates the
 * whole new set of rules and masters first (loadEngine refuses any broken file); only a complete,
 * valid set is swapped in, by one reference assignment, so a request sees either the old set or the
 * new one, never a mix. Each request pins the engine it started with (engineForRequest), so a request
 * in flight during a reload finishes on the old set. An invalid set is refused with a log line per
 * problem (file and path) and the old set keeps serving.
 */
import type { Logger } from 'pino';
import { LoadError, problemLine, type CalculationResult, type CalculationType, type Engine, type ProfileVersion } from '../engine/index.ts';
import type { CalculateOptions } from '../engine/index.ts';
import { ReloadStatus } from './reload-status.ts';

export class EngineHolder implements Engine {
  private engine: Engine;
  /** the last reload's outcome, reported by GET /readyz */
  readonly reloads = new ReloadStatus();

  constructor(
    initial: Engine,
    private readonly load: () => Engine,
  ) {
    this.engine = initial;
  }

  /** The engine a request should use from start to end. */
  current(): Engine {
    return this.engine;
  }

  /** Loads the whole set again; swaps it in only when it loads. Returns the problems of a refused set. */
  reload(): { ok: true; engine: Engine } | { ok: false; error: LoadError | Error } {
    let next: Engine;
    try {
      next = this.load();
    } catch (e) {
      return { ok: false, error: e as Error };
    }
    this.engine = next;
    return { ok: true, engine: next };
  }

  // The Engine interface, each call on the engine in service at that moment.
  validate(type: CalculationType, request: Record<string, unknown>) {
    return this.engine.validate(type, request);
  }
  attendanceConflict(type: CalculationType, request: Record<string, unknown>) {
    return this.engine.attendanceConflict(type, request);
  }
  calculate(
    type: CalculationType,
    request: Record<string, unknown>,
    versions: ProfileVersion[],
    options?: CalculateOptions,
  ): CalculationResult {
    return this.engine.calculate(type, request, versions, options);
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
    },
    message,
  );
}

/** SIGHUP: reload, and log the outcome (the new hash, or each problem with its file and path). */
export function reloadAndLog(holder: EngineHolder, logger: Logger): boolean {
  const before = holder.current().provenance().rules_masters_hash;
  logger.info({ rules_masters_hash: before }, 'reloading masters and rules');
  const outcome = holder.reload();
  if (outcome.ok) {
    holder.reloads.loaded(outcome.engine.provenance().rules_masters_hash);
    logLoaded(logger, outcome.engine, 'masters and rules reloaded');
    return true;
  }
  const problems = outcome.error instanceof LoadError ? outcome.error.problems : [{ file: '-', path: '/', message: outcome.error.message }];
  holder.reloads.refused(before, problems);
  for (const p of problems) logger.error({ file: p.file, path: p.path, problem: p.message }, `reload refused: ${problemLine(p)}`);
  logger.error({ rules_masters_hash: before, problems: problems.length }, 'reload refused; the previous masters and rules keep serving');
  return false;
}
