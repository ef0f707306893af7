/**
 * Invariants as properties over random valid requests, through the real app and engine (seeded):
 * net = gross - total deductions and every total is the sum of its lines; premiums never negative and
 * never decreasing as the standard monthly remuneration grows; withholding never decreasing as the
 * basis grows within a column and never increasing as dependents grow; the same request twice gives
 * the same amounts and trace apart from ids and timestamps. And with every money input at its
 * documented maximum (common.ts MAX_YEN), every amount is still an exact JSON integer.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_YEN } from '../../engine/contract/common.ts';
import { profilePutExample } from '../../engine/contract/examples.ts';
import { bodies, PATHS } from '../api/support/bodies.ts';
import { freshServer } from '../api/support/fresh-server.ts';
import { realEngine } from '../api/support/real-engine.ts';
import { call, putProfile } from '../api/support/test-server.ts';
import { FUZZ_SEED } from './fuzz-settings.ts';

const RUNS = 60;
const yenArb = fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: MAX_YEN }));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

type Declarations = Record<string, { type?: string; fields?: Declarations }>;
/** The response paths the pipelines declare as decimal strings (the hourly base, the employer shares kept with sen). */
function decimalStringPaths(decls: Declarations, prefix: string): string[] {
  return Object.entries(decls).flatMap(([name, d]) =>
    d.fields ? decimalStringPaths(d.fields, `${prefix}.${name}`) : d.type === 'decimal_string' ? [`${prefix}.${name}`] : [],
  );
}
const DECIMAL_STRINGS = new Set(
  Object.values(realEngine().outputs() as Record<string, Declarations>).flatMap((d) => decimalStringPaths(d, 'amounts')),
);

/** Every number in the amounts; yen amounts (all but the declared decimal strings) must be numbers, never strings. */
function integerProblems(v: unknown, path = 'amounts'): string[] {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? [] : [`${path} = ${v}`];
  if (typeof v === 'string')
    return /^-?\d+$/.test(v) && !DECIMAL_STRINGS.has(path) && !path.endsWith('hourly_base') ? [`${path} is the string ${v}`] : [];
  if (Array.isArray(v)) return v.flatMap((x, i) => integerProblems(x, `${path}.${i}`));
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => (k === 'metadata' ? [] : integerProblems(x, `${path}.${k}`)));
  return [];
}

describe('invariants of the calculations', () => {
  const api = freshServer('sqlite', {
    engine: realEngine(),
    config: { rateLimitPerSecond: 1_000_000, rateLimitBurst: 1_000_000 },
    company: 'acme-tokyo',
  });
  const post = async (path: string, body: object) => {
    const res = await call(api.server, 'POST', path, { key: api.key, body });
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.json).slice(0, 400)}`);
    return res.json;
  };
  beforeAll(async () => {
    const maxRates = {
      overtime: '9.9999999999',
      late_night_additional: '9.9999999999',
      legal_holiday: '9.9999999999',
      non_legal_holiday: '9.9999999999',
    };
    expect((await putProfile(api.server, api.key, 'max-co', { ...profilePutExample, attendance_premium_rates: maxRates })).status).toBe(
      200,
    );
  });

  const item = fc.record({
    amount: yenArb.map((n) => n % 5_000_000),
    taxable: fc.boolean(),
    social_insurance_included: fc.boolean(),
    employment_insurance_included: fc.boolean(),
  });

  it('monthly: net = gross - total deductions, and every total is the sum of its lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.array(item, { maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 58_000, max: 1_500_000 }),
        fc.integer({ min: 0, max: 7 }),
        async (base, allowances, deductions, residentTax, smr, dependents) => {
          const body = bodies.monthly() as Record<string, any>;
          Object.assign(body, {
            base_pay: base,
            allowances: allowances.map((a, i) => ({ code: `a${i}`, name: `Allowance ${i}`, ...a })),
            custom_deductions: deductions.map((amount, i) => ({ code: `d${i}`, name: `Deduction ${i}`, amount })),
            resident_tax_amount: residentTax,
            calculation_options: { include_calculation_trace: false },
          });
          Object.assign(body.employee_snapshot, { standard_monthly_remuneration: smr, tax_dependent_count: dependents });
          const a = (await post(PATHS.monthly, body)).amounts;
          const s = a.statutory_deductions;
          expect(s.total).toBe(
            sum([
              s.health_insurance,
              s.care_insurance,
              s.childcare_support_contribution,
              s.employees_pension_insurance,
              s.employment_insurance,
              s.income_tax,
              s.resident_tax,
            ]),
          );
          expect(a.custom_deductions.total).toBe(sum(a.custom_deductions.items.map((i: { amount: number }) => i.amount)));
          expect(a.total_deductions).toBe(s.total + a.custom_deductions.total);
          expect(a.net_payment).toBe(a.gross_payment - a.total_deductions);
          expect(a.gross_payment).toBe(
            base +
              sum(allowances.map((x) => x.amount)) +
              a.attendance.overtime_pay -
              a.attendance.absence_deduction -
              a.attendance.late_early_leave_deduction,
          );
          for (const v of Object.values(s)) expect(v as number).toBeGreaterThanOrEqual(0);
          expect(integerProblems(a)).toEqual([]);
        },
      ),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
  });

  it('premiums are never negative and never decrease as the standard monthly remuneration grows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.boolean(),
        async (low, step, care) => {
          const at = async (smr: number) =>
            (
              await post(PATHS.socialInsurance, {
                ...bodies.socialInsurance(),
                standard_monthly_remuneration: smr,
                care_insurance_subject: care,
                calculation_options: { include_calculation_trace: false },
              })
            ).amounts;
          const [a, b] = [await at(low), await at(low + step)];
          for (const line of ['health_insurance', 'care_insurance', 'childcare_support_contribution', 'employees_pension_insurance'])
            expect(a[line]).toBeGreaterThanOrEqual(0);
          // The profile rounds health, care and childcare support once combined (the default scope), so the
          // premium is their sum; how the engine splits it into lines may move a yen between them (a line
          // can fall by 1 yen while the sum rises: SMR 1,348,026 -> 1,348,031 gives childcare 1,551 -> 1,550).
          const combined = (x: Record<string, number>): Record<string, number> => ({
            ...x,
            health_combined: x.health_insurance! + x.care_insurance! + x.childcare_support_contribution!,
          });
          const [ca, cb] = [combined(a), combined(b)];
          for (const line of ['health_combined', 'employees_pension_insurance', 'total']) {
            expect([line, ca[line], cb[line], cb[line]! >= ca[line]!]).toEqual([line, ca[line], cb[line], true]);
          }
          expect(a.total).toBe(a.health_insurance + a.care_insurance + a.childcare_support_contribution + a.employees_pension_insurance);
        },
      ),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
  });

  it('withholding never decreases as the basis grows within a column, and never increases as dependents grow', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom('kou', 'otsu'),
        fc.integer({ min: 0, max: 6 }),
        async (pay, step, column, dependents) => {
          const tax = async (taxable: number, deps: number) =>
            (
              await post(PATHS.incomeTax, {
                ...bodies.incomeTax(),
                taxable_payment: taxable,
                social_insurance_deduction_amount: 0,
                tax_table_type: column,
                tax_dependent_count: deps,
                calculation_options: { include_calculation_trace: false },
              })
            ).amounts.income_tax as number;
          const base = await tax(pay, dependents);
          expect(base).toBeGreaterThanOrEqual(0);
          expect(await tax(pay + step, dependents)).toBeGreaterThanOrEqual(base);
          expect(await tax(pay, dependents + 1)).toBeLessThanOrEqual(base);
        },
      ),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
  });

  it('the same request twice gives the same amounts and trace, apart from ids and timestamps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('monthly', 'bonus', 'socialInsurance', 'employmentInsurance', 'incomeTax', 'resolve'),
        yenArb,
        async (name, amount) => {
          const body = bodies[name]() as Record<string, any>;
          const field = {
            monthly: 'base_pay',
            bonus: 'bonus_gross_amount',
            socialInsurance: 'standard_monthly_remuneration',
            employmentInsurance: 'subject_wage_total',
            incomeTax: 'taxable_payment',
            resolve: 'monthly_remuneration',
          }[name];
          body[field] = Math.max(1, amount % 3_000_000);
          const strip = ({ calculation_id: _id, calculated_at: _at, ...rest }: Record<string, unknown>) => rest;
          const [first, second] = [await post(PATHS[name], body), await post(PATHS[name], body)];
          expect(first.calculation_id).not.toBe(second.calculation_id);
          expect(strip(second)).toEqual(strip(first));
        },
      ),
      { seed: FUZZ_SEED, numRuns: RUNS },
    );
  });

  it('every money input at its maximum still gives exact JSON integers everywhere', async () => {
    const full = (code: string) => ({
      code,
      name: code,
      amount: MAX_YEN,
      taxable: true,
      social_insurance_included: true,
      employment_insurance_included: true,
    });
    const monthly = bodies.monthly('max-co') as Record<string, any>;
    Object.assign(monthly, {
      base_pay: MAX_YEN,
      allowances: Array.from({ length: 50 }, (_, i) => ({ ...full(`a${i}`), overtime_base_included: true })),
      previous_adjustments: Array.from({ length: 20 }, (_, i) => full(`p${i}`)),
      custom_deductions: Array.from({ length: 50 }, (_, i) => ({ code: `d${i}`, name: 'd', amount: MAX_YEN })),
      resident_tax_amount: MAX_YEN,
      attendance_input: {
        overtime_minutes: 44640,
        late_night_minutes: 44640,
        legal_holiday_minutes: 44640,
        non_legal_holiday_minutes: 44640,
      },
    });
    Object.assign(monthly.employee_snapshot, { standard_monthly_remuneration: MAX_YEN, monthly_standard_working_hours: '1' });
    const bonus = bodies.bonus() as Record<string, any>;
    Object.assign(bonus, {
      bonus_gross_amount: MAX_YEN,
      bonus_items: Array.from({ length: 50 }, (_, i) => full(`b${i}`)),
      custom_deductions: Array.from({ length: 50 }, (_, i) => ({ code: `d${i}`, name: 'd', amount: MAX_YEN })),
      previous_month_taxable_payroll_amount: MAX_YEN,
      previous_month_social_insurance_amount: MAX_YEN,
    });
    for (const [path, body] of [
      [PATHS.monthly, monthly],
      [PATHS.bonus, bonus],
      [PATHS.socialInsurance, { ...bodies.socialInsurance(), standard_monthly_remuneration: MAX_YEN }],
      [PATHS.employmentInsurance, { ...bodies.employmentInsurance(), subject_wage_total: MAX_YEN }],
      [PATHS.incomeTax, { ...bodies.incomeTax(), taxable_payment: MAX_YEN, social_insurance_deduction_amount: 0 }],
      [PATHS.resolve, { ...bodies.resolve(), monthly_remuneration: MAX_YEN }],
    ] as const) {
      const result = await post(path, body);
      expect([path, integerProblems(result.amounts)]).toEqual([path, []]);
      // Trace steps of decimal results (the hourly base) are decimal strings by design; yen steps are numbers.
      const yenSteps = result.calculation_trace
        .map((s: { rounded_amount?: unknown }) => s.rounded_amount)
        .filter((v: unknown) => typeof v === 'number');
      expect([path, integerProblems(yenSteps)]).toEqual([path, []]);
    }
  });
});
