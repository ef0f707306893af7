/**
 * Every `parameters.<area>.<name>` a rule reads is declared in masters/parameters/ and has a value in
 * force on every date of the rule version's period that the service answers for: a rule reading a
 * parameter that is undefined, or not yet (or no longer) in force somewhere in that period, is refused at
 * load with the uncovered dates, rather than failing on the first request of such a date. A period a value
 * declares `status: not_imported` is not a gap: the masters say they do not hold that law, and a calculation there is
 * settings_not_resolved. The law of one calculation ends on one date: when one parameter a pipeline reads
 * is not imported from some date to the open end, every parameter it reads must be, from the same date, so
 * the years it serves are exactly those every parameter covers.
 */
import type { LoadProblem } from '../../errors.ts';
import type { ParameterSet } from '../parameters/set.ts';
import { periodText } from '../parameters/set.ts';
import type { RuleRegistry } from './registry.ts';
import type { CompiledRule } from './types.ts';
import { servedPart } from './served-period.ts';

export function checkParameterReads(rules: readonly CompiledRule[], parameters: ParameterSet, served: string | null): LoadProblem[] {
  const problems: LoadProblem[] = [];
  for (const rule of rules) {
    for (const [name, path] of Object.entries(rule.doc.inputs)) {
      if (!path.startsWith('parameters.')) continue;
      const at = `/inputs/${name}`;
      const segs = path.split('.').slice(1);
      if (segs.length !== 2) {
        problems.push({
          file: rule.file,
          path: at,
          message: `${path}: a parameter is read as parameters.<area>.<name> (a table's rows by range_lookup)`,
        });
        continue;
      }
      const param = parameters.get(segs.join('.'));
      if (!param) {
        const area = parameters
          .all()
          .filter((p) => p.path.startsWith(`${segs[0]}.`))
          .map((p) => p.path.split('.')[1]);
        const hint = area.length
          ? `masters/parameters/${segs[0]}.yaml declares ${area.join(', ')}`
          : `no masters/parameters/${segs[0]}.yaml declares area ${segs[0]}`;
        problems.push({ file: rule.file, path: at, message: `${path} is not defined (${hint})` });
        continue;
      }
      if (served === null) continue;
      const period = servedPart(rule.doc.effective_from, rule.doc.effective_to, served);
      if (!period) continue;
      for (const gap of parameters.uncovered(param.path, period[0], period[1])) {
        problems.push({
          file: rule.file,
          path: at,
          message: `${path} has no value in force ${periodText(gap)}, within this rule's period ${periodText(period)} (${param.file}): add a value for those dates or start the rule later`,
        });
      }
    }
  }
  return problems;
}

export function checkLawEnds(
  pipelines: readonly { calculation_type: string; steps: { rule: string }[] }[],
  registry: RuleRegistry,
  parameters: ParameterSet,
): LoadProblem[] {
  const problems: LoadProblem[] = [];
  for (const p of pipelines) {
    const ends = new Map<string, string | null>();
    for (const step of p.steps)
      for (const rule of registry.versions(step.rule))
        for (const path of Object.values(rule.doc.inputs))
          if (path.startsWith('parameters.') && parameters.get(path.slice(11)))
            ends.set(path.slice(11), parameters.notImportedFrom(path.slice(11)));
    const dates = [...new Set(ends.values())];
    if (dates.length < 2) continue;
    // the date most of them share is the pipeline's; each other one is named
    const count = (d: string | null) => [...ends.values()].filter((e) => e === d).length;
    const shared = dates.reduce((a, b) => (count(b) > count(a) ? b : a));
    for (const [path, end] of ends) {
      if (end === shared) continue;
      const param = parameters.get(path)!;
      const others = `the other ${count(shared)} parameters ${p.calculation_type} reads ${shared === null ? 'are open-ended' : `are not imported from ${shared}`}`;
      problems.push({
        file: param.file,
        path: `/parameters/${path.split('.')[1]}/values`,
        message: `parameters.${path} ${end === null ? 'is open-ended' : `is not imported from ${end}`}, while ${others}: the law of a calculation ends on one date (end each on it with value: null, status: not_imported)`,
      });
    }
  }
  return problems;
}
