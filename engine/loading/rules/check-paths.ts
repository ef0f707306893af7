/**
 * Checks, per pipeline, that every context path read is there when it is read: the prepare entries (in
 * order), each step's `when`, every input of every version of each step's rule (and any dotted var a
 * rule reads below an input), and the response's amounts. The context starts as the calculation's
 * initial shape (context-schema.ts) and grows by what prepare and each step write (output_key,
 * also_outputs), so `amounts.x` must be written by an earlier step. A misspelt path is thus a load
 * problem naming file, JSON path and what does exist there, not an internal error on every request.
 */
import { CALCULATION_TYPES, type CalculationType } from '../../calculation-type.ts';
import type { LoadProblem } from '../../errors.ts';
import { variablesOf } from '../../logic/index.ts';
import { ruleWrites } from './check-writes.ts';
import {
  and,
  atomsOf,
  counterexample,
  formulaOf,
  not,
  or,
  presentAtoms,
  strictReads,
  TRUE,
  varsIn,
  type AtomNamer,
  type Formula,
} from './conditions.ts';
import type { MasterKind, MasterSet } from '../masters/types.ts';
import type { ResolvedSlot } from './slots.ts';
import { CONTEXT_ROOTS, initialContextShape, masterShapes } from './context-schema.ts';
import { intersect, lookup, LEAF, OPEN, withPath, type Shape } from './context-shape.ts';
import type { OutputDeclarations } from './outputs.ts';
import type { RuleRegistry } from './registry.ts';
import type { CompiledRule } from './types.ts';

export interface PipelineSource {
  calculation_type: string;
  file: string;
  /** the master slots resolved for this calculation: only these are in its context's `masters` */
  masters: readonly ResolvedSlot[];
  prepare: Record<string, unknown>;
  steps: { rule: string; when?: unknown }[];
  amounts: Record<string, string>;
  /** the output declarations, when well-formed (outputs.ts checks them against what is written) */
  outputs?: OutputDeclarations;
}

/** What a prepare entry writes: a var passes on the shape it reads; if/or/and one of their operands. */
function writtenShape(expr: unknown, shape: Shape): Shape {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) return LEAF;
  const [op, arg] = Object.entries(expr)[0] ?? [];
  const args = Array.isArray(arg) ? arg : [arg];
  if (op === 'var' && typeof args[0] === 'string') {
    const found = lookup(shape, args[0].split('.'));
    return 'shape' in found ? found.shape : OPEN;
  }
  if (op === 'if' || op === 'or' || op === 'and') {
    const shapes = args.map((a) => writtenShape(a, shape));
    return shapes.find((s) => s.kind === 'object') ?? (shapes.some((s) => s.kind === 'open') ? OPEN : LEAF);
  }
  return LEAF;
}

function varsOf(expr: unknown): readonly string[] {
  try {
    return variablesOf(expr);
  } catch {
    return []; // a malformed expression is reported by its compile
  }
}

class Collector {
  private readonly byKey = new Map<string, { problem: LoadProblem; pipelines: string[] }>();

  add(file: string, path: string, message: string, pipeline: string): void {
    const key = `${file}\0${path}\0${message}`;
    const entry = this.byKey.get(key) ?? { problem: { file, path, message }, pipelines: [] };
    if (!entry.pipelines.includes(pipeline)) entry.pipelines.push(pipeline);
    this.byKey.set(key, entry);
  }

  problems(): LoadProblem[] {
    return [...this.byKey.values()].map(({ problem, pipelines }) => ({
      ...problem,
      message: `${problem.message} (pipeline ${pipelines.join(', ')})`,
    }));
  }
}

function check(
  out: Collector,
  pipeline: string,
  shape: Shape,
  path: string,
  file: string,
  at: string,
  what: string,
  laterWriter?: (path: string) => string | null,
): boolean {
  const found = lookup(shape, path.split('.'));
  if (!('missing' in found)) return false;
  const later = laterWriter?.(path);
  out.add(
    file,
    at,
    later
      ? `${what} ${path} is written later, by ${later}: run this step after it`
      : `${what} ${path} is not in the context here: ${found.missing}`,
    pipeline,
  );
  return true;
}

/** The first step after `index` whose rule writes `path` (or a path containing it), as "step x (file)". */
function writerAfter(p: PipelineSource, registry: RuleRegistry, index: number): (path: string) => string | null {
  return (path) => {
    const segs = path.split('.');
    for (let j = index + 1; j < p.steps.length; j++) {
      for (const rule of registry.versions(p.steps[j].rule)) {
        const writes = [rule.output, ...rule.alsoOutputs.map(([k]) => k)];
        if (writes.some((w) => w.length <= segs.length && w.every((x, k) => x === segs[k]))) return `step ${rule.doc.step} (${rule.file})`;
      }
    }
    return null;
  };
}

/**
 * A rule's expressions as the context sees them: each input's var as its context path, each binding's
 * var as the binding's expression, so the conditions a read sits under (an `if` on a binding) are the
 * context's. With whether its value may be null (a rounded expression's may not: a value flows on).
 */
const inContextOf = new WeakMap<CompiledRule, [string, unknown, boolean, string[]][]>();

function inContext(rule: CompiledRule): [string, unknown, boolean, string[]][] {
  let found = inContextOf.get(rule);
  if (!found) inContextOf.set(rule, (found = inContextMade(rule).map(([at, e, root]) => [at, e, root, varsIn(e)])));
  return found;
}

function inContextMade(rule: CompiledRule): [string, unknown, boolean][] {
  const { inputs, bindings = {} } = rule.doc;
  const inlined = new Map<string, unknown>();
  const subst = (expr: unknown): unknown => {
    if (Array.isArray(expr)) return expr.map(subst);
    if (expr === null || typeof expr !== 'object') return expr;
    const [op, arg] = Object.entries(expr)[0] ?? [];
    const [name, ...rest] = op === 'var' ? [arg].flat() : [];
    if (typeof name !== 'string') return Object.fromEntries(Object.entries(expr).map(([k, v]) => [k, subst(v)]));
    const [head, ...below] = name.split('.');
    if (head in inputs) {
      const path = [inputs[head], ...below].join('.');
      return { var: rest.length ? [path, ...rest] : path };
    }
    if (head in bindings && !below.length && !inlined.has(head)) inlined.set(head, subst(bindings[head]));
    return head in bindings && !below.length ? inlined.get(head) : expr;
  };
  return [
    ...Object.entries(bindings).map(([name, e]): [string, unknown, boolean] => [`/bindings/${name}`, subst(e), true]),
    ['/expression', subst(rule.doc.expression), rule.doc.rounding_rule === null],
    ...(rule.doc.warnings ?? []).map((w, i): [string, unknown, boolean] => [`/warnings/${i}/when`, subst(w.when), true]),
  ];
}

/** The dotted vars a rule's expressions read below one of its inputs, as full context paths. */
function readsBelowInputs(rule: CompiledRule): [string, string][] {
  const exprs: [string, unknown][] = [
    ...Object.entries(rule.doc.bindings ?? {}).map(([name, e]) => [`/bindings/${name}`, e] as [string, unknown]),
    ['/expression', rule.doc.expression],
    ...(rule.doc.warnings ?? []).map((w, i) => [`/warnings/${i}/when`, w.when] as [string, unknown]),
  ];
  const out: [string, string][] = [];
  for (const [at, expr] of exprs) {
    for (const v of varsOf(expr)) {
      const [head, ...rest] = v.split('.');
      if (rest.length && head in rule.doc.inputs) out.push([at, `${rule.doc.inputs[head]}.${rest.join('.')}`]);
    }
  }
  return out;
}

/** One path written before a read: by whom, and when (TRUE: on every branch). */
interface Write {
  segs: string[];
  cond: Formula;
  when: unknown;
  by: string;
}

/** one path inside the other (or the same): a write of either makes or changes the other */
const overlaps = (a: readonly string[], b: readonly string[]) => a.every((x, k) => k >= b.length || x === b[k]);

/**
 * The branches a read may see: a path some earlier write made is read only where those writes' `when`
 * conditions, or the reader's own (its step's `when`, and the conditions on the way to the read inside
 * a `when`), prove it was written or is not null. Otherwise a later step read null on the branches no
 * writer ran and failed at run time (`operator "+" operand 1 is null`). See conditions.ts.
 */
class Branches {
  readonly writes: Write[] = [];
  /** path -> the writes made to it or around it so far (cleared at each write) */
  private readonly seen = new Map<string, Write[]>();
  readonly name: AtomNamer = (subject, vars) => `${subject}@${vars.map((v) => this.overlapping(v).length).join(',')}`;

  overlapping(path: string): Write[] {
    let found = this.seen.get(path);
    if (!found) {
      const segs = path.split('.');
      this.seen.set(path, (found = this.writes.filter((w) => overlaps(w.segs, segs))));
    }
    return found;
  }

  write(path: string, when: unknown, by: string): void {
    const cond = when === undefined ? TRUE : formulaOf(when, this.name);
    this.writes.push({ segs: path.split('.'), cond, when, by });
    this.seen.clear();
  }

  /**
   * What the writes prove of the atoms in `f`, and of the atoms those bring in: a path only writes make
   * is present only if one of its writers ran (for an atom naming the path as it is now).
   */
  private axioms(f: Formula): Formula[] {
    const out: Formula[] = [];
    const seen = new Set<string>();
    const todo = [...atomsOf(f, new Map()).values()];
    for (let a = todo.pop(); a; a = todo.pop()) {
      if (!a.of || seen.has(a.key) || a.key !== this.name(a.of.base, [a.of.path])) continue;
      seen.add(a.key);
      const by = this.overlapping(a.of.path);
      if (!by.length) continue;
      out.push(or(a.of.present ? not(a) : a, ...by.map((w) => w.cond)));
      for (const w of by) todo.push(...atomsOf(w.cond, new Map()).values());
    }
    return out;
  }

  /** why `path` may be unwritten where `guard` holds, or null when every such branch wrote it */
  /** whether a read of `path` needs a proof: only conditional writes made it (else an input, or written on every branch) */
  conditional(path: string): boolean {
    const by = this.overlapping(path);
    return by.length > 0 && by.every((w) => w.cond !== TRUE);
  }

  uncovered(path: string, guard: Formula): string | null {
    if (!this.conditional(path)) return null; // an input, missing (the path check says so), or written on every branch
    const by = this.overlapping(path);
    const goal = or(not(guard), ...by.map((w) => w.cond), presentAtoms(path, this.name));
    const axioms = this.axioms(goal);
    const cex = counterexample(axioms.length ? or(not(and(...axioms)), goal) : goal);
    if (cex === undefined) return null;
    const writers = by.map((w) => `${w.by} when ${JSON.stringify(w.when)}`).join(', ');
    const when = cex
      ? cex.filter((a) => ![path, `!${path}`, `${path} == null`, `!(${path} == null)`].includes(a)).join(' and ')
      : 'its conditions, too many to decide';
    return `${path}, written only by ${writers}; unwritten when ${when}: write it on every branch, or guard the reader with a condition that implies a writer's`;
  }
}

/** The declared outputs a response must carry (not `optional`), as context paths with their place in the pipeline. */
function requiredOutputs(decls: OutputDeclarations, from: string | null = null, at = '/amounts'): [string, string][] {
  return Object.entries(decls).flatMap(([name, d]): [string, string][] => {
    if (d.optional || d.nullable) return []; // absent, or null when no step writes it
    const path = from === null ? d.from! : `${from}.${name}`;
    return d.fields ? requiredOutputs(d.fields, path, `${at}/${name}/fields`) : [[path, `${at}/${name}`]];
  });
}

function checkPipeline(
  out: Collector,
  p: PipelineSource,
  registry: RuleRegistry,
  kinds: Record<MasterKind, Shape>,
  parameters: MasterSet['parameters'],
): void {
  const type = p.calculation_type as CalculationType;
  let shape = initialContextShape(type, kinds, p.masters, parameters);
  const branches = new Branches();
  for (const [path, expr] of Object.entries(p.prepare)) {
    for (const v of varsOf(expr)) check(out, type, shape, v, p.file, `/prepare/${path}`, 'variable');
    shape = withPath(shape, path.split('.'), writtenShape(expr, shape));
    branches.write(path, undefined, `prepare entry ${path}`);
  }
  for (const [i, step] of p.steps.entries()) {
    const guard = step.when === undefined ? TRUE : formulaOf(step.when, branches.name);
    const at = `/steps/${i}`;
    if (step.when !== undefined) {
      for (const v of varsOf(step.when)) check(out, type, shape, v, p.file, `${at}/when`, 'variable');
      for (const [v, g] of strictReads(step.when, TRUE, branches.name)) {
        const why = branches.uncovered(v, g);
        if (why) out.add(p.file, `${at}/when`, `the when of step ${step.rule} reads ${why}`, type);
      }
    }
    const versions = registry.versions(step.rule);
    // A rule that did not load is reported as such; what later steps read cannot be judged without it.
    if (!versions.length) return;
    const later = writerAfter(p, registry, i);
    const after = versions.map((rule) => {
      for (const [name, path] of Object.entries(rule.doc.inputs))
        check(out, type, shape, path, rule.file, `/inputs/${name}`, 'input', later);
      for (const [where, path] of readsBelowInputs(rule)) check(out, type, shape, path, rule.file, where, 'variable', later);
      for (const [where, expr, valueRoot, vars] of inContext(rule)) {
        if (!vars.some((v) => branches.conditional(v))) continue;
        for (const [path, g] of strictReads(expr, guard, branches.name, valueRoot)) {
          const why = branches.uncovered(path, g);
          if (why) out.add(p.file, at, `step ${step.rule} (${rule.file} ${where}) reads ${why}`, type);
        }
      }
      let next = withPath(shape, rule.output, OPEN);
      for (const [key] of rule.alsoOutputs) next = withPath(next, key, OPEN);
      return next;
    });
    shape = after.reduce(intersect);
    // what every version writes (a path only some write is missing after the step: the path check says so)
    const [first, ...rest] = versions.map((rule) => ruleWrites(rule.doc).map((w) => w.path));
    for (const path of first.filter((w) => rest.every((r) => r.includes(w)))) branches.write(path, step.when, `step ${step.rule}`);
  }
  for (const [field, path] of Object.entries(p.amounts)) check(out, type, shape, path, p.file, `/amounts/${field}`, 'amount');
  for (const [path, at] of requiredOutputs(p.outputs ?? {})) {
    const why = branches.uncovered(path, TRUE);
    if (why) out.add(p.file, at, `output ${why} (or declare it optional: true)`, type);
  }
}

/** `masters`, when given, makes master paths exact (see masterShapes); otherwise they follow the file schemas. */
export function checkContextPaths(pipelines: PipelineSource[], registry: RuleRegistry, masters?: MasterSet): LoadProblem[] {
  const kinds = masterShapes(masters);
  const out: LoadProblem[] = [];
  const collector = new Collector();
  const used = new Set<string>();
  for (const p of pipelines) {
    if (!(CALCULATION_TYPES as readonly string[]).includes(p.calculation_type)) {
      out.push({ file: p.file, path: '/calculation_type', message: `unknown calculation_type (known: ${CALCULATION_TYPES.join(', ')})` });
      continue;
    }
    p.steps.forEach((s) => used.add(s.rule));
    checkPipeline(collector, p, registry, kinds, masters?.parameters);
  }
  // A rule no pipeline runs yet is still held to the context's top-level names.
  for (const rule of registry.all()) {
    if (used.has(rule.code)) continue;
    for (const [name, path] of Object.entries(rule.doc.inputs)) {
      const root = path.split('.')[0];
      if (!(CONTEXT_ROOTS as readonly string[]).includes(root)) {
        out.push({
          file: rule.file,
          path: `/inputs/${name}`,
          message: `input ${path} starts with ${root}, not one of ${CONTEXT_ROOTS.join(', ')}`,
        });
      }
    }
  }
  return [...out, ...collector.problems()];
}
