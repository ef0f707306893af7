/**
 * Strict YAML reading shared by rule and master loaders: duplicate keys are errors (the yaml package's
 * uniqueKeys default), dates stay strings (core schema has no timestamp type), every parse error keeps
 * its line so a specialist can find it. A file beyond the size bounds or expanding too many aliases is
 * one problem, never a parse (engine/util/yaml-limits.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.ya?ml$/.test(name)) out.push([p, relative(dir, p).split('\\').join('/')]);
    }
  };
  walk(dir);
  return out;
}
