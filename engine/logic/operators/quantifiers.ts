/**
 * some / all / none — [array, condition], the condition evaluated with each item as its scope.
 * Empty arrays follow json-logic: some -> false, all -> false, none -> true; a value that is not an
 * array counts as empty for some and none, and makes all false.
 */
import type { OperatorDef, Scope } from '../types.ts';
import { truthy } from '../values.ts';

/**
 * Each quantifier as: its answer for an empty list (or a non-array), the item result that decides at
 * once, and the answer when an item decides.
 */
const QUANTIFIERS: readonly (readonly [name: string, whenEmpty: boolean, decidingItem: boolean, whenDecided: boolean])[] = [
  ['all', false, false, false],
  ['some', false, true, true],
  ['none', true, true, false],
];

/** all, some, none (the registry's order). */
export const QUANTIFIER_OPERATORS: readonly OperatorDef[] = QUANTIFIERS.map(([name, whenEmpty, decidingItem, whenDecided]) => ({
  names: [name],
  arity: [2, 2],
  yields: 'boolean',
  compile([list, cond]) {
    return (scope) => {
      const items = list(scope);
      if (!Array.isArray(items) || items.length === 0) return whenEmpty;
      for (const item of items) if (truthy(cond(item as unknown as Scope)) === decidingItem) return whenDecided;
      return !whenDecided;
    };
  },
}));
