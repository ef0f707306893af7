/**
 * What the impact report runs: the generated population (each member paid on its date, or on D1 and D2
 * with --dates) and, for version comparisons, the golden corpus with its own dates. Requests the API
 * would refuse are left out and counted.
 */
import { loadGoldenCorpus } from '../golden/runner.ts';
import type { Engine } from '../../engine/index.ts';
import { generateHouseholds } from './households.ts';
import { apiAccepts, generatePopulation, type PopulationMember } from './population.ts';
import type { Subject } from './run.ts';

export interface SubjectOptions {
  seed: number;
  size: number;
  /** payment dates of the population, used in turn */
  on: string[];
  /** the same data at two payment dates: base on [0], head on [1] */
  twoDates: [string, string] | null;
  /** golden corpus directory, or null to leave it out */
  goldenDir: string | null;
  /**
   * What is generated: payroll (default: monthly pay, bonuses and the withholding grid) or the households of a
   * year-end adjustment, whose dates are calculation dates (the tax year is the date's year).
   */
  calculation?: 'payroll' | 'year_end_adjustment';
}

export function buildSubjects(base: Engine, o: SubjectOptions): { subjects: Subject[]; notes: string[] } {
  const notes: string[] = [];
  const accepts = apiAccepts(base);
  const yearEnd = o.calculation === 'year_end_adjustment';
  let members: PopulationMember[];
  if (yearEnd) {
    members = generateHouseholds(o.seed, o.size);
    notes.push(`population: seed ${o.seed}, ${members.length} households (year-end adjustment; the tax year is each date's year)`);
  } else {
    const population = generatePopulation(o.seed, o.size, accepts, o.twoDates?.[0] ?? o.on[0]);
    members = population.members;
    notes.push(
      `population: seed ${o.seed}, ${members.length} members; dependents ${population.dependents.join(', ')} (the API's limit, probed)`,
    );
  }
  const subjects: Subject[] = [];
  let refused = 0;
  members.forEach((m, i) => {
    const baseDate = o.twoDates ? o.twoDates[0] : o.on[i % o.on.length];
    const headDate = o.twoDates ? o.twoDates[1] : baseDate;
    const baseRequest = m.request(baseDate);
    const headRequest = m.request(headDate);
    if (!accepts(m.calculation, baseRequest) || !accepts(m.calculation, headRequest)) {
      refused++;
      return;
    }
    subjects.push({
      id: m.id,
      source: 'population',
      calculation: m.calculation,
      tags: { ...m.tags, [yearEnd ? 'calculation_date' : 'payment_date']: headDate },
      profile: m.profile,
      baseRequest,
      headRequest,
    });
  });
  if (refused) notes.push(`${refused} generated requests the API would refuse were left out`);
  notes.push(
    o.twoDates
      ? `${yearEnd ? 'calculation' : 'payment'} dates: ${o.twoDates[0]} (base) and ${o.twoDates[1]} (head)`
      : `payment dates: ${o.on.join(', ')}`,
  );
  // golden cases are pinned to their own dates, so they take part in version comparisons only
  if (o.goldenDir && !o.twoDates) {
    const corpus = loadGoldenCorpus(o.goldenDir);
    for (const p of corpus.problems) notes.push(`golden file left out: ${p}`);
    // a year-end report compares year-end cases only; the payroll report keeps the whole corpus
    for (const c of corpus.cases.filter((c) => !yearEnd || c.calculation === 'year_end_adjustment'))
      subjects.push({
        id: `golden:${c.id}`,
        source: 'golden',
        calculation: c.calculation,
        tags: { file: c.file },
        profile: c.profile,
        baseRequest: c.request,
        headRequest: c.request,
      });
    notes.push(`golden corpus: ${subjects.filter((x) => x.source === 'golden').length} cases`);
  }
  return { subjects, notes };
}
