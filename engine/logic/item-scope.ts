/**
 * The scope of map_each / filter_each: the rule's own scope (its inputs and earlier bindings) with the
 * current item added under the name `item`. Why: a per-item test that needs values from outside the item
 * (a dependant's age at a date of the calculation against an age limit read from the parameters); the
 * plain json-logic map and filter see the item alone. The loader checks the expression's variables other
 * than item.* like any other (variables.ts).
 */
import { RuleScope } from './rule-scope.ts';
import type { Scope } from './types.ts';

/** The name the current item has inside map_each / filter_each. */
export const ITEM = 'item';

/** The item's name of a map_each / filter_each node: its third operand, a literal name, or `item`. */
export function itemName(op: string, raw: readonly unknown[]): string {
  const name = raw[2];
  if (name === undefined) return ITEM;
  if (typeof name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`${op}: the item's name must be a literal name`);
  return name;
}

/** A fresh object holding the outer scope's names, on which the item is then set for each element. */
export function outerScopeOf(scope: Scope): Record<string, unknown> {
  return scope instanceof RuleScope ? scope.named() : { ...scope };
}
