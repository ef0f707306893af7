/**
 * The generated population of the impact report: seeded (pure-rand's xoroshiro128+, so the same seed
 * gives the same employees on any machine), covering every pay type (monthly, hourly, daily, bonus), all
 * 47 prefectures, the three employment insurance business types, both withholding methods, care and not,
 * and a grid of income-tax bases through every withholding zone (105,000 to 740,000 by 1,000, then each
 * bracket above) for every dependents count the API accepts (probed, not assumed) and the otsu column.
 * Each request is the payment on one date; with --dates the same request is rebuilt on the other date.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { applyProfilePut, type CalculationType, type Engine, type ProfilePutBody, type ProfileVersion } from '../../engine/index.ts';
import { CALCULATION_ENDPOINTS } from '../../server/app/routes/calculation-endpoints.ts';
import { schemaDetails } from '../../server/app/validation/validate-body.ts';
import { requestSchemaFor } from '../../server/app/validation/request-schemas.ts';

export interface PopulationMember {
  id: string;
  calculation: CalculationType;
  /** builds the request for a payment date (the same member on two dates differs only in its dates) */
  request(paymentDate: string): Record<string, unknown>;
  profile: ProfileVersion[];
  /** what the member stands for, for grouping in the report */
  tags: Record<string, string | number | boolean>;
}

const PREFECTURES = Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0'));
const BUSINESS_TYPES = ['general', 'agriculture_forestry_fisheries_sake', 'construction'] as const;
const PREMIUM_RATES = { overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' };
/** Health insurance standard monthly remunerations (grades 1-50), the values a snapshot may carry. */
const HEALTH_GRADES = [
  58000, 68000, 78000, 88000, 98000, 104000, 110000, 118000, 126000, 134000, 142000, 150000, 160000, 170000, 180000, 190000, 200000, 220000,
  240000, 260000, 280000, 300000, 320000, 340000, 360000, 380000, 410000, 440000, 470000, 500000, 530000, 560000, 590000, 620000, 650000,
  680000, 710000, 750000, 790000, 830000, 880000, 930000, 980000, 1030000, 1090000, 1150000, 1210000, 1270000, 1330000, 1390000,
];
/** Income-tax bases above the row table, one inside each bracket of the monthly table (740,000 and up). */
const BRACKET_BASES = [740000, 765000, 800000, 1200000, 1800000, 2150000, 2190000, 2230000, 2600000, 3600000, 5000000];

function monthOf(date: string) {
  const [y, m] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    payroll_month: date.slice(0, 7),
    start_date: `${date.slice(0, 7)}-01`,
    end_date: `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`,
  };
}

/**
 * A standard monthly remuneration for the snapshot: the health grade nearest the pay (midpoints, not the
 * statutory bounds: the report only needs a valid grade value near the pay, both sides get the same).
 */
function gradeFor(pay: number): number {
  let chosen = HEALTH_GRADES[0];
  for (let i = 0; i < HEALTH_GRADES.length; i++) {
    const lower = i === 0 ? 0 : (HEALTH_GRADES[i - 1] + HEALTH_GRADES[i]) / 2;
    if (pay >= lower) chosen = HEALTH_GRADES[i];
  }
  return chosen;
}

function companies(): Map<string, ProfileVersion[]> {
  const out = new Map<string, ProfileVersion[]>();
  for (const [i, pref] of PREFECTURES.entries()) {
    for (const method of ['monthly_table', 'computer_special'] as const) {
      const id = `pop-${pref}-${method}`;
      const put: ProfilePutBody = {
        effective_from: '2000-01-01',
        social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: pref },
        employment_insurance_business_type: BUSINESS_TYPES[i % 3],
        income_tax_withholding_method: method,
        attendance_premium_rates: PREMIUM_RATES,
      } as ProfilePutBody;
      out.set(id, applyProfilePut([], put, { company_id: id, profile_id: `impact-${id}` }).versions);
    }
  }
  return out;
}

/** True when the API (its schema and the engine's cross-field rules) would accept this request. */
export type Acceptance = (type: CalculationType, request: Record<string, unknown>) => boolean;

export function apiAccepts(engine: Pick<Engine, 'validate' | 'inputLimits'>): Acceptance {
  return (type, request) => {
    const endpoint = CALCULATION_ENDPOINTS.find((e) => e.type === type)!;
    const body = structuredClone(request);
    return schemaDetails(requestSchemaFor(engine, endpoint.requestSchema), body).length === 0 && engine.validate(type, body).length === 0;
  };
}

/** Dependents counts the API accepts: 0-7 always; 8 and more only if a probe request is accepted. */
function acceptedDependents(accepts: Acceptance, date: string): number[] {
  const out = [0, 1, 2, 3, 4, 5, 6, 7];
  for (const n of [8, 9, 10]) {
    const probe = {
      company_id: 'probe',
      calculation_date: date,
      payment_date: date,
      taxable_payment: 300000,
      social_insurance_deduction_amount: 0,
      tax_table_type: 'kou',
      tax_dependent_count: n,
    };
    if (accepts('income_tax_simulation', probe)) out.push(n);
  }
  return out;
}

export interface Population {
  members: PopulationMember[];
  dependents: number[];
}

export function generatePopulation(seed: number, size: number, accepts: Acceptance, probeDate: string): Population {
  const rng = xoroshiro128plus(seed);
  const int = (lo: number, hi: number) => uniformInt(rng, lo, hi);
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const profiles = companies();
  const dependents = acceptedDependents(accepts, probeDate);
  const members: PopulationMember[] = [];

  // 1. The withholding grid: every zone of the monthly table, every accepted dependents count, and otsu.
  const bases: number[] = [];
  for (let a = 88000; a < 740000; a += 1000) bases.push(a);
  bases.push(...BRACKET_BASES);
  for (const base of bases) {
    const si = int(0, 60000);
    for (const column of [...dependents.map((n) => ['kou', n] as const), ['otsu', 0] as const]) {
      const [type, n] = column;
      members.push({
        id: `tax-${base}-${type}${type === 'kou' ? n : ''}`,
        calculation: 'income_tax_simulation',
        request: (date) => ({
          company_id: 'pop-13-monthly_table',
          calculation_date: date,
          payment_date: date,
          taxable_payment: base + si,
          social_insurance_deduction_amount: si,
          tax_table_type: type,
          tax_dependent_count: n,
        }),
        profile: profiles.get('pop-13-monthly_table')!,
        tags: { kind: 'income_tax_grid', tax_table_type: type, dependents: n },
      });
    }
  }

  // 2. Employees: random pay type, prefecture, method, salary across the zones, dependents, care, bonuses.
  for (let i = 0; i < size; i++) {
    const pref = PREFECTURES[i % 47];
    const method = int(0, 4) === 0 ? 'computer_special' : 'monthly_table';
    const companyId = `pop-${pref}-${method}`;
    const payType = pick(['monthly', 'monthly', 'hourly', 'daily', 'bonus'] as const);
    const salary =
      Math.round(Math.exp(Math.log(90000) + (int(0, 1_000_000) / 1_000_000) * (Math.log(2_500_000) - Math.log(90000))) / 100) * 100;
    const employee = {
      employee_ref: `pop-${i}`,
      tax_dependent_count: pick(dependents),
      tax_table_type: int(0, 9) === 0 ? 'otsu' : 'kou',
      is_social_insurance_subject: int(0, 19) !== 0,
      is_employment_insurance_subject: int(0, 19) !== 0,
      standard_monthly_remuneration: gradeFor(salary),
      care_insurance_subject: false,
    };
    // care insurance only for the social-insurance subject (the API refuses it otherwise)
    employee.care_insurance_subject = employee.is_social_insurance_subject && int(0, 2) === 0;
    // every random draw happens here, never inside request(): the base and head requests must be identical
    const residentTax = int(0, 3) * 5000;
    const healthBonusYtd = int(0, 3) * 500000;
    const tags = {
      kind: payType,
      prefecture: pref,
      method,
      dependents: employee.tax_dependent_count,
      care: employee.care_insurance_subject,
    };
    if (payType === 'bonus') {
      const bonus = Math.round((salary * int(5, 30)) / 1000) * 100;
      const previousSi = Math.round(salary * 0.15);
      members.push({
        id: `bonus-${i}`,
        calculation: 'bonus',
        request: (date) => ({
          company_id: companyId,
          calculation_date: date,
          payment_date: date,
          employee_snapshot: employee,
          bonus_gross_amount: bonus,
          bonus_items: [],
          custom_deductions: [],
          previous_month_taxable_payroll_amount: salary,
          previous_month_social_insurance_amount: previousSi,
          bonus_tax_context: { calculation_method: 'standard' },
          bonus_social_insurance_context: {
            health_insurance_standard_bonus_ytd_before_this_payment: healthBonusYtd,
            employees_pension_standard_bonus_same_month_before_this_payment: 0,
          },
        }),
        profile: profiles.get(companyId)!,
        tags,
      });
      continue;
    }
    const pay =
      payType === 'monthly'
        ? { pay_type: 'monthly', base_pay: salary, attendance_input: { overtime_minutes: int(0, 40) * 30 } }
        : payType === 'hourly'
          ? {
              pay_type: 'hourly',
              hourly_rate: Math.max(1000, Math.round(salary / 160)),
              attendance_input: { base_work_minutes: int(80, 180) * 60, overtime_minutes: int(0, 20) * 30 },
            }
          : { pay_type: 'daily', daily_rate: Math.max(8000, Math.round(salary / 21)), attendance_input: { attendance_days: int(10, 23) } };
    members.push({
      id: `${payType}-${i}`,
      calculation: 'monthly_payroll',
      request: (date) => ({
        company_id: companyId,
        calculation_date: date,
        payment_date: date,
        period: monthOf(date),
        employee_snapshot: {
          ...employee,
          ...(payType === 'monthly'
            ? { monthly_standard_working_hours: '160' }
            : payType === 'daily'
              ? { daily_standard_working_hours: '8' }
              : {}),
        },
        ...pay,
        resident_tax_amount: residentTax,
      }),
      profile: profiles.get(companyId)!,
      tags,
    });
  }
  return { members, dependents };
}
