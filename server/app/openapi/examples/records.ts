/**
 * The master listing examples: records the loaded engine lists (GET /v1/masters/*), of pinned versions
 * whose period is already closed (effective_to set), so that adding a version (the yearly update) changes
 * neither the example nor openapi.json; the first record of the kind when the pinned one is not loaded
 * (another rule set). Read from the engine in service when the document is built, never from files at
 * import: no statute figure is typed in the schemas. `kyokaiRates` (whose rates, not dates, the
 * self-declared rates example shows) is the current kyokai version: the childcare support rate starts
 * with it.
 */
import type { Engine } from '../../../../engine/index.ts';
import { FILE_HASH_EXAMPLE } from './calculations.ts';

type Json = Record<string, unknown>;

export interface RecordExamples {
  taxTable: Json | undefined;
  socialInsuranceRate: Json | undefined;
  kyokaiRates: Json | undefined;
  employeesPensionRate: Json | undefined;
  employmentInsuranceRate: Json | undefined;
  rule: Json | undefined;
  masterVersion: Json | undefined;
}

/** The pinned record [type, id, version] of each example, as published. */
const PINNED = {
  taxTable: ['income_tax_table', 'nta-withholding-monthly', '2026-01'],
  socialInsuranceRate: ['social_insurance_rate_table', 'kyokai-13', '2025-03'],
  kyokaiRates: ['social_insurance_rate_table', 'kyokai-13', '2026-04'],
  employeesPensionRate: ['employees_pension_rate_table', 'employees-pension', '2020-09'],
  employmentInsuranceRate: ['employment_insurance_rate_table', 'ei-general', '2025-04'],
  rule: ['rule', 'employment_insurance.employee_contribution', 'v1'],
  masterVersion: ['income_tax_computer_special', 'nta-computer-special', '2026-01'],
} as const;

function pick(records: Json[], [type, id, version]: readonly string[]): Json | undefined {
  const ofType = records.filter((r) => r.type === type);
  return ofType.find((r) => r.id === id && r.version === version) ?? ofType[0];
}

const built = new WeakMap<object, RecordExamples>();

export function recordExamples(engine: Pick<Engine, 'taxTables' | 'rateTables' | 'rules' | 'masterVersions'>): RecordExamples {
  const key = engine.rules();
  let found = built.get(key);
  if (!found) {
    const rates = engine.rateTables();
    const rule = pick(engine.rules(), PINNED.rule);
    found = {
      taxTable: pick(engine.taxTables(), PINNED.taxTable),
      socialInsuranceRate: pick(rates, PINNED.socialInsuranceRate),
      kyokaiRates: pick(rates, PINNED.kyokaiRates),
      employeesPensionRate: pick(rates, PINNED.employeesPensionRate),
      employmentInsuranceRate: pick(rates, PINNED.employmentInsuranceRate),
      // the file hash changes with every edit of the file: the example shows its shape
      rule: rule && { ...rule, sha256: FILE_HASH_EXAMPLE },
      masterVersion: pick(engine.masterVersions(), PINNED.masterVersion),
    };
    built.set(key, found);
  }
  return found;
}
