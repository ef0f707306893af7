/**
 * Strict YAML reading shared by rule and master loaders: duplicate keys are errors (the yaml package's
 * uniqueKeys default), dates stay strings (core schema has no timestamp type), every parse error keeps
 * its line so a specialist can find it. A file beyond the size bounds or expanding too many aliases is
 * one problem, never a parse (engine/util/yaml-limits.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { LoadProblem } from '../errors.ts';
import { boundedText, boundedToJs } from './yaml-limits.ts';

/** `text`: the file's content when the caller has read it already. */
export function readYaml(path: string, displayName: string, text?: string): { value: unknown; problems: LoadProblem[] } {
  const source = boundedText(path, displayName, text);
  if (typeof source !== 'string') return { value: undefined, problems: [source] };
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true, prettyErrors: true });
  const problems = doc.errors.map((e) => ({
    file: displayName,
    path: e.linePos ? `line ${e.linePos[0].line}` : '/',
    message: e.message.split('\n')[0],
  }));
  if (problems.length) return { value: undefined, problems };
  const { value, problem } = boundedToJs(displayName, (o) => doc.toJS(o));
  return { value, problems: problem ? [problem] : [] };
}

/** Every *.yaml / *.yml file under dir, sorted, as [absolute path, path relative to dir]. */
export function yamlFilesUnder(dir: string): [string, string][] {
  const out: [string, string][] = [];
  // the relative path is built as the walk goes down (path.relative per file was a share of a start), and
  // an entry's kind read from the listing: only a symbolic link is stat'ed, to follow it as statSync does
  const walk = (d: string, prefix: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const name = entry.name;
      const p = join(d, name);
      const isDirectory = entry.isSymbolicLink() ? statSync(p).isDirectory() : entry.isDirectory();
      if (isDirectory) walk(p, `${prefix}${name}/`);
      else if (/\.ya?ml$/.test(name)) out.push([p, `${prefix}${name}`.split('\\').join('/')]);
    }
  };
  walk(dir, '');
  return out;
}
