/**
 * A small stand-in Engine for the HTTP mechanics: real cross-field validation, canned results shaped
 * like the documented responses, and a switch to make calculate fail with any error. Statute is tested
 * with the real engine elsewhere; here only what the server does around it matters.
 */
import { randomUUID } from 'node:crypto';
import type { CalculationCaller, CalculationType, Engine, ProfileVersion } from '../../../engine/index.ts';
import { calculateRequest } from '../../../engine/calculating/request.ts';
import { Calculation, EngineError } from '../../../engine/index.ts';
import { findAttendanceConflict, validateCrossFields } from '../../../engine/calculating/validation/index.ts';
import { loadRules } from '../../../engine/loading/rules/load.ts';
import type { OutputDeclarations } from '../../../engine/index.ts';
import { CALCULATION_TYPES } from '../../../engine/index.ts';
import { PROJECT_ROOT } from '../../../engine/util/project-root.ts';

/** The repository masters' limits (the monthly tables' last printed dependents column and tax_dependent_count_max). */
const REPOSITORY_LIMITS = { tax_dependent_count_printed_max: 7, tax_dependent_count_max: 99 };

/** The repository's declared outputs (rules only, no masters), read on first use. */
let repositoryOutputs: Record<CalculationType, OutputDeclarations> | undefined;
function outputsOfRepository(): Record<CalculationType, OutputDeclarations> {
  if (!repositoryOutputs) {
    const { pipelines } = loadRules(`${PROJECT_ROOT}/rules`).rules;
    repositoryOutputs = Object.fromEntries(CALCULATION_TYPES.map((t) => [t, pipelines.get(t)!.outputs])) as Record<
      CalculationType,
      OutputDeclarations
    >;
  }
  return repositoryOutputs;
}

/** Canned amounts of the documented shape (the real figures are the real engine's business, tested elsewhere). */
const AMOUNTS: Record<CalculationType, Record<string, unknown>> = {
  monthly_payroll: {
    gross_payment: 312750,
    taxable_payment: 302750,
    social_insurance_subject_amount: 312750,
    standard_monthly_remuneration_used: 300000,
    employees_pension_standard_monthly_remuneration_used: 300000,
    employment_insurance_subject_amount: 312750,
    income_tax_basis_amount: 258616,
    statutory_deductions: {
      health_insurance: 14775,
      care_insurance: 0,
      childcare_support_contribution: 345,
      employees_pension_insurance: 27450,
      employment_insurance: 1564,
      income_tax: 4810,
      resident_tax: 15000,
      total: 63944,
    },
    custom_deductions: { items: [{ code: 'union', name: 'Union fee', amount: 2000, metadata: null }], total: 2000 },
    attendance: { hourly_base: '1750', overtime_pay: 22750, late_early_leave_deduction: 0, absence_deduction: 0 },
    total_deductions: 65944,
    net_payment: 246806,
  },
  bonus: {
    gross_payment: 500000,
    taxable_payment: 500000,
    social_insurance_subject_amount: 500000,
    employment_insurance_subject_amount: 500000,
    standard_bonus_amounts: { health_insurance: 500000, employees_pension_insurance: 500000 },
    income_tax_basis_amount: 426550,
    statutory_deductions: {
      health_insurance: 24625,
      care_insurance: 0,
      childcare_support_contribution: 575,
      employees_pension_insurance: 45750,
      employment_insurance: 2500,
      income_tax: 17420,
      total: 90870,
    },
    custom_deductions: { items: [], total: 0 },
    total_deductions: 90870,
    net_payment: 409130,
  },
  social_insurance_simulation: {
    social_insurance_subject_amount: 300000,
    employees_pension_standard_monthly_remuneration_used: 300000,
    health_insurance: 14775,
    care_insurance: 0,
    childcare_support_contribution: 345,
    employees_pension_insurance: 27450,
    total: 42570,
  },
  employment_insurance_simulation: { employment_insurance_subject_amount: 300000, employment_insurance: 1500 },
  income_tax_simulation: {
    taxable_payment: 300000,
    social_insurance_deduction_amount: 44000,
    income_tax_basis_amount: 256000,
    income_tax: 6320,
  },
  year_end_adjustment: {
    salary_payment_total: 8970000,
    salary_income: 7020000,
    income_adjustment_deduction: 47000,
    total_income: 6973000,
    deductions: {
      social_insurance: 1386102,
      small_business_mutual_aid: 0,
      life_insurance: 120000,
      earthquake_insurance: 50000,
      spouse: 380000,
      specific_relative: 410000,
      dependents_and_disability: 1860000,
      basic: 620000,
      total: 4826102,
    },
    taxable_income: 2146000,
    computed_tax: 117100,
    housing_loan_credit_applied: 76500,
    annual_tax: 41400,
    income_tax_withheld_total: 156670,
    difference: -115270,
  },
  retirement_allowance: {
    service_years: 11,
    officer_service_years: 0,
    overlap_years: 0,
    allowance_category: 'general',
    retirement_income_deduction: 4400000,
    deduction_general: 4400000,
    deduction_specified_officer: 0,
    taxable_retirement_income: 1800000,
    income_tax_basic: 90000,
    withholding_tax: 91890,
    method: 'quick_table',
  },
  standard_monthly_remuneration_determination: {
    applies: true,
    average_remuneration: 300000,
    health_insurance_grade: 22,
    health_insurance_standard_monthly_remuneration: 300000,
    employees_pension_grade: 19,
    employees_pension_standard_monthly_remuneration: 300000,
    applies_from: '2026-09',
    valid_until: '2027-08',
    months_used: ['2026-04', '2026-06'],
    months_excluded: [
      {
        month: '2026-05',
        reason_code: 'payment_base_days_below_threshold',
        reason: 'payment_base_days 10 is below 17, the threshold of a general insured person: the month is left out.',
      },
    ],
  },
  leave_premium_exemption: {
    exempt_premium_months: ['2026-11'],
    months: [],
    bonuses: [],
    leave_units: [],
  },
  resident_tax_special_collection_schedule: {
    monthly_amounts: [
      { month: '2026-06', amount: 15300 },
      ...['07', '08', '09', '10', '11', '12'].map((m) => ({ month: `2026-${m}`, amount: 15200 })),
      ...['01', '02', '03', '04', '05'].map((m) => ({ month: `2027-${m}`, amount: 15200 })),
    ],
    total: 182500,
    rule: 'even_split_remainder_first_month',
  },
  resident_tax_separation: {
    method: 'lump_sum',
    regular_amount_in_event_month: 8300,
    lump_sum_amount: 33200,
    total_deducted_in_event_month: 41500,
    transferred_to_ordinary_collection: 0,
    remittance_deadline: '2027-02-10',
  },
  standard_monthly_remuneration_resolution: {
    monthly_remuneration: 305000,
    health_insurance_grade: 22,
    health_insurance_standard_monthly_remuneration: 300000,
    employees_pension_insurance_grade: 19,
    employees_pension_standard_monthly_remuneration: 300000,
  },
};

const HASH = '3f0c1a9e5b7d2c4f6e8a0b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5f6';
const SNAPSHOT = {
  company_profile_version: '2025-04-01.5d9b586409d0',
  tax_table_version: '2026-01',
  social_insurance_rate_version: '2026-04',
  employees_pension_rate_version: '2020-09',
  employment_insurance_rate_version: '2026-04',
  rounding_rule_version: '2020-01',
  rules_masters_hash: HASH,
  overtime_premium_rounding_method: 'none',
  overtime_premium_monthly_total_rounding: 'none',
};
const TAX_TABLE = {
  type: 'income_tax_table',
  id: 'nta-withholding-monthly',
  version: '2026-01',
  effective_from: '2026-01-01',
  effective_to: '2026-12-31',
  source_artifact_id: 'nta-zeigakuhyo2026-01-07',
  table: 'monthly',
  status: 'imported',
};
const RATE_TABLE = {
  type: 'employment_insurance_rate_table',
  id: 'ei-general',
  version: '2026-04',
  effective_from: '2026-04-01',
  effective_to: null,
  provider: 'MHLW',
  business_type: 'general',
  employee_rate: '0.005',
  source_artifact_id: null,
};
const RULE = {
  type: 'rule',
  id: 'deduction.resident_tax',
  version: 'v1',
  effective_from: '2020-01-01',
  effective_to: null,
  formula_code: 'deduction.resident_tax.v1',
  step: 'resident_tax',
  title: 'Resident tax',
  legal_source: 'test',
  file: 'rules/deduction/deduction.resident_tax.v1.yaml',
  sha256: HASH,
};

export class FakeEngine implements Engine {
  /** When set, calculate throws it. */
  failWith: Error | undefined;
  calculations = 0;
  lastProfileVersions: ProfileVersion[] = [];

  validate(type: CalculationType, request: Record<string, unknown>) {
    return validateCrossFields(type, request);
  }

  attendanceConflict(type: CalculationType, request: Record<string, unknown>) {
    return type === 'monthly_payroll' ? findAttendanceConflict(request) : null;
  }

  calculate(type: CalculationType, request: Record<string, unknown>, profileVersions: ProfileVersion[]): Calculation {
    this.lastProfileVersions = profileVersions;
    if (this.failWith) throw this.failWith;
    const profile = profileVersions.find(
      (v) =>
        v.effective_from <= (request.payment_date as string) &&
        (v.effective_to === null || (request.payment_date as string) <= v.effective_to),
    );
    if (!profile)
      throw new EngineError('settings_not_resolved', `No company calculation profile in force on ${String(request.payment_date)}.`);
    this.calculations += 1;
    const snapshot = { ...SNAPSHOT, company_profile_version: profile.version };
    if (type !== 'monthly_payroll') {
      delete (snapshot as Partial<typeof snapshot>).overtime_premium_rounding_method;
      delete (snapshot as Partial<typeof snapshot>).overtime_premium_monthly_total_rounding;
    }
    const employee = (request.employee_snapshot as { employee_ref?: string } | undefined)?.employee_ref;
    const metadata = {
      calculation_id: `calc_${randomUUID()}`,
      calculation_type: type,
      company_id: request.company_id as string,
      employee_ref: employee || undefined,
      calculated_at: new Date().toISOString(),
      settings_snapshot: snapshot,
    };
    return new Calculation(metadata, structuredClone(AMOUNTS[type]), [], []);
  }

  calculateRequest(type: CalculationType, body: unknown, caller: CalculationCaller) {
    return calculateRequest(this, type, body, caller);
  }

  inputLimits() {
    return REPOSITORY_LIMITS;
  }

  outputs() {
    return outputsOfRepository();
  }

  /** No masters, so no labels: GET /v1/masters/result-labels answers empty lists. */
  resultLabels() {
    return null;
  }

  taxTables() {
    return [TAX_TABLE];
  }

  rateTables() {
    return [RATE_TABLE];
  }

  masterVersions() {
    return [
      {
        type: 'rounding_rule_table',
        id: 'rounding',
        version: '2020-01',
        effective_from: '2020-01-01',
        effective_to: null,
        provider: 'test',
        source_artifact_id: null,
        file: 'rounding_rules/2020-01.yaml',
        inherited_from: null,
      },
    ];
  }

  rules() {
    return [RULE];
  }

  provenance() {
    const hash = HASH;
    return {
      rules_masters_hash: hash,
      rules_hash: hash,
      masters_hash: hash,
      rules_dir: 'rules',
      masters_dir: 'masters',
      files: new Map<string, string>(),
    };
  }
}
