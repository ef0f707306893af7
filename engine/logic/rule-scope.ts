/**
 * The scope a rule's bindings, expression and warnings are evaluated over: its inputs and bindings by
 * name. A class of its own so that a `var` compiled for a rule (knowing the names it may read, all set
 * before they are read: the loader checks every variable is an input or an earlier binding) can tell
 * with one check that it is reading such a scope, and read the name as a plain property; any other
 * scope (an item inside map/filter, a caller's object) goes through var's general path.
 */
export class RuleScope {
  [name: string]: unknown;
}
