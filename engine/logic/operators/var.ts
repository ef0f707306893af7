/**
 * var: reads the scope. Why: every input and binding of a rule reaches the expression through it.
 * {"var": "a.b.0"} or {"var": ["a.b", default]}: dotted path, numeric segments index arrays; a missing
 * value gives the default (null without one); "" is the whole scope (the item inside map/filter).
 * The path must be a literal so that the loader can check every variable is declared (variablesOf).
 * JS numbers found in the data are returned as Decimal, undefined as null.
 */
import { RuleScope } from '../rule-scope.ts';
import type { Evaluator, OperatorDef, Value } from '../types.ts';
import { fromScope } from '../values.ts';
import { lazyWalk } from '../var-path.ts';

export const varOperator: OperatorDef = {
  names: ['var'],
  arity: [0, 2],
  compile(args, raw, ctx) {
    const path = raw.length === 0 ? '' : raw[0];
    if (path !== null && typeof path !== 'string' && !(typeof path === 'number' && Number.isInteger(path) && path >= 0)) {
      throw new Error('var: the path must be a literal string (or array index)');
    }
    const def = args.length > 1 ? args[1] : null;
    if (path === '' || path === null) return (scope) => fromScope(scope instanceof RuleScope ? scope.named() : scope);
    const segments = String(path).split('.');
    const generalOnObjects = generalVar(segments, def);
    // a rule's scope read by a var that does not know its slots: the same values, by name
    const general: Evaluator = (scope) => generalOnObjects(scope instanceof RuleScope ? scope.named() : scope);
    const root = segments[0];
    const names = ctx.ruleScope;
    if (!names || !names.known.has(root)) return general;
    // Over this rule's RuleScope the root is a slot already set (the loader's variable check): the
    // general path's checks on the scope itself (an object, not a Decimal nor an array, owning the
    // name) are known to pass, so the slot is read directly. Over any other scope, the general path.
    const index = names.index;
    const slot = index.get(root)!;
    if (segments.length === 1) {
      return (scope): Value => {
        if (!(scope instanceof RuleScope) || scope.index !== index) return general(scope);
        const v = scope.values[slot];
        if (v === undefined) return def ? def(scope) : null;
        return typeof v === 'number' ? fromScope(v) : (v as Value);
      };
    }
    const below = lazyWalk(segments, 1);
    return (scope): Value => {
      if (!(scope instanceof RuleScope) || scope.index !== index) return general(scope);
      const first = scope.values[slot];
      const v = first === undefined ? undefined : below(first);
      if (v === undefined) return def ? def(scope) : null;
      return fromScope(v);
    };
  },
};

function generalVar(segments: string[], def: Evaluator | null): Evaluator {
  const walk = lazyWalk(segments, 0); // walkFrom(scope, segments, 0), generated for this path
  return (scope): Value => {
    const v = walk(scope);
    if (v === undefined) return def ? def(scope) : null;
    return fromScope(v);
  };
}
