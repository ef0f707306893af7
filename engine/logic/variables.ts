/**
 * variablesOf: the var paths an expression reads from its OWN scope, for the rule loader's check that
 * every variable is declared (an input or an earlier binding).
 *
 * json-logic-js does the collecting (uses_data / is_logic). Two adjustments keep its answer exact:
 *  - the inner expression of map/filter/reduce/all/some/none runs with the item (or {current,
 *    accumulator}) as scope, so its vars are not the rule's variables: it is dropped before collecting;
 *  - uses_data does not look into a var's default, nor into array literals, so each array literal is presented to it as an
 *    operation ({"merge": [...]}) whose elements it does walk.
 * Paths are returned as written (dotted, e.g. "employee.tax_dependent_count"), each once, in order.
 */
import jsonLogic from 'json-logic-js';
import { ITEM_SCOPED_OPERATORS, SCOPED_OPERATORS } from './operators/index.ts';
import { ITEM } from './item-scope.ts';

function outerScopeOnly(expr: unknown): unknown {
  if (Array.isArray(expr)) return { merge: expr.map(outerScopeOnly) };
  if (!jsonLogic.is_logic(expr)) return expr;
  const op = jsonLogic.get_operator(expr as Record<string, unknown>);
  const values = (expr as Record<string, unknown>)[op];
  const list = Array.isArray(values) ? values : [values];
  if (op === 'var') {
    // uses_data stops at var; a default that reads other variables is walked as well
    return list.length > 1 ? { merge: [{ var: list[0] }, outerScopeOnly(list[1])] } : expr;
  }
  const kept = list.map((v, i) =>
    SCOPED_OPERATORS.has(op) && i === 1
      ? null
      : ITEM_SCOPED_OPERATORS.has(op) && i === 1
        ? outerScopeOnly(withoutItem(v, [ITEM, typeof list[2] === 'string' ? list[2] : ITEM]))
        : outerScopeOnly(v),
  );
  return { [op]: kept };
}

/**
 * The expression of map_each/filter_each with its reads of the current item (item, item.*, or the name
 * given to it, and those of enclosing map_each/filter_each) replaced by null.
 */
function withoutItem(expr: unknown, names: readonly string[]): unknown {
  if (Array.isArray(expr)) return expr.map((e) => withoutItem(e, names));
  if (expr === null || typeof expr !== 'object') return expr;
  const op = Object.keys(expr)[0];
  const values = (expr as Record<string, unknown>)[op];
  if (op === 'var') {
    const path = Array.isArray(values) ? values[0] : values;
    if (typeof path === 'string' && names.some((n) => path === n || path.startsWith(`${n}.`))) return null;
    return expr;
  }
  // a nested map_each/filter_each adds its own item's name; a nested map/filter's inner operand is dropped later anyway
  const own = ITEM_SCOPED_OPERATORS.has(op) && Array.isArray(values) && typeof values[2] === 'string' ? [...names, values[2]] : names;
  return { [op]: Array.isArray(values) ? values.map((v) => withoutItem(v, own)) : withoutItem(values, own) };
}

/**
 * Each expression's variables, found once: the rule loader asks for every expression's roots and the
 * context-path check for its dotted reads, each a full walk (the answer is frozen, as callers share it).
 */
const variablesOfExpression = new WeakMap<object, readonly string[]>();

export function variablesOf(expr: unknown): readonly string[] {
  if (expr === null || typeof expr !== 'object') return findVariables(expr);
  let found = variablesOfExpression.get(expr);
  if (!found) variablesOfExpression.set(expr, (found = Object.freeze(findVariables(expr))));
  return found;
}

function findVariables(expr: unknown): string[] {
  const used = jsonLogic.uses_data(outerScopeOnly({ merge: [expr] }) as Record<string, unknown>);
  const out: string[] = [];
  for (const u of used) {
    if (typeof u !== 'string' && typeof u !== 'number') continue; // computed paths are rejected by the compiler
    const s = String(u);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** The first segment of each variable path ("employee.x" -> "employee"), each once. */
export function rootVariablesOf(expr: unknown): string[] {
  const out: string[] = [];
  for (const v of variablesOf(expr)) {
    const root = v.split('.')[0];
    if (!out.includes(root)) out.push(root);
  }
  return out;
}
