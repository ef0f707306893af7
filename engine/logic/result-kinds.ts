/**
 * The kinds of value an expression can yield, as far as its form tells: a literal where a result comes
 * from, an operator's own kind (OperatorDef.yields: + yields a number, == a boolean), the kinds of the
 * branches of an if (and null when none is taken) or of the operands of and/or, a binding's kinds.
 * `unknown` where the form cannot tell (a var of an input, a lookup, map): the run-time check stays for those.
 *
 * Why: a rule with a rounding_rule rounds what its expression yields, and arithmetic takes numbers; a
 * string or a boolean there loaded and then failed every calculation that reached it ("expression did
 * not yield a number", "needs a number"). The loader refuses such a rule (loading/rules/load.ts) where the form
 * shows it (null too fails there, but the form cannot tell when: notNumbers).
 */
import { getOperator } from './operators/index.ts';
import type { ResultKind } from './types.ts';
import { pointerSegment } from '../util/json-pointer.ts';

export type Kinds = ReadonlySet<ResultKind | 'unknown'>;

const UNKNOWN: Kinds = new Set(['unknown']);
const OF_LITERAL: Record<string, Kinds> = {
  number: new Set(['number']),
  string: new Set(['string']),
  boolean: new Set(['boolean']),
};
const NULL: Kinds = new Set(['null']);

function union(sets: Kinds[]): Kinds {
  const out = new Set<ResultKind | 'unknown'>();
  for (const s of sets) for (const k of s) out.add(k);
  return out;
}

/** `bindings`: the kinds of the rule's bindings so far, by name (an input is unknown). */
export function resultKinds(expr: unknown, bindings: ReadonlyMap<string, Kinds>): Kinds {
  if (expr === null) return NULL;
  const literal = OF_LITERAL[typeof expr];
  if (literal !== undefined) return literal;
  if (typeof expr !== 'object' || Array.isArray(expr)) return UNKNOWN;
  const keys = Object.keys(expr);
  if (keys.length !== 1) return UNKNOWN;
  const name = keys[0];
  const raw = (expr as Record<string, unknown>)[name];
  const args = Array.isArray(raw) ? raw : [raw];
  if (name === 'var') return (typeof args[0] === 'string' && bindings.get(args[0])) || UNKNOWN;
  const yields = getOperator(name)?.yields;
  if (yields === undefined) return UNKNOWN;
  if (yields === 'operand') return union(args.map((a) => resultKinds(a, bindings)));
  if (yields === 'branch') {
    // [c1, v1, c2, v2, ..., else]: the values, then the else, or null when there is none
    const branches: Kinds[] = [];
    for (let i = 1; i < args.length; i += 2) branches.push(resultKinds(args[i], bindings));
    branches.push(args.length % 2 === 1 ? resultKinds(args[args.length - 1], bindings) : NULL);
    return union(branches);
  }
  return new Set([yields]);
}

/**
 * The kinds among `kinds` that are never a number: a string, a boolean. Null is not among them, though it
 * is not a number either: it is how a rule says "not applicable", and a value null on one branch is read
 * under the same condition where it is not, or by a step the pipeline's `when` runs only then
 * (income_tax.bonus_table_lookup's bindings do so): the form cannot tell that such a rule is wrong, and a
 * correct rule is never refused.
 */
export function notNumbers(kinds: Kinds): ResultKind[] {
  return [...kinds].filter((k): k is ResultKind => k === 'string' || k === 'boolean');
}

/** An operand that can yield something other than a number where its operator takes one. */
export interface OperandProblem {
  /** JSON pointer of the operand, below `at` */
  path: string;
  message: string;
}

/**
 * Every operand of `expr` (at JSON pointer `at`) that its operator takes as a number (OperatorDef.
 * numberOperands) and that can yield a string or a boolean as far as its form tells: each loaded and
 * then failed every calculation that met it ("needs a number"). Followed through the operators whose
 * operands run in the rule's own scope (those that declare what they yield or take); not into map,
 * filter, reduce and the like, whose operands read an item, nor into lookups.
 */
export function numberOperandProblems(expr: unknown, bindings: ReadonlyMap<string, Kinds>, at: string): OperandProblem[] {
  const out: OperandProblem[] = [];
  const walk = (e: unknown, path: string): void => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return;
    const keys = Object.keys(e);
    if (keys.length !== 1) return;
    const name = keys[0];
    const op = getOperator(name);
    if (op === undefined || (op.yields === undefined && op.numberOperands === undefined)) return;
    const raw = (e as Record<string, unknown>)[name];
    const args = Array.isArray(raw) ? raw : [raw];
    args.forEach((a, i) => {
      const where = Array.isArray(raw) ? `${path}/${pointerSegment(name)}/${i}` : `${path}/${pointerSegment(name)}`;
      const numeric = op.numberOperands === 'all' || (op.numberOperands ?? []).includes(i);
      if (numeric) {
        const other = notNumbers(resultKinds(a, bindings));
        if (other.length)
          out.push({ path: where, message: `operand ${i + 1} of "${name}" can yield ${other.join(' or ')} where it takes a number` });
      }
      walk(a, where);
    });
  };
  walk(expr, at);
  return out;
}
