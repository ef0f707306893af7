/**
 * The references each figure of the bench is divided by, measured in the same run (tools/bench/ratios.ts):
 * - a bare node:http server sending the bytes the service answered (tools/bench/bare-server.mjs), for
 *   the server's CPU per request;
 * - a monthly payroll's arithmetic written directly with decimal.js (referenceMonthly), for the engine
 *   and, in a one-thread loop over the batch's own lines, for the batch;
 * - a one-line node server, for start-up.
 * The reference's rates and tax table are made up (round numbers, a generated table): its work, not its
 * amounts, is what is compared, and no statutory value lives outside rules/ and masters/.
 */
import DecimalBase from 'decimal.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, startServerProcess, type ServerProcess } from './server-process.ts';

/** The engine's Decimal settings, on decimal.js's own constructor (none of the engine's devices). */
const D = DecimalBase.clone({ precision: 50, rounding: DecimalBase.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
type D = InstanceType<typeof D>;

const RATE = {
  health: new D('0.1'),
  care: new D('0.02'),
  childcare: new D('0.002'),
  pension: new D('0.18'),
  employmentEmployee: new D('0.005'),
  employmentEmployer: new D('0.009'),
  levy: new D('0.004'),
  taxRate: new D('0.05'),
};
const HALF = new D(2);

/** A tax table of 330 rows from 88,000 in steps of 2,000, eight dependant columns each; made up. */
const TAX_ROWS: { from: D; columns: D[] }[] = Array.from({ length: 330 }, (_, i) => {
  const from = 88_000 + i * 2_000;
  return {
    from: new D(from),
    columns: Array.from({ length: 8 }, (_, d) => new D(Math.max(0, Math.floor((from - 88_000 - d * 30_000) * 0.05)))),
  };
});

function taxRow(basis: D): { from: D; columns: D[] } | undefined {
  let lo = 0;
  let hi = TAX_ROWS.length - 1;
  if (basis.lt(TAX_ROWS[0].from)) return undefined;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (TAX_ROWS[mid].from.lte(basis)) lo = mid;
    else hi = mid - 1;
  }
  return TAX_ROWS[lo];
}

/** An employee's half of a premium, half a yen and below dropped, above it raised. */
function employeeHalf(base: D, rate: D): D {
  return base.times(rate).div(HALF).toDecimalPlaces(0, D.ROUND_HALF_DOWN);
}

interface MonthlyLike {
  base_pay: number;
  allowances?: { amount: number; taxable: boolean; social_insurance_included: boolean; employment_insurance_included: boolean }[];
  employee_snapshot: { tax_dependent_count: number; standard_monthly_remuneration: number; care_insurance_subject: boolean };
}

/**
 * A monthly payroll's amounts as the engine's answer has them (gross, taxable and subject amounts, the
 * five premiums, the employer's shares, the income tax from a table row and column, totals, net pay),
 * written directly with decimal.js: the arithmetic of the engine's monthly run without its rules.
 */
export function referenceMonthly(request: MonthlyLike): Record<string, unknown> {
  let gross = new D(request.base_pay);
  let taxable = gross;
  let siSubject = gross;
  let eiSubject = gross;
  for (const a of request.allowances ?? []) {
    const amount = new D(a.amount);
    gross = gross.plus(amount);
    if (a.taxable) taxable = taxable.plus(amount);
    if (a.social_insurance_included) siSubject = siSubject.plus(amount);
    if (a.employment_insurance_included) eiSubject = eiSubject.plus(amount);
  }
  const e = request.employee_snapshot;
  const smr = new D(e.standard_monthly_remuneration);
  const health = employeeHalf(smr, RATE.health);
  const care = e.care_insurance_subject ? employeeHalf(smr, RATE.care) : new D(0);
  const childcare = employeeHalf(smr, RATE.childcare);
  const pension = employeeHalf(smr, RATE.pension);
  const employment = eiSubject.times(RATE.employmentEmployee).toDecimalPlaces(0, D.ROUND_HALF_DOWN);
  const social = health.plus(care).plus(childcare).plus(pension).plus(employment);
  const basis = taxable.minus(social);
  const row = taxRow(basis);
  const tax = row ? row.columns[Math.min(7, e.tax_dependent_count)].plus(basis.minus(row.from).times(RATE.taxRate)).floor() : new D(0);
  const total = social.plus(tax);
  const employerHealth = smr.times(RATE.health).minus(health);
  const employerCare = e.care_insurance_subject ? smr.times(RATE.care).minus(care) : new D(0);
  const employerChildcare = smr.times(RATE.childcare).minus(childcare);
  const employerPension = smr.times(RATE.pension).minus(pension);
  const levy = smr.times(RATE.levy).floor();
  const employerEmployment = eiSubject.times(RATE.employmentEmployer).toDecimalPlaces(0, D.ROUND_HALF_DOWN);
  const employerTotal = employerHealth.plus(employerCare).plus(employerChildcare).plus(employerPension).plus(levy).plus(employerEmployment);
  return {
    gross_payment: gross.toNumber(),
    taxable_payment: taxable.toNumber(),
    social_insurance_subject_amount: siSubject.toNumber(),
    standard_monthly_remuneration_used: smr.toNumber(),
    employment_insurance_subject_amount: eiSubject.toNumber(),
    income_tax_basis_amount: basis.toNumber(),
    statutory_deductions: {
      health_insurance: health.toNumber(),
      care_insurance: care.toNumber(),
      childcare_support_contribution: childcare.toNumber(),
      employees_pension_insurance: pension.toNumber(),
      employment_insurance: employment.toNumber(),
      income_tax: tax.toNumber(),
      total: total.toNumber(),
    },
    total_deductions: total.toNumber(),
    net_payment: gross.minus(total).toNumber(),
    employer_shares: {
      health_insurance: employerHealth.toString(),
      care_insurance: employerCare.toString(),
      childcare_support_contribution: employerChildcare.toString(),
      employees_pension_insurance: employerPension.toString(),
      levy: levy.toString(),
      employment_insurance: employerEmployment.toString(),
      total: employerTotal.toString(),
    },
    cost_to_company: gross.plus(employerTotal).toString(),
  };
}

/**
 * The batch's reference: one thread, each line parsed, its monthly payroll computed by referenceMonthly
 * and its answer stringified, for about `ms` (the lines taken round); lines per second.
 */
export function referenceLoop(lines: readonly string[], ms: number): number {
  const line = (i: number) => {
    const { request } = JSON.parse(lines[i % lines.length]) as { request: MonthlyLike };
    JSON.stringify(referenceMonthly(request));
  };
  for (let i = 0; i < 2_000; i++) line(i); // the JIT's warm-up, not counted
  let n = 0;
  const end = performance.now() + ms;
  const start = performance.now();
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++, n++) line(n);
  }
  return n / ((performance.now() - start) / 1000);
}

/** An answer of the service, as the bare server sends it again. */
export interface RecordedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The service's answer to one request, recorded for the bare server. */
export async function recordAnswer(url: string, method: string, headers: Record<string, string>, body?: string): Promise<RecordedAnswer> {
  const res = await fetch(url, { method, headers, body });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/json',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/**
 * The bare node:http server (tools/bench/bare-server.mjs) answering request i (its X-Bench-Answer
 * header) with answers[i], started as the service is (its own process group, so its CPU is read alike).
 */
export async function startBareServer(dir: string, answers: readonly RecordedAnswer[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const file = join(dir, 'bare-answers.json');
  writeFileSync(
    file,
    JSON.stringify(answers.map((a) => ({ status: a.status, contentType: a.contentType, body: a.body.toString('base64') }))),
  );
  return startServerProcess(env, `exec node ${JSON.stringify(join(ROOT, 'tools/bench/bare-server.mjs'))} ${JSON.stringify(file)}`);
}

/** The start-up reference: a one-line node server answering every request. */
export const ONE_LINE_SERVER = `exec node -e "require('node:http').createServer((q, s) => s.end()).listen(process.env.PORT, '127.0.0.1')"`;
