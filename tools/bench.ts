/**
 * npm run bench: how fast the engine loads and calculates. Reports figures only (tests never assert
 * timings). Each scenario runs a warm-up, then as many iterations as fit in about two seconds.
 */
import { performance } from 'node:perf_hooks';
import { loadEngine, type CalculationType } from '../engine/index.ts';
import { applyProfilePut } from '../engine/profile/apply-put.ts';

const t0 = performance.now();
const engine = loadEngine();
const loadMs = performance.now() - t0;

const profile = applyProfilePut(
  [],
  {
    effective_from: '2025-01-01',
    social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
    employment_insurance_business_type: 'general',
    attendance_premium_rates: { overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' },
  },
  { company_id: 'bench', profile_id: 'bench' },
).versions;

const common = { company_id: 'bench', calculation_date: '2026-05-20', payment_date: '2026-05-25' };
const employee = {
  employee_ref: 'e-1', tax_dependent_count: 2, tax_table_type: 'kou', is_social_insurance_subject: true,
  is_employment_insurance_subject: true, standard_monthly_remuneration: 360_000, care_insurance_subject: true,
  monthly_standard_working_hours: '160',
};
const period = { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' };

const scenarios: [string, CalculationType, Record<string, unknown>][] = [
  ['monthly payroll, salaried, with trace', 'monthly_payroll', { ...common, period, employee_snapshot: employee, base_pay: 350_000,
    allowances: [{ code: 'commute', name: 'Commuting', amount: 15_000, taxable: false, social_insurance_included: true, employment_insurance_included: true }] }],
  ['monthly payroll, attendance (4 categories), with trace', 'monthly_payroll', { ...common, period, employee_snapshot: employee, base_pay: 350_000,
    attendance_input: { overtime_minutes: 1_230, late_night_minutes: 120, legal_holiday_minutes: 480, non_legal_holiday_minutes: 240, absence_minutes: 60 } }],
  ['monthly payroll, salaried, no trace', 'monthly_payroll', { ...common, period, employee_snapshot: employee, base_pay: 350_000,
    calculation_options: { include_calculation_trace: false } }],
  ['bonus, bonus table', 'bonus', { ...common, employee_snapshot: employee, bonus_gross_amount: 800_000, previous_month_taxable_payroll_amount: 350_000,
    previous_month_social_insurance_amount: 52_000, bonus_social_insurance_context: { health_insurance_standard_bonus_ytd_before_this_payment: 0,
      employees_pension_standard_bonus_same_month_before_this_payment: 0 } }],
  ['income tax simulation', 'income_tax_simulation', { ...common, taxable_payment: 1_250_000, social_insurance_deduction_amount: 150_000, tax_table_type: 'kou', tax_dependent_count: 1 }],
  ['grade lookup', 'standard_monthly_remuneration_resolution', { ...common, monthly_remuneration: 432_100 }],
];

function measure(fn: () => void): { perSecond: number; meanUs: number; p99Us: number; n: number } {
  for (let i = 0; i < 200; i++) fn();
  const samples: number[] = [];
  const end = performance.now() + 2_000;
  while (performance.now() < end) {
    const s = performance.now();
    fn();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { perSecond: 1000 / mean, meanUs: mean * 1000, p99Us: samples[Math.floor(samples.length * 0.99)] * 1000, n: samples.length };
}

console.log(`engine load (masters + rules, validate and compile): ${loadMs.toFixed(0)} ms`);
console.log('scenario'.padEnd(58) + 'calc/s'.padStart(10) + 'mean µs'.padStart(10) + 'p99 µs'.padStart(10) + 'runs'.padStart(9));
for (const [name, type, request] of scenarios) {
  const r = measure(() => engine.calculate(type, request, profile));
  console.log(name.padEnd(58) + r.perSecond.toFixed(0).padStart(10) + r.meanUs.toFixed(0).padStart(10) + r.p99Us.toFixed(0).padStart(10) + String(r.n).padStart(9));
}

await (await import('./bench-http.ts')).benchHttp();
