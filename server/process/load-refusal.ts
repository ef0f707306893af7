/**
 * How a refused load (at start or on reload) is told: one readable line per problem,
 * "FILE:LINE: PATH: message", rather than one JSON line carrying the error's stack.
 */
import { LoadError, problemLine, type LoadProblem } from '../../engine/index.ts';

/** The problems as data for the JSON log line (no stack): file, path, message each. */
export function refusalProblems(error: unknown): LoadProblem[] {
  return error instanceof LoadError
    ? error.problems
    : [{ file: '-', path: '/', message: error instanceof Error ? error.message : String(error) }];
}

export function refusalLines(error: unknown): string[] {
  if (error instanceof LoadError) return error.problems.map(problemLine);
  return [error instanceof Error ? error.message : String(error)];
}
