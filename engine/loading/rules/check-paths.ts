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
) {
  const found = lookup(shape, path.split('.'));
  if (!('missing' in found)) return;
  const later = laterWriter?.(path);
  out.add(
    file,
    at,
    later
      ? `${what} ${path} is written later, by ${later}: run this step after it`
      : `${what} ${path} is not in the context here: ${found.missing}`,
    pipeline,
  );
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

function checkPipeline(
  out: Collector,
  p: PipelineSource,
  registry: RuleRegistry,
  kinds: Record<MasterKind, Shape>,
  parameters: MasterSet['parameters'],
): void {
  const type = p.calculation_type as CalculationType;
  let shape = initialContextShape(type, kinds, p.masters, parameters);
  for (const [path, expr] of Object.entries(p.prepare)) {
    for (const v of varsOf(expr)) check(out, type, shape, v, p.file, `/prepare/${path}`, 'variable');
    shape = withPath(shape, path.split('.'), writtenShape(expr, shape));
  }
  for (const [i, step] of p.steps.entries()) {
    if (step.when !== undefined) for (const v of varsOf(step.when)) check(out, type, shape, v, p.file, `/steps/${i}/when`, 'variable');
    const versions = registry.versions(step.rule);
    // A rule that did not load is reported as such; what later steps read cannot be judged without it.
    if (!versions.length) return;
    const later = writerAfter(p, registry, i);
    const after = versions.map((rule) => {
      for (const [name, path] of Object.entries(rule.doc.inputs))
        check(out, type, shape, path, rule.file, `/inputs/${name}`, 'input', later);
      for (const [at, path] of readsBelowInputs(rule)) check(out, type, shape, path, rule.file, at, 'variable', later);
      let next = withPath(shape, rule.output, OPEN);
      for (const [key] of rule.alsoOutputs) next = withPath(next, key, OPEN);
      return next;
    });
    shape = after.reduce(intersect);
  }
  for (const [field, path] of Object.entries(p.amounts)) check(out, type, shape, path, p.file, `/amounts/${field}`, 'amount');
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
