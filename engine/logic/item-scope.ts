/**
 * The scope of map_each / filter_each: the rule's own scope (its inputs and earlier bindings) with the
 * current item added under the name `item`. Why: a per-item test that needs values from outside the item
 * (a dependant's age at a date of the calculation against an age limit read from the parameters); the
 * plain json-logic map and filter see the item alone. The loader checks the expression's variables other
 * than item.* like any other (variables.ts).
 *
 * Over the rule's RuleScope the item is one more slot after the rule's (the same index for every such
 * operand of the rule and name), so that the operand's vars, compiled with itemScopeNames, read slots as
 * the rule's own vars do; over any other scope, a plain copy of it with the item set by name.
 */
import { RuleScope, type RuleScopeNames } from './rule-scope.ts';
import type { Scope } from './types.ts';

/** The name the current item has inside map_each / filter_each. */
export const ITEM = 'item';

/** The item's name of a map_each / filter_each node: its third operand, a literal name, or `item` (undefined: not a literal name). */
function literalName(raw: readonly unknown[]): string | undefined {
  const name = raw[2];
  if (name === undefined) return ITEM;
  return typeof name === 'string' && /^[a-z][a-z0-9_]*$/.test(name) ? name : undefined;
}

export function itemName(op: string, raw: readonly unknown[]): string {
  const name = literalName(raw);
  if (name === undefined) throw new Error(`${op}: the item's name must be a literal name`);
  return name;
}

/** Each rule index's indexes with an item slot, by the item's name: made at load, shared by every operand. */
const itemIndexes = new WeakMap<ReadonlyMap<string, number>, Map<string, ReadonlyMap<string, number>>>();

function itemIndexOf(index: ReadonlyMap<string, number>, name: string): ReadonlyMap<string, number> {
  let byName = itemIndexes.get(index);
  if (byName === undefined) itemIndexes.set(index, (byName = new Map()));
  let out = byName.get(name);
  if (out === undefined) byName.set(name, (out = new Map(index).set(name, index.get(name) ?? index.size)));
  return out;
}

/** The names an item-scoped operand certainly sees (the rule's and the item): undefined outside a rule's scope or for a name itemName refuses. */
export function itemScopeNames(outer: RuleScopeNames | undefined, raw: readonly unknown[]): RuleScopeNames | undefined {
  const name = literalName(raw);
  if (outer === undefined || name === undefined) return undefined;
  return { index: itemIndexOf(outer.index, name), known: new Set(outer.known).add(name) };
}

/**
 * For one call of the operator over `scope`, the scope its operand runs over for each item. `outer` is
 * the node's ruleScope (compile.ts), with which its operand was compiled.
 */
export function itemScope(outer: RuleScopeNames | undefined, name: string): (scope: Scope) => (item: unknown) => Scope {
  const index = outer && itemIndexOf(outer.index, name);
  const slot = index?.get(name) ?? 0;
  return (scope) => {
    if (index !== undefined && scope instanceof RuleScope && scope.index === outer!.index) {
      const values = scope.values.slice();
      const inner = new RuleScope(values, index);
      return (item) => ((values[slot] = item), inner as unknown as Scope);
    }
    const inner: Record<string, unknown> = scope instanceof RuleScope ? scope.named() : { ...scope };
    return (item) => ((inner[name] = item), inner as Scope);
  };
}
