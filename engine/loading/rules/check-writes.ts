/**
 * Where a calculation may write, checked at load. A rule's results (output_key, also_outputs) go under
 * `amounts` or `work`; a pipeline's prepare writes there too, or into a root of its own (`employee`:
 * the employee under one name for every type). Nothing writes into the calculation's inputs:
 * profile, masters, parameters, settings and dates are shared by every calculation on the same settings
 * and frozen, so a write there loaded and then threw on every calculation (a 500, not a load problem);
 * request is the caller's request as sent, and a write into it (or into a root prepare made of it) would
 * change what later steps and the trace read as the caller's.
 */
import { INPUT_ROOTS } from '../../context-roots.ts';
import type { LoadProblem } from '../../errors.ts';
import type { PipelineSource } from './check-paths.ts';
import type { RuleRegistry } from './registry.ts';
import type { RuleDocument } from './types.ts';

/** The roots a step writes under. */
const RESULT_ROOTS: readonly string[] = ['amounts', 'work'];

function intoResults(path: string): boolean {
  const segs = path.split('.');
  return segs.length > 1 && RESULT_ROOTS.includes(segs[0]);
}

function problem(file: string, at: string, path: string, what: string): LoadProblem {
  const root = path.split('.')[0];
  const why = INPUT_ROOTS.includes(root)
    ? `${root} is one of the calculation's inputs (${INPUT_ROOTS.join(', ')}), which are read, never written`
    : `a rule's results go under ${RESULT_ROOTS.join(' or ')}`;
  return { file, path: at, message: `${what} ${path} writes into ${root}: ${why}` };
}

/** One write a rule version declares: the context path, where the rule declares it, and what declares it. */
export interface RuleWrite {
  path: string;
  at: string;
  what: 'output_key' | 'also_outputs key';
}

/** A rule version's writes in their order: output_key, then each also_outputs key (a later may land inside an earlier). */
export function ruleWrites(doc: Pick<RuleDocument, 'output_key' | 'also_outputs'>): RuleWrite[] {
  return [
    { path: doc.output_key, at: '/output_key', what: 'output_key' },
    ...Object.keys(doc.also_outputs ?? {}).map((key): RuleWrite => ({ path: key, at: `/also_outputs/${key}`, what: 'also_outputs key' })),
  ];
}

/** A rule's output_key and also_outputs: under amounts or work. */
export function ruleWriteProblems(file: string, doc: Pick<RuleDocument, 'output_key' | 'also_outputs'>): LoadProblem[] {
  return ruleWrites(doc)
    .filter((w) => !intoResults(w.path))
    .map((w) => problem(file, w.at, w.path, w.what));
}

/** A pipeline's prepare keys: anywhere but into an input (a root of its own, as `employee`, included). */
export function prepareWriteProblems(file: string, paths: readonly string[]): LoadProblem[] {
  return paths
    .filter((path) => INPUT_ROOTS.includes(path.split('.')[0]))
    .map((path) => problem(file, `/prepare/${path}`, path, 'prepare key'));
}

/**
 * A write below a value an earlier write put there whole (a prepare entry's value, a rule's result): that
 * value may be the inputs' own object (a var of request.*, a master table: frozen, so the write threw on
 * every calculation) or shared with another path, which the write would change too. A write goes beside
 * such a value, or into containers only writes made (work.insured.basis next to work.insured.age).
 * Every version of a step counts, in pipeline order, prepare first. A write inside a value that is not an
 * object replaced it with a new object, silently; inside a frozen one it threw; inside a Decimal or a
 * request object it changed a value other steps or calculations share.
 */
export function nestedWriteProblems(pipelines: readonly PipelineSource[], registry: RuleRegistry): LoadProblem[] {
  // a rule run by several pipelines is one mistake, reported once
  const seen = new Map<string, LoadProblem>();
  for (const p of pipelines)
    for (const problem of nestedWrites(p, registry)) seen.set(`${problem.file}\t${problem.path}\t${problem.message}`, problem);
  return [...seen.values()];
}

function nestedWrites(p: PipelineSource, registry: RuleRegistry): LoadProblem[] {
  const out: LoadProblem[] = [];
  /** a path written whole, inside `whole` (path -> who wrote it whole): a problem for each such write */
  const write = (whole: ReadonlyMap<string, string>, path: string, file: string, at: string) => {
    const segs = path.split('.');
    for (let n = 1; n < segs.length; n++) {
      const inside = segs.slice(0, n).join('.');
      const writer = whole.get(inside);
      if (writer !== undefined)
        out.push({
          file,
          path: at,
          message: `${path} writes inside ${inside}, a value ${writer} put there whole (it may be the inputs' own object, frozen or shared); write beside it`,
        });
    }
  };
  const whole = new Map<string, string>();
  for (const path of Object.keys(p.prepare)) {
    write(whole, path, p.file, `/prepare/${path}`);
    whole.set(path, `prepare entry ${path} (${p.file})`);
  }
  for (const step of p.steps) {
    // a step's versions are alternatives: each is judged against what the steps before it wrote, and what
    // any of them writes is whole for the steps after it
    const written = new Map<string, string>();
    for (const rule of registry.versions(step.rule)) {
      // one version's own writes in their order: a later may land inside an earlier
      const seen = new Map(whole);
      for (const { path, at } of ruleWrites(rule.doc)) {
        write(seen, path, rule.file, at);
        seen.set(path, rule.file);
        written.set(path, rule.file);
      }
    }
    for (const [path, file] of written) whole.set(path, file);
  }
  return out;
}
