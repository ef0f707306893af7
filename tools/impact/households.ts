/**
 * The generated households of a year-end adjustment impact report (`--calculation year_end_adjustment`):
 * seeded like the payroll population (pure-rand's xoroshiro128+, the same seed gives the same households),
 * each an employee with a year's pay from 1,000,000 to 20,000,000 (log-uniform), the premiums withheld, the
 * tax withheld, and, drawn at random, a spouse, up to four relatives of any age and income, insurance
 * premiums, a disability, widow or single-parent status. The values are draws across the ranges the
 * request accepts, not statute: which deduction a household gets is the rules' business.
 * A member's request is the same household at a calculation date: the tax year is that date's year, and
 * every birth date is placed so that each person has the same age at 31 December of that year (the
 * household, not its ageing, is compared when the law of two tax years is).
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { applyProfilePut, type ProfilePutBody } from '../../engine/index.ts';
import type { PopulationMember } from './population.ts';

const COMPANY = 'pop-year-end';
const DISABILITIES = ['none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', 'general', 'special'] as const;
const RELATIVE_INCOMES = [0, 0, 0, 0, 300000, 580000, 620000, 700000, 900000, 1000000, 1200000, 1500000] as const;

/** A birth date giving `age` at 31 December of `year` (1 July: the birthday has passed by then). */
const bornFor = (year: number, age: number) => `${year - age}-07-01`;

export function generateHouseholds(seed: number, size: number): PopulationMember[] {
  const rng = xoroshiro128plus(seed);
  const int = (lo: number, hi: number) => uniformInt(rng, lo, hi);
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const profile = applyProfilePut(
    [],
    {
      effective_from: '2000-01-01',
      social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
      employment_insurance_business_type: 'general',
    } as ProfilePutBody,
    { company_id: COMPANY, profile_id: `impact-${COMPANY}` },
  ).versions;
  const members: PopulationMember[] = [];
  for (let i = 0; i < size; i++) {
    // every draw happens here, never inside request(): both sides must get the same household
    const pay = Math.round(Math.exp(Math.log(1_000_000) + (int(0, 1_000_000) / 1_000_000) * (Math.log(20_000_000) - Math.log(1_000_000))));
    const age = int(20, 72);
    const disability = pick(DISABILITIES);
    const status = int(0, 19);
    const premiums = Math.round((pay * int(100, 160)) / 1000);
    const withheld = Math.round((pay * int(0, 80)) / 1000);
    const spouse = int(0, 1) === 1 ? { age: int(20, 80), income: pick(RELATIVE_INCOMES), disability: pick(DISABILITIES) } : null;
    const relatives = Array.from({ length: pick([0, 0, 1, 1, 2, 3, 4] as const) }, () => {
      const relAge = pick([int(0, 15), int(16, 18), int(19, 22), int(19, 22), int(23, 69), int(70, 95)]);
      return {
        age: relAge,
        income: relAge < 16 ? 0 : pick(RELATIVE_INCOMES),
        disability: pick(DISABILITIES),
        cohabiting: relAge >= 70 && int(0, 1) === 1,
      };
    });
    const life =
      int(0, 2) === 0 ? null : { new_general: int(0, 15) * 10000, new_care_medical: int(0, 10) * 5000, old_pension: int(0, 12) * 10000 };
    const earthquake = int(0, 3) === 0 ? { earthquake: int(0, 7) * 10000 } : null;
    members.push({
      id: `household-${i}`,
      calculation: 'year_end_adjustment',
      request: (date) => {
        const year = Number(date.slice(0, 4));
        return {
          company_id: COMPANY,
          calculation_date: date,
          tax_year: year,
          employee: {
            employee_ref: `household-${i}`,
            birth_date: bornFor(year, age),
            disability,
            widow: status === 0,
            single_parent: status === 1 && relatives.length > 0,
            working_student: status === 2 && age <= 25,
          },
          salary_payment_total: pay,
          income_tax_withheld_total: withheld,
          social_insurance_withheld_total: premiums,
          declarations: {
            ...(life ? { life_insurance: life } : {}),
            ...(earthquake ? { earthquake_insurance: earthquake } : {}),
            ...(spouse
              ? { spouse: { birth_date: bornFor(year, spouse.age), estimated_total_income: spouse.income, disability: spouse.disability } }
              : {}),
            dependents: relatives.map((r) => ({
              birth_date: bornFor(year, r.age),
              estimated_total_income: r.income,
              disability: r.disability,
              cohabiting_lineal_ascendant: r.cohabiting,
            })),
          },
        };
      },
      profile,
      tags: {
        kind: 'household',
        pay_band: pay < 2_000_000 ? 'under 2M' : pay < 5_000_000 ? '2M-5M' : pay < 10_000_000 ? '5M-10M' : '10M-20M',
        spouse: spouse !== null,
        relatives: relatives.length,
      },
    });
  }
  return members;
}
