/**
 * Loads masters/<kind>/<version>.yaml: strict YAML -> schema per kind -> records with Decimals -> invariants
 * per file -> version continuity per (kind, id). loadMasters throws one LoadError listing every problem
 * (the server refuses to start on broken masters); checkMasters returns the problems for tools and tests.
 */
import { LoadError, type LoadProblem } from '../errors.ts';
import type { MasterKind, MasterRecord, MasterSet } from './types.ts';
import { yamlFilesUnder } from '../util/yaml-file.ts';
import { readYamlSource, withLine, type YamlSource } from './yaml-source.ts';
import { validateMasterFile } from './validate.ts';
import { BUILDERS } from './build/index.ts';
import type { Raw } from './build/envelope.ts';
import { fileIssues, resolvedVersionIssues, versionsContinuous } from './invariants/index.ts';
import { IndexedMasterSet } from './master-set.ts';
import { inheritUnchangedRecords, type BuiltFile } from './inherit.ts';

export interface MastersReading {
  records: MasterRecord[];
  problems: LoadProblem[];
  files: string[];
}

export function readMasters(dir: string): MastersReading {
  const problems: LoadProblem[] = [];
  const records: MasterRecord[] = [];
  const sources = new Map<string, YamlSource>();
  const files = yamlFilesUnder(dir);
  const builtFiles: BuiltFile[] = [];
  for (const [abs, file] of files) {
    const src = readYamlSource(abs, file);
    sources.set(file, src);
    if (src.problems.length) {
      problems.push(...src.problems);
      continue;
    }
    const { kind, problems: schemaProblems } = validateMasterFile(file, src.value);
    if (!kind || schemaProblems.length) {
      problems.push(...schemaProblems.map((p) => withLine(p, src)));
      continue;
    }
    const built = BUILDERS[kind](src.value as Raw, file);
    problems.push(...fileIssues(file, src.value as Raw, built).map((i) => withLine({ file, ...i }, src)));
    builtFiles.push({ file, raw: src.value as Raw, records: built.map((b) => b.record) });
  }
  inheritUnchangedRecords(builtFiles);
  for (const f of builtFiles) {
    problems.push(...resolvedVersionIssues(f.raw, f.records).map((i) => withLine({ file: f.file, ...i }, sources.get(f.file))));
    records.push(...f.records);
  }
  const groups = new Map<string, MasterRecord[]>();
  for (const r of records) {
    const k = `${r.kind}\u0000${r.id}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  for (const versions of groups.values()) problems.push(...versionsContinuous(versions).map((i) => withLine(i, sources.get(i.file))));
  return { records, problems: dedupe(problems), files: files.map(([, f]) => f) };
}

export function checkMasters(dir: string): LoadProblem[] {
  return readMasters(dir).problems;
}

export function loadMasters(dir: string): MasterSet & { ids(kind: MasterKind): string[] } {
  const { records, problems } = readMasters(dir);
  if (problems.length) throw new LoadError(problems);
  return new IndexedMasterSet(records);
}


/** A multi-record file yields the same version problem once per record: report it once. */
function dedupe(problems: LoadProblem[]): LoadProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.file}\u0000${p.path}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
