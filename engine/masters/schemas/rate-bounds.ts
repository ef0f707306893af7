/**
 * Plausible ranges of each insurance rate a master file holds, as the EMPLOYEE share (fractions). A value
 * outside is almost always a slip: the published total entered instead of the employee half, a rate ten
 * times too big or too small (a misplaced zero), or per mille read as percent. The invariant
 * rates-plausible.ts checks every key of this name in a master file. Bounds come from the law where it
 * sets one, otherwise from the history of the rate with a margin; docs/statutory-data.md lists them.
 * When a genuinely published rate falls outside, widen the bound here (data, with its reason).
 */
export interface RateBound {
  min: string;
  max: string;
  basis: string;
}

export const RATE_BOUNDS: Record<string, RateBound> = {
  health_insurance_employee_rate: {
    min: '0.015',
    max: '0.065',
    basis: 'health insurance total 30/1000..130/1000 (健康保険法第160条第13項), halved',
  },
  care_insurance_employee_rate: {
    min: '0.001',
    max: '0.015',
    basis: 'care insurance totals have stayed within 0.6 %..2 % since 2000; the half is below 1.5 %',
  },
  childcare_support_contribution_employee_rate: {
    min: '0.0001',
    max: '0.002',
    basis: 'support contribution about 0.4 % total at most by FY2028 (子ども・子育て支援法), halved',
  },
  employees_pension_insurance_employee_rate: {
    min: '0.05',
    max: '0.1',
    basis: 'pension total fixed at 18.3 % since 2017-09 (厚生年金保険法第81条), halved 9.15 %',
  },
  employee_rate: {
    min: '0.001',
    max: '0.01',
    basis: 'employment insurance worker share has been 3/1000..7/1000 since 2012; the totals are 13.5/1000 and above',
  },
};
