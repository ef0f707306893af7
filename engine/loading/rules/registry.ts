/**
 * Rules by unversioned formula code, each code with its dated versions. A law change is a new file
 * (….v2.yaml) whose effective_from follows the old one's effective_to; the registry picks the version
 * in force on the payment date.
 */
import type { LoadProblem } from '../../errors.ts';
import { addDays, inForce } from '../../util/dates.ts';
import type { CompiledRule, RuleDateBasis } from './types.ts';

export class RuleRegistry {
  private readonly byCode = new Map<string, CompiledRule[]>();

  add(rule: CompiledRule): void {
    const list = this.byCode.get(rule.code) ?? [];
    list.push(rule);
    list.sort((a, b) => (a.doc.effective_from < b.doc.effective_from ? -1 : 1));
    this.byCode.set(rule.code, list);
  }

  has(code: string): boolean {
    return this.byCode.has(code);
  }

  /** The version of `code` in force on `date`, or undefined. */
  pick(code: string, date: string): CompiledRule | undefined {
    return this.byCode.get(code)?.find((r) => inForce(r.doc, date));
  }

  /** Every version of `code`, oldest first. */
  versions(code: string): CompiledRule[] {
    return this.byCode.get(code) ?? [];
  }

  /** Which date chooses among the versions of `code` (declared by every version alike; default payment_date). */
  dateBasis(code: string): RuleDateBasis {
    return this.byCode.get(code)?.[0]?.doc.date_basis ?? 'payment_date';
  }

  all(): CompiledRule[] {
    return [...this.byCode.values()].flat();
  }

  /** Versions of one code must not overlap or leave a gap, and must share the step name. */
  problems(): LoadProblem[] {
    const out: LoadProblem[] = [];
    for (const list of this.byCode.values()) {
      for (let i = 1; i < list.length; i++) {
        const prev = list[i - 1].doc;
        const cur = list[i];
        if (prev.effective_to === null || prev.effective_to >= cur.doc.effective_from) {
          const ends = [prev.effective_to, cur.doc.effective_to].filter((d): d is string => d !== null).sort();
          const both = ends.length ? `${cur.doc.effective_from}..${ends[0]}` : `from ${cur.doc.effective_from} on`;
          out.push({ file: cur.file, path: '/effective_from', message: `overlaps ${prev.formula_code}: both in force ${both}` });
        } else if (addDays(prev.effective_to, 1) !== cur.doc.effective_from) {
          out.push({
            file: cur.file,
            path: '/effective_from',
            message: `gap after ${prev.formula_code} (ends ${prev.effective_to}): no version in force ${addDays(prev.effective_to, 1)}..${addDays(cur.doc.effective_from, -1)}`,
          });
        }
        if (cur.doc.before_effective_from !== undefined) {
          out.push({
            file: cur.file,
            path: '/before_effective_from',
            message: `only the oldest version declares what the step does before the rule starts (${prev.formula_code} is older)`,
          });
        }
        if ((prev.date_basis ?? 'payment_date') !== (cur.doc.date_basis ?? 'payment_date')) {
          out.push({
            file: cur.file,
            path: '/date_basis',
            message: `date_basis differs from ${prev.formula_code}: every version of a rule is chosen by the same date`,
          });
        }
        if (prev.step !== cur.doc.step) {
          out.push({ file: cur.file, path: '/step', message: `step name differs from ${prev.formula_code}` });
        }
      }
    }
    return out;
  }
}
