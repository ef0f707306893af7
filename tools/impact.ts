/**
 * npm run impact -- --base <git ref | dir> --head <git ref | dir> [--dates D1,D2] [--on DATES] [--calculation C] [--html FILE]
 * Runs the golden corpus and a seeded generated population under two versions of the rules and masters
 * (or the same version at two payment dates) and reports how many results changed, by formula code and
 * by amount, by pay type, premium month and prefecture, the version and rate changes behind them, the
 * distribution of each change in yen, and the largest cases with both traces. The default payment dates
 * reach every version that differs between the two sides (impact/coverage.ts). With --calculation
 * year_end_adjustment the population is households and --dates two calculation dates, i.e. two tax years.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LoadError, loadEngine, type Engine } from '../engine/index.ts';
import { isIsoDate } from '../engine/tooling.ts';
import { changedVersions, defaultDates, uncoveredWarnings } from './impact/coverage.ts';
import { htmlReport } from './impact/html.ts';
import { runSubjects } from './impact/run.ts';
import { buildSubjects } from './impact/subjects.ts';
import { resolveSide, SideError, type Side } from './impact/sides.ts';
import { summarize } from './impact/summary.ts';
import { textReport } from './impact/text.ts';

const PROJECT = join(dirname(fileURLToPath(import.meta.url)), '..');

const HELP = `usage: npm run impact -- --base <git ref | dir> --head <git ref | dir> [options]
       npm run impact -- --dates D1,D2 [--base <git ref | dir>] [options]

  --base, --head   a git ref of this repository (its rules/ and masters/ are exported with git archive) or a
                   directory holding rules/ and/or masters/ (a missing one is the project's own); default: the working tree
  --dates D1,D2    the same data at two payment dates: every member is paid on D1 (base) and on D2 (head)
  --on DATES       payment dates of the population, comma-separated (default: the 25th of each month of this year
                   and the first payments under every table or rule version that differs between the sides;
                   dates that reach no such version get a WARNING)
  --seed N         population seed (default 1); the same seed gives the same population
  --size N         employees in the population besides the withholding grid (default 2000)
  --golden DIR     golden corpus to include (default test/golden; "none" to leave it out)
  --top N          largest cases shown with their traces (default 10)
  --calculation C  what the population is: payroll (default: monthly pay, bonuses, the withholding grid) or
                   year_end_adjustment (households; each date is a calculation date and its year the tax year, so
                   --dates 2025-12-10,2026-12-10 compares the law of tax year 2025 with that of 2026 on the same
                   households)
  --html FILE      also write the report as a self-contained HTML page with charts
  --help           this text`;

function fail(message: string): never {
  console.error(`impact: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      base: { type: 'string' },
      head: { type: 'string' },
      dates: { type: 'string' },
      on: { type: 'string' },
      seed: { type: 'string' },
      size: { type: 'string' },
      golden: { type: 'string' },
      top: { type: 'string' },
      html: { type: 'string' },
      calculation: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
} catch (e) {
  fail(`${(e as Error).message} (see --help)`);
}
const { values } = parsed;
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function count(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  if (!/^\d+$/.test(v)) fail(`--${name} must be a whole number, got ${v}`);
  return Number(v);
}
function dateList(name: string, v: string): string[] {
  const ds = v.split(',').map((d) => d.trim());
  for (const d of ds) if (!isIsoDate(d)) fail(`--${name}: ${d} is not a date (YYYY-MM-DD)`);
  return ds;
}

const twoDates = values.dates ? dateList('dates', values.dates) : null;
if (twoDates && twoDates.length !== 2) fail('--dates takes exactly two dates: D1,D2');
if (!twoDates && !values.base && !values.head) fail('give --base and --head, or --dates D1,D2 (see --help)');
const seed = count('seed', values.seed, 1);
const size = count('size', values.size, 2000);
const top = count('top', values.top, 10);
const calculation = values.calculation ?? 'payroll';
if (calculation !== 'payroll' && calculation !== 'year_end_adjustment')
  fail(`--calculation must be payroll or year_end_adjustment, got ${calculation}`);

const sides: Side[] = [];
process.on('exit', () => sides.forEach((s) => s.cleanup()));
function side(spec: string | undefined): Side {
  try {
    const s = spec
      ? resolveSide(spec, PROJECT)
      : { label: 'working tree', rulesDir: join(PROJECT, 'rules'), mastersDir: join(PROJECT, 'masters'), cleanup: () => {} };
    sides.push(s);
    return s;
  } catch (e) {
    if (e instanceof SideError) fail(e.message);
    throw e;
  }
}
function engineOf(s: Side): Engine {
  try {
    return loadEngine({
      rulesDir: s.rulesDir,
      mastersDir: s.mastersDir,
      now: () => new Date(0),
      newId: () => '00000000-0000-4000-8000-000000000000',
    });
  } catch (e) {
    if (!(e instanceof LoadError)) throw e;
    for (const p of e.problems) console.error(`impact: ${s.label}: ${p.file} ${p.path}: ${p.message}`);
    fail(`${s.label}: the rules and masters could not be loaded`);
  }
}

const baseSide = side(values.base);
const headSide = twoDates && !values.head ? baseSide : side(values.head);
const base = engineOf(baseSide);
const head = headSide === baseSide ? base : engineOf(headSide);

// the versions that differ between the sides, so the dates reach them (a 2029 table is not seen in 2026)
const changed = changedVersions(baseSide, headSide);
const on = values.on ? dateList('on', values.on) : defaultDates(new Date().getUTCFullYear(), changed);
const warnings = uncoveredWarnings(changed, twoDates ?? on);

const goldenDir = values.golden === 'none' ? null : resolve(values.golden ?? join(PROJECT, 'test', 'golden'));
if (goldenDir && !existsSync(goldenDir)) fail(`--golden: ${goldenDir} does not exist (or --golden none)`);
const { subjects, notes } = buildSubjects(base, {
  seed,
  size,
  on,
  twoDates: twoDates as [string, string] | null,
  goldenDir,
  calculation,
});
const totals = runSubjects(base, head, subjects);
const summary = summarize(
  totals,
  {
    base: baseSide.label,
    head: headSide.label,
    baseHash: base.provenance().rules_masters_hash,
    headHash: head.provenance().rules_masters_hash,
  },
  top,
  notes,
  warnings,
);
console.log(textReport(summary));
if (values.html) {
  try {
    writeFileSync(resolve(values.html), htmlReport(summary));
  } catch (e) {
    fail(`--html: ${(e as Error).message}`);
  }
  console.log(`\nHTML report: ${resolve(values.html)}`);
}
