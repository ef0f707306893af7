/**
 * A small symbolic logic for the `when` of pipeline steps, so the load check can prove that a path a
 * step reads was written on every branch (check-paths.ts). A condition becomes a formula over atoms:
 * a var's truthiness, an equality of a var with a literal, or any other expression as an opaque atom;
 * `!`, `!!`, `and`, `or` and `if` are the connectives. An atom is named with how many writes its vars
 * had seen, so the same expression before and after a step rewrote its var are different atoms.
 * Validity is decided by trying every assignment of the atoms (a pipeline's conditions hold a handful),
 * skipping the impossible ones: a var equals at most one of several distinct literals (non-numeric
 * strings and null, which `==` and `===` compare alike), a var equal to a non-empty string is truthy and
 * one equal to null is falsy. What cannot be proved is not valid: the check is sound, never clever.
 */
export type Formula =
  | { t: 'const'; v: boolean }
  | { t: 'atom'; key: string; text: string; eq?: { subject: string; lit: string | null }; truth?: string; of?: Presence }
  | { t: 'not'; f: Formula }
  | { t: 'and' | 'or'; fs: Formula[] };

export const TRUE: Formula = { t: 'const', v: true };
export const FALSE: Formula = { t: 'const', v: false };
export const not = (f: Formula): Formula => ({ t: 'not', f });
export const and = (...fs: Formula[]): Formula => ({ t: 'and', fs });
export const or = (...fs: Formula[]): Formula => ({ t: 'or', fs });

/** An atom that says something of whether a var is present: its path, the atom's unnamed subject, whether true means present. */
export interface Presence {
  path: string;
  base: string;
  present: boolean;
}

/** names an atom: its subject (a var path or an expression's JSON) with the write count of its vars */
export type AtomNamer = (subject: string, vars: readonly string[]) => string;

const EQUALITIES = ['==', '===', '!=', '!=='];

function operation(expr: unknown): [string, unknown[]] | null {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) return null;
  const entries = Object.entries(expr);
  if (entries.length !== 1) return null;
  const [op, arg] = entries[0];
  return [op, Array.isArray(arg) ? arg : [arg]];
}

const varPath = (expr: unknown): string | null => {
  const o = operation(expr);
  return o && o[0] === 'var' && typeof o[1][0] === 'string' && o[1].length === 1 ? o[1][0] : null;
};

/** a literal `==` and `===` treat alike and that no other such literal equals: null, a non-numeric string */
const distinctLiteral = (x: unknown): x is string | null =>
  x === null || (typeof x === 'string' && x.trim() !== '' && Number.isNaN(Number(x)));

/** The vars an expression reads (shallow walk; a malformed one reads what it names). */
export function varsIn(expr: unknown, out: string[] = []): string[] {
  const o = operation(expr);
  if (Array.isArray(expr)) expr.forEach((e) => varsIn(e, out));
  else if (o) {
    if (o[0] === 'var' && typeof o[1][0] === 'string') out.push(o[1][0]);
    else o[1].forEach((e) => varsIn(e, out));
  }
  return out;
}

/** The formula of an expression read for its truthiness. */
export function formulaOf(expr: unknown, name: AtomNamer): Formula {
  if (typeof expr === 'boolean') return expr ? TRUE : FALSE;
  if (expr === null) return FALSE;
  const o = operation(expr);
  const opaque = (): Formula => {
    const text = JSON.stringify(expr);
    return { t: 'atom', key: name(text, varsIn(expr)), text };
  };
  if (!o) return opaque();
  const [op, args] = o;
  const path = varPath(expr);
  if (path !== null) return truthAtom(path, name);
  if (op === '!' && args.length === 1) return not(formulaOf(args[0], name));
  if (op === '!!' && args.length === 1) return formulaOf(args[0], name);
  if ((op === 'and' || op === 'or') && args.length) return { t: op, fs: args.map((a) => formulaOf(a, name)) };
  if (op === 'if' && args.length >= 2) {
    const [c, yes, ...rest] = args;
    const cond = formulaOf(c, name);
    const otherwise = rest.length ? formulaOf(rest.length === 1 ? rest[0] : { if: rest }, name) : FALSE;
    return or(and(cond, formulaOf(yes, name)), and(not(cond), otherwise));
  }
  if (EQUALITIES.includes(op) && args.length === 2) {
    const [a, b] = varPath(args[1]) !== null && varPath(args[0]) === null ? [args[1], args[0]] : args;
    const subject = varPath(a);
    if (subject !== null && distinctLiteral(b)) {
      const atom = eqAtom(subject, b, name);
      return op.startsWith('!') ? not(atom) : atom;
    }
    if (op.startsWith('!')) return not(formulaOf({ [op === '!=' ? '==' : '===']: args }, name));
  }
  return opaque();
}

function truthAtom(path: string, name: AtomNamer): Atom {
  const base = `var ${path}`;
  return { t: 'atom', key: name(base, [path]), text: path, truth: name(path, [path]), of: { path, base, present: true } };
}

function eqAtom(path: string, lit: string | null, name: AtomNamer): Atom {
  const base = `${path} == ${JSON.stringify(lit)}`;
  return {
    t: 'atom',
    key: name(base, [path]),
    text: base,
    eq: { subject: name(path, [path]), lit },
    of: { path, base, present: lit !== null },
  };
}

/** `path` present (truthy, or not equal to null): a read guarded so has its value whoever wrote it. */
export function presentAtoms(path: string, name: AtomNamer): Formula {
  return or(truthAtom(path, name), not(eqAtom(path, null, name)));
}

export type Atom = Extract<Formula, { t: 'atom' }>;

export function atomsOf(f: Formula, out: Map<string, Atom>): Map<string, Atom> {
  if (f.t === 'atom') out.set(f.key, f);
  else if (f.t === 'not') atomsOf(f.f, out);
  else if (f.t !== 'const') f.fs.forEach((g) => atomsOf(g, out));
  return out;
}

/** A formula with its atoms numbered: 1 true, 0 false, -1 not yet decided. */
type Numbered = { t: 'const'; v: 0 | 1 } | { t: 'atom'; i: number } | { t: 'not'; f: Numbered } | { t: 'and' | 'or'; fs: Numbered[] };

function numbered(f: Formula, index: Map<string, number>): Numbered {
  if (f.t === 'const') return { t: 'const', v: f.v ? 1 : 0 };
  if (f.t === 'atom') return { t: 'atom', i: index.get(f.key)! };
  if (f.t === 'not') return { t: 'not', f: numbered(f.f, index) };
  return { t: f.t, fs: f.fs.map((g) => numbered(g, index)) };
}

/** three-valued: what `f` is under the atoms decided so far */
function value(f: Numbered, v: Int8Array): number {
  if (f.t === 'const') return f.v;
  if (f.t === 'atom') return v[f.i];
  if (f.t === 'not') {
    const r = value(f.f, v);
    return r < 0 ? r : 1 - r;
  }
  const stop = f.t === 'and' ? 0 : 1;
  let open = false;
  for (const g of f.fs) {
    const r = value(g, v);
    if (r === stop) return stop;
    if (r < 0) open = true;
  }
  return open ? -1 : 1 - stop;
}

/** whether the atoms decided so far can hold together (see the head of this file) */
function possible(atoms: readonly Atom[], v: Int8Array): boolean {
  const equal = new Map<string, string | null>();
  atoms.forEach((a, i) => {
    if (!a.eq || v[i] !== 1) return;
    if (equal.has(a.eq.subject) && equal.get(a.eq.subject) !== a.eq.lit) equal.set(a.eq.subject, '\0impossible');
    else equal.set(a.eq.subject, a.eq.lit);
  });
  if ([...equal.values()].includes('\0impossible')) return false;
  return atoms.every((a, i) => !a.truth || v[i] < 0 || !equal.has(a.truth) || v[i] === (equal.get(a.truth) !== null ? 1 : 0));
}

/** Past this many atoms, or this many partial assignments tried, a formula is not decided. */
const MAX_ATOMS = 40;
const MAX_TRIED = 20_000;

/**
 * Whether `f` holds under every possible assignment of its atoms (undefined); if not, the atoms of one
 * branch where it fails, as texts ("x", "!x", "a == \"b\"", "!(a == \"b\")"); null when too large to
 * decide. A search over the atoms, pruned where the formula is decided or the atoms cannot hold together.
 */
export function counterexample(f: Formula): string[] | null | undefined {
  const atoms = [...atomsOf(f, new Map()).values()];
  if (atoms.length > MAX_ATOMS) return null;
  const g = numbered(f, new Map(atoms.map((a, i) => [a.key, i])));
  const v = new Int8Array(atoms.length).fill(-1);
  let tried = 0;
  const search = (k: number): boolean | null => {
    if (++tried > MAX_TRIED) return null;
    const r = value(g, v);
    if (r === 1 || !possible(atoms, v)) return false;
    if (r === 0) return true;
    for (const bit of [0, 1]) {
      v[k] = bit;
      const found = search(k + 1);
      if (found !== false) return found;
    }
    v[k] = -1;
    return false;
  };
  const found = search(0);
  if (found === null) return null;
  if (!found) return undefined;
  return atoms.flatMap((a, i) => (v[i] < 0 ? [] : [v[i] ? a.text : a.eq ? `!(${a.text})` : `!${a.text}`]));
}

/** The vars an expression reads where a null would fail (not under !, !!, an equality, or as a condition), each with the condition that holds where it is read. */
export function strictReads(expr: unknown, guard: Formula, name: AtomNamer, safe = true): [string, Formula][] {
  const o = operation(expr);
  if (Array.isArray(expr)) return expr.flatMap((e) => strictReads(e, guard, name, false));
  if (!o) return [];
  const [op, args] = o;
  const path = varPath(expr);
  if (path !== null) return safe ? [] : [[path, guard]];
  if (op === 'and' || op === 'or')
    return args.flatMap((a, i) => {
      const before = args.slice(0, i).map((b) => formulaOf(b, name));
      return strictReads(a, and(guard, ...(op === 'and' ? before : before.map(not))), name, safe);
    });
  if (op === 'if') {
    const out: [string, Formula][] = [];
    let g = guard;
    for (let i = 0; i < args.length; i += 2) {
      if (i === args.length - 1) out.push(...strictReads(args[i], g, name, safe));
      else {
        const c = formulaOf(args[i], name);
        out.push(...strictReads(args[i], g, name, true), ...strictReads(args[i + 1], and(g, c), name, safe));
        g = and(g, not(c));
      }
    }
    return out;
  }
  const nullSafe = op === '!' || op === '!!' || EQUALITIES.includes(op);
  return args.flatMap((a) => strictReads(a, guard, name, nullSafe));
}
