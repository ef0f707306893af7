/**
 * The rounding-rule master says which named rounding each formula code uses; every rule file must
 * agree with every version of that master in force during the rule's own period, so the rounding a
 * specialist reads in the rule is the one the versioned master records.
 */
import type { LoadProblem } from '../errors.ts';
import type { MasterSet } from '../masters/types.ts';
import type { RuleRegistry } from './registry.ts';

export function checkRoundingAssignments(registry: RuleRegistry, masters: MasterSet): LoadProblem[] {
  const problems: LoadProblem[] = [];
  const tables = masters.all('rounding_rule_table');
  if (tables.length === 0) return [{ file: 'masters/rounding_rules', path: '/', message: 'no rounding rule table' }];
  for (const rule of registry.all()) {
    const { effective_from: from, effective_to: to } = rule.doc;
    for (const t of tables) {
      const overlaps = (t.effective_to === null || from <= t.effective_to) && (to === null || t.effective_from <= to);
      if (!overlaps) continue;
      if (!(rule.code in t.assignments)) {
        problems.push({ file: `masters/${t.file}`, path: `/assignments`, message: `no rounding assigned to ${rule.code}` });
      } else if (t.assignments[rule.code] !== rule.doc.rounding_rule) {
        problems.push({
          file: rule.file,
          path: '/rounding_rule',
          message: `${rule.doc.rounding_rule} differs from ${t.assignments[rule.code]} in rounding table ${t.version}`,
        });
      }
    }
  }
  return problems;
}
