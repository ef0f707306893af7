/**
 * The proof in the start-up cache (engine/loading/load-cache.ts): a set that passed every check under one build
 * of the code is built without the checks that only look for problems when the same build loads it
 * again, and only then. To see that a proof is honoured, and for what, the tests lay a defect that only
 * a check finds (a gap between two rows of the monthly tax table, versions that overlap) over a copy of
 * masters/ and write a proof that names that set: the build it names loads it unchecked; another build,
 * no build (the sources) or an edited set checks it and refuses it, naming the same problems.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LoadError, loadEngine, type Engine } from '../../engine/index.ts';
import { proofOf } from '../../engine/loading/load-cache.ts';
import { computeProvenance } from '../../engine/loading/provenance.ts';
import { checkMasters } from '../../engine/loading/masters/load.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';
import { incomeTaxSimulationExample, profilePutExample } from '../../engine/contract/examples.ts';
import { copyMasters, PROJECT, removeTemp, tempDir } from '../tools/support/data-copies.ts';

const RULES = join(PROJECT, 'rules');
const BROKEN = join(PROJECT, 'test/fixtures/masters-broken');

const temps: string[] = [];
afterAll(() => temps.forEach(removeTemp));
function newCacheFile(): string {
  const dir = tempDir('load-proof');
  temps.push(dir);
  return join(dir, 'checked-yaml.jsonl');
}
function mastersCopy(): string {
  const dir = copyMasters();
  temps.push(join(dir, '..'));
  return dir;
}

const header = (cacheFile: string) => JSON.parse(readFileSync(cacheFile, 'utf8').split('\n')[0]) as { proof?: string };
const setHash = (masters: string) => computeProvenance(RULES, masters).rules_masters_hash;

/** Replaces the proof in a cache file's header (the documents and their hash stay as they are). */
function writeProof(cacheFile: string, proof: string): void {
  const [first, ...rest] = readFileSync(cacheFile, 'utf8').split('\n');
  writeFileSync(cacheFile, [JSON.stringify({ ...JSON.parse(first), proof }), ...rest].join('\n'));
}

/** income tax of a 252,000 yen basis, 甲欄, no dependents (6,220 in the 2026 table). */
function incomeTax(engine: Engine): unknown {
  const { versions } = applyProfilePut([], profilePutExample as never, { company_id: 'acme-tokyo', profile_id: 'p' });
  const request = { ...structuredClone(incomeTaxSimulationExample), taxable_payment: 296000, social_insurance_deduction_amount: 44000 };
  return engine.calculate('income_tax_simulation', request, versions).amounts.income_tax;
}

function loadProblems(load: () => unknown): unknown[] {
  try {
    load();
  } catch (e) {
    if (e instanceof LoadError) return e.problems;
    throw e;
  }
  return [];
}

describe('the proof of a checked set in the start-up cache', () => {
  it('a clean load with a code fingerprint records the proof of that build and that set; a load without one records none', () => {
    const masters = mastersCopy();
    const withBuild = newCacheFile();
    loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile: withBuild, codeFingerprint: 'build-a' });
    expect(header(withBuild).proof).toBe(proofOf('build-a', setHash(masters)));
    expect(proofOf('build-b', setHash(masters))).not.toBe(header(withBuild).proof);
    const fromSources = newCacheFile();
    loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile: fromSources });
    expect(header(fromSources).proof).toBeUndefined();
  });

  it('a proven load computes the same amounts, tables and listings as the checked one', () => {
    const masters = mastersCopy();
    const cacheFile = newCacheFile();
    const checked = loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-a' });
    const proven = loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-a' });
    expect([checked.provenance().checks, proven.provenance().checks]).toEqual(['run', 'proven']);
    expect(loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-b' }).provenance().checks).toBe('run');
    expect(incomeTax(proven)).toBe(6220);
    expect(incomeTax(checked)).toBe(6220);
    expect(proven.taxTables()).toEqual(checked.taxTables());
    expect(proven.rateTables()).toEqual(checked.rateTables());
    expect(proven.masterVersions()).toEqual(checked.masterVersions());
    expect(proven.rules()).toEqual(checked.rules());
    expect(proven.inputLimits()).toEqual(checked.inputLimits());
    expect(proven.provenance().rules_masters_hash).toBe(checked.provenance().rules_masters_hash);
  });

  it.each(['row-gap', 'overlapping-versions'])(
    'a proof is honoured for its build and its set only (%s: a defect only a check finds)',
    (defect) => {
      const masters = mastersCopy();
      const cacheFile = newCacheFile();
      loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-a' });
      cpSync(join(BROKEN, defect), masters, { recursive: true });
      const expected = checkMasters(masters);
      expect(expected.length).toBeGreaterThan(0);
      // the proof of the earlier, clean state does not cover the edited set
      expect(loadProblems(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-a' }))).toEqual(
        expected,
      );
      // a proof naming this very set (as if build-a had checked it and found nothing) is taken by build-a alone
      writeProof(cacheFile, proofOf('build-a', setHash(masters)));
      expect(loadProblems(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-a' }))).toEqual([]);
      expect(loadProblems(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile, codeFingerprint: 'build-b' }))).toEqual(
        expected,
      );
      expect(loadProblems(() => loadEngine({ mastersDir: masters, rulesDir: RULES, cacheFile }))).toEqual(expected);
    },
  );

  it('a set a worker thread checked in this process is built without checking it again', () => {
    const masters = mastersCopy();
    cpSync(join(BROKEN, 'row-gap'), masters, { recursive: true });
    expect(checkMasters(masters).length).toBeGreaterThan(0);
    // the documents are parsed and schema-checked here (none given); the checks are the worker's
    const checked = { rules_masters_hash: setHash(masters), documents: [] };
    expect(loadProblems(() => loadEngine({ mastersDir: masters, rulesDir: RULES, checked }))).toEqual([]);
    expect(loadEngine({ mastersDir: masters, rulesDir: RULES, checked }).provenance().checks).toBe('worker');
  });
});
