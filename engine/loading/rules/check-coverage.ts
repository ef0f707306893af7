/**
 * Date coverage, proved at load: for every step of every pipeline, exactly one version of its rule is in
 * force on every date from the earliest date any master serves to the open end, unless the oldest
 * version declares what the step does before it starts (`before_effective_from: absent` leaves its output
 * out, `zero` writes 0; the step then records no trace step). Overlaps and gaps between versions are the
 * registry's problems (registry.ts, with the uncovered dates); here: the start and the open end. A step
 * whose rule begins later than the masters without that declaration would fail every calculation of the
 * uncovered dates at run time, so it is refused with those dates.
 */
import type { LoadProblem } from '../../errors.ts';
import { addDays } from '../../util/dates.ts';
import type { RuleRegistry } from './registry.ts';

export interface CoveredPipeline {
  calculation_type: string;
  file: string;
  steps: { rule: string }[];
}

export function checkStepCoverage(pipelines: readonly CoveredPipeline[], registry: RuleRegistry, served: string | null): LoadProblem[] {
  const out: LoadProblem[] = [];
  const seen = new Set<string>();
  for (const p of pipelines) {
    p.steps.forEach((step) => {
      const versions = registry.versions(step.rule);
      if (!versions.length || seen.has(step.rule)) return; // a missing rule is reported once, as such
      seen.add(step.rule);
      const first = versions[0];
      const last = versions[versions.length - 1];
      const users = pipelines.filter((q) => q.steps.some((s) => s.rule === step.rule)).map((q) => q.calculation_type);
      const where = `step ${first.doc.step} of ${users.join(', ')}`;
      if (served !== null && first.doc.effective_from > served && first.doc.before_effective_from === undefined) {
        out.push({
          file: first.file,
          path: '/effective_from',
          message: `${where}: no version of ${step.rule} is in force ${served}..${addDays(first.doc.effective_from, -1)} (the masters serve from ${served}); start the oldest version on ${served}, or declare what the step does before it: before_effective_from: absent (output left out) or zero`,
        });
      }
      if (last.doc.effective_to !== null) {
        out.push({
          file: last.file,
          path: '/effective_to',
          message: `${where}: no version of ${step.rule} is in force from ${addDays(last.doc.effective_to, 1)} on (the newest version must be open-ended: effective_to: null)`,
        });
      }
    });
  }
  return out;
}
