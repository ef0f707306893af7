/**
 * The scope a rule's bindings, expression and warnings are evaluated over: its inputs and bindings,
 * held by position (inputs in declaration order, then bindings in order), with the rule's name -> slot
 * index beside them. A `var` compiled for the rule resolves its name to that slot at load (the loader
 * checks every variable is an input or an earlier binding, so the slot is set when it is read) and
 * reads an array element: no per-read property lookup by name. Any other reader (an operator reading
 * the scope by name, a var compiled without the rule's names) sees the same values through named().
 */
export class RuleScope {
  constructor(
    readonly values: unknown[],
    readonly index: ReadonlyMap<string, number>,
  ) {}

  get(name: string): unknown {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.values[i];
  }

  /** The scope as a plain object: every slot set so far, by name, in slot order. */
  named(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, i] of this.index) if (this.values[i] !== undefined) out[name] = this.values[i];
    return out;
  }
}

/** A rule's slots: inputs first, then bindings, each name once (the loader refuses a binding that shadows an input). */
export function scopeIndexOf(inputs: readonly string[], bindings: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const name of [...inputs, ...bindings]) if (!index.has(name)) index.set(name, index.size);
  return index;
}

/** What a var compiled for a rule knows: the rule's slot index and the names certainly set where it runs. */
export interface RuleScopeNames {
  index: ReadonlyMap<string, number>;
  known: ReadonlySet<string>;
}
