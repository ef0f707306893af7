/**
 * Where a calculation may write, checked at load. A rule's results (output_key, also_outputs) go under
 * `amounts` or `work`; a pipeline's prepare writes there too, or into a root of its own (`employee`:
 * the employee under one name for every type). Nothing writes into the calculation's inputs:
 * profile, masters, parameters, settings and dates are shared by every calculation on the same settings
 * and frozen, so a write there loaded and then threw on every calculation (a 500, not a load problem);
 * request is the caller's request as sent, and a write into it (or into a root prepare made of it) would
 * change what later steps and the trace read as the caller's.
 */
import type { LoadProblem } from '../errors.ts';

/** The roots a step writes under. */
export const RESULT_ROOTS: readonly string[] = ['amounts', 'work'];
/** The calculation's inputs: read, never written. */
export const INPUT_ROOTS: readonly string[] = ['request', 'profile', 'masters', 'parameters', 'settings', 'dates'];

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

/** A rule's output_key and also_outputs: under amounts or work. */
export function ruleWriteProblems(file: string, outputKey: string, alsoOutputs: Record<string, string> | undefined): LoadProblem[] {
  const out: LoadProblem[] = [];
  if (!intoResults(outputKey)) out.push(problem(file, '/output_key', outputKey, 'output_key'));
  for (const key of Object.keys(alsoOutputs ?? {}))
    if (!intoResults(key)) out.push(problem(file, `/also_outputs/${key}`, key, 'also_outputs key'));
  return out;
}

/** A pipeline's prepare keys: anywhere but into an input (a root of its own, as `employee`, included). */
export function prepareWriteProblems(file: string, paths: readonly string[]): LoadProblem[] {
  return paths
    .filter((path) => INPUT_ROOTS.includes(path.split('.')[0]))
    .map((path) => problem(file, `/prepare/${path}`, path, 'prepare key'));
}
