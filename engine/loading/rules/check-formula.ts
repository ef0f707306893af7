/**
 * A rule's human `formula:` text is shown in every trace step beside the amount. It is free text, so
 * it is not generated; what can drift silently is the rounding, so the loader holds the text to the
 * rule: the formula shows the rule's rounding_rule (by its name or the short form the rounding
 * declares, e.g. round_50_sen(...)), and every rounding it shows is one the rule applies, through
 * rounding_rule or a {"round": [name, x]} in its expression or bindings.
 */
import type { LoadProblem } from '../../errors.ts';
import { getRounding, roundingNames } from '../../logic/rounding/index.ts';

interface FormulaParts {
  formula: string;
  rounding_rule: string | null;
  expression: unknown;
  bindings?: Record<string, unknown>;
}

export function checkFormulaText(file: string, doc: FormulaParts): LoadProblem[] {
  const problems: LoadProblem[] = [];
  const applied = new Set(roundingsIn([doc.expression, doc.bindings ?? {}]));
  if (doc.rounding_rule !== null) applied.add(doc.rounding_rule);
  const own = doc.rounding_rule === null ? undefined : getRounding(doc.rounding_rule);
  if (own && !own.inFormula.test(doc.formula)) {
    problems.push({
      file,
      path: '/formula',
      message: `the formula does not show the rule's rounding_rule ${own.name} (write it by name, e.g. ${own.name}(...))`,
    });
  }
  for (const name of roundingNames()) {
    if (!applied.has(name) && getRounding(name)!.inFormula.test(doc.formula)) {
      problems.push({
        file,
        path: '/formula',
        message: `the formula shows the rounding ${name}, which neither rounding_rule nor the expression applies`,
      });
    }
  }
  return problems;
}

/** The rounding names of every {"round": [name, x]} in a json-logic tree. */
function roundingsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) roundingsIn(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [op, args] of Object.entries(node)) {
      if (op === 'round' && Array.isArray(args) && typeof args[0] === 'string') out.push(args[0]);
      roundingsIn(args, out);
    }
  }
  return out;
}
