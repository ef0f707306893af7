/** Valid request bodies per endpoint (the documented examples), fresh copies each time. */
import * as ex from '../../../engine/contract/examples.ts';

export const PATHS = {
  monthly: '/v1/payroll/monthly:calculate',
  bonus: '/v1/payroll/bonus:calculate',
  socialInsurance: '/v1/simulations/social-insurance:calculate',
  employmentInsurance: '/v1/simulations/employment-insurance:calculate',
  incomeTax: '/v1/simulations/income-tax:calculate',
  resolve: '/v1/simulations/standard-monthly-remuneration:resolve',
} as const;

export const bodies = {
  monthly: (companyId = 'acme-tokyo') => ({ ...structuredClone(ex.monthlyPayrollRequestExample), company_id: companyId }),
  bonus: (companyId = 'acme-tokyo') => ({ ...structuredClone(ex.bonusRequestExample), company_id: companyId }),
  socialInsurance: (companyId = 'acme-tokyo') => ({ ...structuredClone(ex.socialInsuranceSimulationExample), company_id: companyId }),
  employmentInsurance: (companyId = 'acme-tokyo') => ({
    ...structuredClone(ex.employmentInsuranceSimulationExample),
    company_id: companyId,
  }),
  incomeTax: (companyId = 'acme-tokyo') => ({ ...structuredClone(ex.incomeTaxSimulationExample), company_id: companyId }),
  resolve: (companyId = 'acme-tokyo') => ({ ...structuredClone(ex.standardMonthlyRemunerationExample), company_id: companyId }),
};

export type EndpointName = keyof typeof PATHS;
export const ENDPOINT_NAMES = Object.keys(PATHS) as EndpointName[];
