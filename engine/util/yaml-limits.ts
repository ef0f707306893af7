/**
 * Bounds on one YAML file of rules or masters, checked BEFORE it is parsed (parsing a huge table blocks
 * the server and exhausts its heap): a file beyond them is refused with one problem naming the file and
 * the bound, from its size on disk and its line count alone. The real files are far inside them
 * (docs/reliability.md "Loading bounds").
 */
import { openSync, closeSync, fstatSync, readFileSync } from 'node:fs';
import type { LoadProblem } from '../errors.ts';

/** Largest file, in bytes. */
export const MAX_YAML_FILE_BYTES = 1024 * 1024;
/** Most lines (a table row is a line). */
export const MAX_YAML_FILE_LINES = 20_000;
/**
 * Most alias expansions while a document becomes data (the yaml package's maxAliasCount): a "billion
 * laughs" file of nested aliases would otherwise expand exponentially. No real file uses an alias.
 */
export const MAX_YAML_ALIASES = 100;

const NEWLINE = 0x0a;

/** The problem of text that is beyond the bounds, or null. */
function yamlSizeProblem(file: string, bytes: Buffer): LoadProblem | null {
  if (bytes.length > MAX_YAML_FILE_BYTES) return tooLarge(file, `${bytes.length} bytes`, `${MAX_YAML_FILE_BYTES} bytes`);
  let lines = 1;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) {
    lines += 1;
    if (lines > MAX_YAML_FILE_LINES) return tooLarge(file, `more than ${MAX_YAML_FILE_LINES} lines`, `${MAX_YAML_FILE_LINES} lines`);
  }
  return null;
}

/**
 * The bytes of one YAML file, or the problem that refuses it: its size is read from the open file
 * before any byte is, so an oversized file is never read into memory.
 */
function readYamlBytes(abs: string, file: string): BoundedBytes {
  const fd = openSync(abs, 'r');
  try {
    const { size } = fstatSync(fd);
    return boundedBytes(file, size, size > MAX_YAML_FILE_BYTES ? null : readFileSync(fd));
  } finally {
    closeSync(fd);
  }
}

export type BoundedBytes = { bytes: Buffer; problem: null } | { bytes: null; problem: LoadProblem };

/**
 * The bytes of a file already read (engine/util/yaml-folder.ts), or the problem that refuses it: `bytes`
 * null for a file whose `size` is above the byte bound (it was never read whole).
 */
export function boundedBytes(file: string, size: number, bytes: Buffer | null): BoundedBytes {
  if (bytes === null || size > MAX_YAML_FILE_BYTES)
    return { bytes: null, problem: tooLarge(file, `${size} bytes`, `${MAX_YAML_FILE_BYTES} bytes`) };
  const problem = yamlSizeProblem(file, bytes);
  return problem ? { bytes: null, problem } : { bytes, problem: null };
}

/** The data of a parsed document, or the problem when it expands too many aliases (or fails in any other way). */
export function boundedToJs(
  file: string,
  toJs: (options: { maxAliasCount: number }) => unknown,
): { value: unknown; problem: LoadProblem | null } {
  try {
    return { value: toJs({ maxAliasCount: MAX_YAML_ALIASES }), problem: null };
  } catch (e) {
    const excessive = e instanceof ReferenceError && /alias/i.test(e.message);
    return {
      value: undefined,
      problem: {
        file,
        path: '/',
        message: excessive
          ? `refused: its aliases expand more than ${MAX_YAML_ALIASES} times (nested aliases, a "billion laughs"); write the values out`
          : `cannot be read as data: ${(e as Error).message}`,
      },
    };
  }
}

/** The text to parse (read here when the caller has not), or the problem that refuses it before parsing. */
export function boundedText(path: string, file: string, text?: string): string | LoadProblem {
  if (text !== undefined) return yamlSizeProblem(file, Buffer.from(text, 'utf8')) ?? text;
  const read = readYamlBytes(path, file);
  return read.problem ?? read.bytes.toString('utf8');
}

function tooLarge(file: string, found: string, bound: string): LoadProblem {
  return {
    file,
    path: '/',
    message: `refused before parsing: ${found}, above the bound of ${bound} per file (engine/util/yaml-limits.ts; docs/reliability.md)`,
  };
}
