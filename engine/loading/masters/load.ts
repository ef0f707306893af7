/**
 * Loads masters/<kind>/<version>.yaml: strict YAML -> schema per kind -> records with Decimals -> invariants
 * per file -> version continuity per (kind, id). loadMasters throws one LoadError listing every problem
 * (the server refuses to start on broken masters); checkMasters returns the problems for tools and tests.
 */
import { LoadError, type LoadProblem } from '../../errors.ts';
import type { MasterKind, MasterRecord, MasterSet } from './types.ts';
import { readYamlFolder, type FolderFile } from '../../util/yaml-folder.ts';
import { boundedBytes } from '../../util/yaml-limits.ts';
import { readYamlSource, withLine, type YamlSource } from './yaml-source.ts';
import { validateMasterFile } from './validate.ts';
import { BUILDERS } from './records/index.ts';
import type { Raw } from './records/envelope.ts';
import { fileIssues, resolvedVersionIssues, versionsContinuous } from './invariants/index.ts';
import { IndexedMasterSet } from './master-set.ts';
import { inheritUnchangedRecords, type BuiltFile } from './inherit.ts';
import { dirname } from 'node:path';
import { LoadCache } from '../load-cache.ts';
import type { Issue } from './invariants/issue.ts';
import type { PlausibleRange } from './invariants/rates-plausible.ts';
import { buildParameters } from '../parameters/build.ts';
import { ParameterSet } from '../parameters/set.ts';
import type { Parameter } from '../parameters/types.ts';
import type { ResultLabels } from './schemas/result-labels.ts';

export interface MastersReading {
  records: MasterRecord[];
  /** the parameters of masters/parameters/ (read by rules as parameters.<area>.<name>) */
  parameters: ParameterSet;
  resultLabels: ResultLabels | null; // masters/result_labels/, null when the folder has none
  problems: LoadProblem[];
  files: string[];
}

const NO_CACHE = new LoadCache(null);

/**
 * `cache`: checked documents from an earlier clean load (engine/loading/load-cache.ts); the new ones are added to it.
 * `files`: the folder as already read (engine/util/yaml-folder.ts), else it is read here.
 * `checks` false: the set is proven under this build (engine/loading/load-cache.ts), so the invariants, which only
 * look for problems, are not run again; the records are built as always.
 */
export function readMasters(
  dir: string,
  cache: LoadCache = NO_CACHE,
  files: FolderFile[] = readYamlFolder(dir),
  checks = true,
): MastersReading {
  const reading = readMastersWith(files, cache, checks);
  // a cached document has no syntax tree to place a problem on its line: a set with problems is read again in full
  return reading.problems.length && cache !== NO_CACHE ? readMastersWith(files, NO_CACHE, true) : reading;
}

interface CheckedFile {
  file: string;
  raw: Raw;
}

function readMastersWith(files: FolderFile[], cache: LoadCache, checks: boolean): MastersReading {
  const problems: LoadProblem[] = [];
  const records: MasterRecord[] = [];
  const sources = new Map<string, YamlSource>();
  // first every file parsed and schema-checked: the plausibility bounds (data) must be known before any table is judged
  const checked: CheckedFile[] = [];
  // folders holding a file that did not parse or validate: the versions of a table share its folder, and
  // without the broken file their continuity cannot be judged (one mistake, one message)
  const failedDirs = new Set<string>();
  for (const { abs, rel: file, size, bytes: onDisk, sha256 } of files) {
    // a cached document passed the size bounds with these very bytes (the bounds are part of the cache's
    // fingerprint): only a file read whole can be one
    let raw = onDisk === null ? undefined : (cache.get('master', sha256) as Raw | undefined);
    if (raw === undefined) {
      const read = boundedBytes(file, size, onDisk);
      if (read.problem) {
        problems.push(read.problem);
        failedDirs.add(dirname(file));
        continue;
      }
      const src = readYamlSource(abs, file, read.bytes.toString('utf8'));
      sources.set(file, src);
      if (src.problems.length) {
        problems.push(...src.problems);
        failedDirs.add(dirname(file));
        continue;
      }
      const { kind, problems: schemaProblems } = validateMasterFile(file, src.value);
      if (!kind || schemaProblems.length) {
        problems.push(...schemaProblems.map((p) => withLine(p, src)));
        failedDirs.add(dirname(file));
        continue;
      }
      cache.put('master', sha256, src.value);
      raw = src.value as Raw;
    }
    checked.push({ file, raw });
  }
  const located = (file: string) => (i: Issue) => withLine({ file, ...i }, sources.get(file));
  const bounds = new Map<string, PlausibleRange & { file: string }>();
  const parameters: Parameter[] = [];
  let resultLabels: ResultLabels | null = null;
  for (const { file, raw } of checked) {
    if (raw.kind === 'plausibility_bounds') {
      for (const [field, b] of Object.entries(raw.bounds as Record<string, PlausibleRange>)) {
        const earlier = bounds.get(field);
        if (earlier)
          problems.push(located(file)({ path: `/bounds/${field}`, message: `bound of ${field} also declared in ${earlier.file}` }));
        else bounds.set(field, { ...b, file });
      }
    } else if (raw.kind === 'parameters') {
      const built = buildParameters(raw, file, checks);
      problems.push(...built.issues.map(located(file)));
      for (const p of built.parameters) {
        const earlier = parameters.find((q) => q.path === p.path);
        if (earlier) problems.push(located(file)({ path: '/area', message: `parameters.${p.path} also declared in ${earlier.file}` }));
        else parameters.push(p);
      }
    } else if (raw.kind === 'result_labels') {
      const labels = raw as unknown as ResultLabels;
      if (resultLabels) problems.push(located(file)({ path: '/kind', message: `result labels also declared in ${resultLabels.file}` }));
      else resultLabels = { ...labels, file };
      for (const [type, fields] of Object.entries(labels.results))
        for (const [field, { group }] of Object.entries(fields))
          if (!labels.groups.some((g) => g.id === group))
            problems.push(located(file)({ path: `/results/${type}/${field}/group`, message: `group "${group}" is not one of groups` }));
    }
  }
  const builtFiles: BuiltFile[] = [];
  for (const { file, raw } of checked) {
    if (raw.kind === 'plausibility_bounds' || raw.kind === 'parameters' || raw.kind === 'result_labels') continue;
    const built = BUILDERS[raw.kind as MasterKind](raw, file);
    if (checks) problems.push(...fileIssues(file, raw, built, bounds).map(located(file)));
    builtFiles.push({ file, raw, records: built.map((b) => b.record) });
  }
  inheritUnchangedRecords(builtFiles);
  for (const f of builtFiles) {
    if (checks) problems.push(...resolvedVersionIssues(f.raw, f.records).map(located(f.file)));
    records.push(...f.records);
  }
  if (checks) problems.push(...continuityProblems(records, failedDirs, sources));
  return { records, parameters: new ParameterSet(parameters), resultLabels, problems: dedupe(problems), files: files.map((f) => f.rel) };
}

/** The versions of each table (kind and id) follow one another without gap or overlap (versionsContinuous). */
function continuityProblems(records: MasterRecord[], failedDirs: Set<string>, sources: Map<string, YamlSource>): LoadProblem[] {
  const groups = new Map<string, MasterRecord[]>();
  for (const r of records) {
    const k = `${r.kind}\u0000${r.id}`;
    const group = groups.get(k);
    if (group) group.push(r);
    else groups.set(k, [r]);
  }
  const problems: LoadProblem[] = [];
  for (const versions of groups.values()) {
    if (versions.some((v) => failedDirs.has(dirname(v.file)))) continue;
    problems.push(...versionsContinuous(versions).map((i) => withLine(i, sources.get(i.file))));
  }
  return problems;
}

export function checkMasters(dir: string): LoadProblem[] {
  return readMasters(dir).problems;
}

export function loadMasters(
  dir: string,
  cache?: LoadCache,
  files?: FolderFile[],
  checks = true,
): MasterSet & { ids(kind: MasterKind): string[] } {
  const { records, parameters, resultLabels, problems } = readMasters(dir, cache, files, checks);
  if (problems.length) throw new LoadError(problems);
  return new IndexedMasterSet(records, parameters, resultLabels);
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
