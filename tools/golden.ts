/**
 * npm run golden [-- --dir test/golden --rules rules --masters masters --filter REGEX --update]
 * Runs the golden cases against the given rule and master versions and prints a readable diff per
 * failing case (field, expected, actual, and the formula_code and rule file of the step that produced
 * it); exit 1 on any failure (or rules and masters that do not load), 2 on bad usage. `--update` writes the actual values over
 * the expected ones in place, for review with `git diff`.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LoadError, loadEngine, type Engine } from '../engine/index.ts';
import { filterCases, loadGoldenCorpus, runGoldenCase, type CaseOutcome, type GoldenCase } from './golden/runner.ts';
import { formatFailure } from './golden/report.ts';
import { applyEdits, type ValueEdit } from './golden/update.ts';
import { pathText, type Mismatch } from './golden/compare.ts';
import { staleFigures } from './golden/stale-description.ts';

const HELP = `usage: npm run golden -- [options]

  --dir DIR        golden case files (default test/golden)
  --rules DIR      rules to run (default rules/)
  --masters DIR    statutory masters to run (default masters/)
  --filter REGEX   only cases whose id, file or a tag matches
  --update         write the actual values over the expected ones (review with git diff); a description
                   that still quotes a replaced figure is listed for a hand edit
  --help           this text

Exit status: 0 all passed (or updated); 1 a case failed, a case file is broken, the rules and masters
do not load, or --update left something to a person (a description quoting old figures included); 2 bad usage.`;

function fail(message: string): never {
  console.error(`golden: ${message}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      dir: { type: 'string' },
      rules: { type: 'string' },
      masters: { type: 'string' },
      filter: { type: 'string' },
      update: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (e) {
  fail(`${(e as Error).message} (see --help)`);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

let pattern: RegExp | undefined;
try {
  pattern = values.filter !== undefined ? new RegExp(values.filter) : undefined;
} catch (e) {
  fail(`--filter: ${(e as Error).message}`);
}

let engine: Engine;
try {
  engine = loadEngine({
    rulesDir: values.rules ? resolve(values.rules) : undefined,
    mastersDir: values.masters ? resolve(values.masters) : undefined,
  });
} catch (e) {
  if (!(e instanceof LoadError)) fail((e as Error).message);
  // a broken rule or master set is one finding (exit 1, like a failing case), listed problem by problem
  console.log(
    `golden: not run, the rules and masters do not load (${e.problems.length} problem(s); npm run rules:check and masters:check show the same)`,
  );
  for (const p of e.problems) console.log(`  ${p.file} ${p.path}: ${p.message}`);
  process.exit(1);
}

const dir = resolve(values.dir ?? 'test/golden');
let corpus;
try {
  corpus = loadGoldenCorpus(dir);
} catch (e) {
  fail(`${dir}: ${(e as Error).message}`);
}
for (const p of corpus.problems) console.log(`BROKEN ${p}`);
const cases = filterCases(corpus.cases, pattern);
if (pattern && cases.length === 0) fail(`no case matches --filter ${values.filter}`);

const failures: [GoldenCase, CaseOutcome][] = [];
for (const c of cases) {
  const outcome = runGoldenCase(engine, c);
  if (outcome.mismatches.length || outcome.problems.length) failures.push([c, outcome]);
}

if (values.update) {
  const byFile = new Map<string, ValueEdit[]>();
  const stale: string[] = [];
  for (const [c, outcome] of failures) {
    const edits = byFile.get(c.absFile) ?? [];
    const rewritten: Mismatch[] = [];
    for (const m of outcome.mismatches) {
      // a field the result no longer has cannot be written back: it is a question for a person
      if (m.actual === undefined)
        outcome.problems.push(`${pathText(m.path)}: no longer in the result (expected ${JSON.stringify(m.expected)}); edit by hand`);
      else {
        edits.push({ caseIndex: c.index, path: m.path, value: m.actual });
        rewritten.push(m);
      }
    }
    byFile.set(c.absFile, edits);
    // the hand-worked description must follow the new values: name each figure it still quotes from the old ones
    const figures = staleFigures(c.description, c.expect, c.request, rewritten);
    if (figures.length) {
      stale.push(`CHECK DESCRIPTION ${c.id}  (${c.file}): it quotes figures the case no longer expects; rework its arithmetic`);
      for (const f of figures) stale.push(`  quotes ${f.quoted}: was ${f.was}, now ${JSON.stringify(f.now)}`);
    }
  }
  let written = 0;
  for (const [file, edits] of byFile) {
    if (!edits.length) continue;
    try {
      written += applyEdits(file, edits);
    } catch (e) {
      console.log(`NOT UPDATED ${(e as Error).message}`);
    }
  }
  // what --update cannot decide for the specialist: errors, refused requests, missing steps
  const left = failures.filter(([, o]) => o.problems.length);
  for (const [c, o] of left) console.log(formatFailure(c, { ...o, mismatches: [] }));
  for (const line of stale) console.log(line);
  const descriptions = stale.filter((l) => l.startsWith('CHECK')).length;
  console.log(
    `golden --update: ${written} values rewritten in ${[...byFile.values()].filter((e) => e.length).length} files; ${descriptions} descriptions quote old figures; ${left.length} cases need a hand edit; review with git diff`,
  );
  process.exit(left.length || descriptions || corpus.problems.length ? 1 : 0);
}

for (const [c, outcome] of failures) console.log(formatFailure(c, outcome));
const broken = corpus.problems.length ? `, ${corpus.problems.length} broken file problems` : '';
console.log(`golden: ${cases.length - failures.length} passed, ${failures.length} failed${broken}`);
process.exit(failures.length || corpus.problems.length ? 1 : 0);
