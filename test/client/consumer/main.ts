/**
 * A project of someone else's that uses the packaged client: test/client/client-package.test.ts copies
 * this file into a fresh TypeScript project, installs @payroll/client there from its packed tarball,
 * compiles it with plain tsc (strict, Node16 resolution, no project-specific flags) and runs it against
 * a real server. Not part of this repository's own compilation (tsconfig.json excludes it: here
 * '@payroll/client' is not installed).
 */
import { createPayrollClient, type OkResponse, type RequestBody } from '@payroll/client';

// The consumer has no @types/node; these are the two globals it reads.
declare const process: { env: Record<string, string | undefined> };
declare const console: { log(line: string): void };

const baseUrl = process.env.PAYROLL_URL!;
const payroll = createPayrollClient({ baseUrl, apiKey: process.env.PAYROLL_API_KEY! });

const profile: RequestBody<'putCalculationProfile'> = {
  effective_from: '2025-04-01',
  social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
  employment_insurance_business_type: 'general',
};
const put = await payroll.PUT('/cp/v1/companies/{company_id}/calculation-profile', {
  params: { path: { company_id: 'acme-tokyo' } },
  body: profile,
});

// Fields with a default (pay_type, allowances, calculation_options, ...) are left out.
const body: RequestBody<'calculateMonthlyPayroll'> = {
  company_id: 'acme-tokyo',
  calculation_date: '2026-05-20',
  payment_date: '2026-05-25',
  period: { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' },
  employee_snapshot: {
    employee_ref: 'emp-0001',
    tax_dependent_count: 0,
    tax_table_type: 'kou',
    is_social_insurance_subject: true,
    is_employment_insurance_subject: true,
    standard_monthly_remuneration: 300000,
    care_insurance_subject: false,
  },
  base_pay: 300000,
};
const monthly = await payroll.POST('/v1/payroll/monthly:calculate', { body });
const result: OkResponse<'calculateMonthlyPayroll'> | undefined = monthly.data;

const stranger = createPayrollClient({ baseUrl, apiKey: 'pay_000000000000_not_a_key' });
const denied = await stranger.GET('/v1/usage');

console.log(
  JSON.stringify({
    put: put.response.status,
    profile_version: put.data?.version,
    request: body,
    monthly: monthly.response.status,
    amounts: result?.amounts,
    denied: denied.response.status,
    denied_code: denied.error?.error.code,
  }),
);
