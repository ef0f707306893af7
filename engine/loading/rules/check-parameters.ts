/**
 * Every `parameters.<area>.<name>` a rule reads is declared in masters/parameters/ and has a value in
 * force on every date of the rule version's period that the service answers for: a rule reading a
 * parameter that is undefined, or not yet (or no longer) in force somewhere in that period, is refused at
 * load with the uncovered dates, rather than failing on the first request of such a date.
 */
import type { LoadProblem } from '../../errors.ts';
import type { ParameterSet } from '../parameters/set.ts';
import { periodText } from '../parameters/set.ts';
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
