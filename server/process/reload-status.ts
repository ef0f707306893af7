/**
 * The outcome of the last reload (SIGHUP) of this process, for GET /readyz: when it happened, whether the
 * new set was loaded or refused, the fingerprint in service after it, and for a refusal why (each problem
 * with file, JSON path and message, the first MAX_PROBLEMS of them). A refused reload leaves the previous
 * set serving, so the instance stays ready; without this an operator saw the refusal only in the log.
 */
import type { LoadProblem } from '../../engine/index.ts';

export const MAX_PROBLEMS = 10;

export interface ReloadRecord {
  at: string;
  outcome: 'loaded' | 'refused';
  /** the fingerprint in service after the reload: the new set's, or the previous one that keeps serving */
  rules_masters_hash: string;
  /** why a refused reload was refused; empty when loaded */
  problems: Pick<LoadProblem, 'file' | 'path' | 'message'>[];
  /** how many problems there were (problems lists at most MAX_PROBLEMS) */
  problem_count: number;
}

export class ReloadStatus {
  private record: ReloadRecord | null = null;
  /** Every reload of this process by outcome (GET /metrics), where last() keeps only the latest. */
  readonly counts = { loaded: 0, refused: 0 };

  constructor(private readonly now: () => Date = () => new Date()) {}

  loaded(hash: string): void {
    this.counts.loaded++;
    this.record = { at: this.now().toISOString(), outcome: 'loaded', rules_masters_hash: hash, problems: [], problem_count: 0 };
  }

  refused(servingHash: string, problems: readonly LoadProblem[]): void {
    this.counts.refused++;
    this.record = {
      at: this.now().toISOString(),
      outcome: 'refused',
      rules_masters_hash: servingHash,
      problems: problems.slice(0, MAX_PROBLEMS).map(({ file, path, message }) => ({ file, path, message })),
      problem_count: problems.length,
    };
  }

  /** null until the first reload of this process */
  last(): ReloadRecord | null {
    return this.record;
  }
}
