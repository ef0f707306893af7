/**
 * Compiles a json-logic expression ONCE (at rule load) into a tree of closures over Decimal.
 * Nothing is parsed or walked per evaluation: each node becomes one Evaluator, each operator's
 * compile() receives its operands' Evaluators.
 *
 * Node kinds: number -> Decimal constant (from the number's shortest string form); string, boolean,
 * null -> constant; array -> array of its compiled elements; object with exactly one key -> operator
 * application. Anything else (other objects, undefined, functions, NaN) is malformed.
 *
 * Errors (unknown operator, wrong arity, malformed node, an operator's own compile-time check) throw
 * ExpressionCompileError whose message is "<where> <json-path>: <problem>"; the rule loader turns it
 * into a load problem.
 */
import { keptDecimal } from '../decimal.ts';
import { getOperator, ITEM_SCOPED_OPERATORS, SCOPED_OPERATORS } from './operators/index.ts';
import type { RuleScopeNames } from './rule-scope.ts';
import type { CompileContext, Evaluator, Value } from './types.ts';
import { isDecimal } from './values.ts';
import { itemScopeNames } from './item-scope.ts';
import { pointerSegment } from '../util/json-pointer.ts';

export { variablesOf } from './variables.ts';

export class ExpressionCompileError extends Error {
  constructor(
    readonly where: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${joinWhere(where, path)}: ${problem}`);
    this.name = 'ExpressionCompileError';
  }
}

/** Joins the caller's `where` and the JSON path inside the expression (whereJoiner says how). */
function joinWhere(where: string, path: string): string {
  return whereJoiner(where)(path);
}

/** Each operator's escaped segment, made once (a rule set uses a few dozen operators, thousands of times). */
const opSegments = new Map<string, string>();
function opSegment(op: string): string {
  let segment = opSegments.get(op);
  if (segment === undefined) opSegments.set(op, (segment = pointerSegment(op)));
  return segment;
}

/**
 * Joins one `where` to many JSON paths inside its expression, `where` looked at once. When `where` already
 * ends in a JSON pointer ("rules/x.yaml /expression") the path is appended to it ("rules/x.yaml
 * /expression/+/1"); otherwise it follows after a space ("/" for the whole expression).
 */
function whereJoiner(where: string): (path: string) => string {
  if (/(^|\s)\/\S*$/.test(where)) return (path) => (path === '' ? where : where + path);
  return (path) => `${where} ${path === '' ? '/' : path}`;
}

/**
 * `ruleScope`: the names a rule's scope certainly holds when this expression runs (its inputs and
 * earlier bindings), so that `var` can read them directly from a RuleScope (operators/var.ts).
 */
export function compileExpression(expr: unknown, where: string, options: { ruleScope?: RuleScopeNames } = {}): Evaluator {
  return compileAt(expr, where, whereJoiner(where), '', options.ruleScope);
}

function constant(v: Value): Evaluator {
  return () => v;
}

function compileAt(
  expr: unknown,
  where: string,
  join: (path: string) => string,
  path: string,
  ruleScope: RuleScopeNames | undefined,
): Evaluator {
  if (expr === null) return constant(null);
  switch (typeof expr) {
    case 'number': {
      if (!Number.isFinite(expr)) throw new ExpressionCompileError(where, path, `number literal ${expr} is not finite`);
      return constant(keptDecimal(expr));
    }
    case 'string':
    case 'boolean':
      return constant(expr);
    case 'object':
      break;
    default:
      throw new ExpressionCompileError(where, path, `malformed node of type ${typeof expr}`);
  }
  if (isDecimal(expr)) return constant(expr as Value);
  if (Array.isArray(expr)) {
    const items = expr.map((e, i) => compileAt(e, where, join, `${path}/${i}`, ruleScope));
    const n = items.length;
    if (n === 0) return () => [];
    return (scope) => {
      const out: Value[] = new Array(n);
      for (let i = 0; i < n; i++) out[i] = items[i](scope);
      return out;
    };
  }
  const proto = Object.getPrototypeOf(expr);
  if (proto !== Object.prototype && proto !== null) {
    throw new ExpressionCompileError(where, path, `malformed node: not a plain JSON object`);
  }
  const keys = Object.keys(expr as object);
  if (keys.length !== 1) {
    throw new ExpressionCompileError(
      where,
      path,
      `malformed node: an operation must be an object with exactly one key (the operator), found ${keys.length} keys${keys.length ? ` (${keys.slice(0, 5).join(', ')})` : ''}`,
    );
  }
  const op = keys[0];
  const opPath = `${path}/${opSegment(op)}`;
  const def = getOperator(op);
  if (!def) throw new ExpressionCompileError(where, opPath, `unknown operator "${op}"`);
  const rawValue = (expr as Record<string, unknown>)[op];
  const wrapped = !Array.isArray(rawValue);
  const raw: unknown[] = wrapped ? [rawValue] : (rawValue as unknown[]);
  const [min, max] = def.arity;
  if (raw.length < min || raw.length > max) {
    const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new ExpressionCompileError(where, opPath, `operator "${op}" takes ${expected} operand(s), got ${raw.length}`);
  }
  const argPath = (i: number) => (wrapped ? opPath : `${opPath}/${i}`);
  // the second operand of map/filter/reduce/all/some/none runs over each item, not over the rule's scope;
  // that of map_each/filter_each over the rule's scope with the item in a slot of its own (item-scope.ts)
  const argScope = (i: number) =>
    i !== 1 ? ruleScope : SCOPED_OPERATORS.has(op) ? undefined : ITEM_SCOPED_OPERATORS.has(op) ? itemScopeNames(ruleScope, raw) : ruleScope;
  const args = raw.map((r, i) => compileAt(r, where, join, argPath(i), argScope(i)));
  const ctx: CompileContext = {
    where: join(opPath),
    compile(e: unknown): Evaluator {
      const i = raw.indexOf(e);
      return compileAt(e, where, join, i >= 0 ? argPath(i) : opPath, undefined);
    },
    ruleScope,
  };
  try {
    return def.compile(args, raw, ctx);
  } catch (e) {
    if (e instanceof ExpressionCompileError) throw e;
    throw new ExpressionCompileError(where, opPath, (e as Error).message);
  }
}
