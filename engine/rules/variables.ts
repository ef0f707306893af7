/**
 * The variables an expression reads from its own scope. Operands of map/filter/reduce/all/some/none
 * after the first are evaluated against each item (json-logic semantics), so their vars are not the
 * rule's and are skipped here.
 */
const ITEM_SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);

export function scopedVariables(expr: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(expr)) {
    for (const e of expr) scopedVariables(e, out);
    return out;
  }
  if (expr === null || typeof expr !== 'object') return out;
  const [op, raw] = Object.entries(expr as Record<string, unknown>)[0] ?? [];
  if (op === undefined) return out;
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') {
    if (typeof args[0] === 'string' && args[0] !== '') out.add(args[0]);
    return out;
  }
  if (ITEM_SCOPED.has(op)) {
    scopedVariables(args[0], out);
    if (op === 'reduce') scopedVariables(args[2], out);
    return out;
  }
  for (const a of args) scopedVariables(a, out);
  return out;
}
