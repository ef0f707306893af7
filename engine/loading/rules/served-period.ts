/**
 * The period the service answers for: from the earliest date any master table serves to the open end.
 * Before it no calculation can resolve its settings, so no rule needs to be in force there; from it on
 * every step must be (engine/loading/rules/check-coverage.ts) and every parameter a rule reads must have a value
 * (engine/loading/rules/check-parameters.ts).
 */
import { MASTER_KINDS } from '../masters/schemas/index.ts';
import type { MasterSet } from '../masters/types.ts';

export function earliestServedDate(masters: MasterSet): string | null {
  let first: string | null = null;
  for (const kind of MASTER_KINDS) {
    for (const r of masters.all(kind)) if (first === null || r.effective_from < first) first = r.effective_from;
  }
  return first;
}

/** The part of [from, to] from `served` on, or null when it lies wholly before. */
export function servedPart(from: string, to: string | null, served: string): [string, string | null] | null {
  if (to !== null && to < served) return null;
  return [from < served ? served : from, to];
}
