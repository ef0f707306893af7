/**
 * How a refused load (at start or on reload) is told: one readable line per problem,
 * "FILE:LINE: PATH: message", rather than one JSON line carrying the error's stack.
 */
import { LoadError, problemLine } from '../engine/index.ts';

export function refusalLines(error: unknown): string[] {
  if (error instanceof LoadError) return error.problems.map(problemLine);
  return [error instanceof Error ? error.message : String(error)];
}
