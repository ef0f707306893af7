/**
 * Example values of the API schemas that are statutory amounts, read from the masters rather than written
 * in code: a self-declared-rates example carries the association's health standard bonus annual cap of the
 * newest kyokai rate table (the cap the Health Insurance Act sets for every insurer), and the rate-table
 * listing's examples are records of pinned master versions, made by the listing's own mappers (so the
 * example is what GET /v1/masters/rate-tables answers for that record). Versions are pinned, not "the
 * newest", so that adding a table version does not change openapi.json.
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../util/project-root.ts';
import { readYaml, yamlFilesUnder } from '../util/yaml-file.ts';
import { masterDocument } from '../load-cache.ts';
import { employmentRateRecord, pensionRateRecord, socialRateRecord } from '../listing.ts';
import { BUILDERS } from './records/index.ts';
import type { EmployeesPensionRateTable, EmploymentInsuranceRateRecord, MasterKind, MasterRecord, SocialInsuranceRateRecord } from './types.ts';

const KYOKAI = join(PROJECT_ROOT, 'masters/social_insurance/kyokai_rates');

export function healthStandardBonusAnnualCapExample(dir: string = KYOKAI): number {
  const files = yamlFilesUnder(dir);
  const [abs, rel] = files[files.length - 1];
  const raw = masterDocument(abs, rel) as { records?: { health_insurance_standard_bonus_annual_cap?: unknown }[] } | undefined;
  const cap = raw?.records?.[0]?.health_insurance_standard_bonus_annual_cap;
  if (!Number.isInteger(cap)) throw new Error(`${dir}/${rel}: no health_insurance_standard_bonus_annual_cap in its first record`);
  return cap as number;
}

const MASTERS = join(PROJECT_ROOT, 'masters');

/** The loaded form of one record of one master file (relative to masters/), built as the loader builds it. */
function builtRecord<R extends MasterRecord>(kind: MasterKind, file: string, id: string): R {
  const raw = masterDocument(join(MASTERS, file), file) as Record<string, unknown>;
  const found = BUILDERS[kind](raw, file).find((b) => b.record.id === id);
  if (!found) throw new Error(`masters/${file}: no record ${id} for the API examples`);
  return found.record as R;
}

export const socialRateRecordExample = () =>
  socialRateRecord(builtRecord<SocialInsuranceRateRecord>('social_insurance_rate_table', 'social_insurance/kyokai_rates/2026-04.yaml', 'kyokai-13'));

export const pensionRateRecordExample = () =>
  pensionRateRecord(builtRecord<EmployeesPensionRateTable>('employees_pension_rate_table', 'employees_pension/2020-09.yaml', 'employees-pension'));

export const employmentRateRecordExample = () =>
  employmentRateRecord(builtRecord<EmploymentInsuranceRateRecord>('employment_insurance_rate_table', 'employment_insurance/2026-04.yaml', 'ei-general'));

/** The fields of a rule file the API examples show (a trace step's and a rule listing's). */
export interface RuleDocumentExample {
  formula_code: string;
  step: string;
  step_type: string;
  title: string;
  formula: string;
  inputs: Record<string, string>;
  rounding_rule: string;
  output_key: string;
  effective_from: string;
  effective_to: string | null;
  legal_source: string;
}

/** One rule file (relative to the project root) as written, for the examples of the rule it documents. */
export function ruleDocumentExample(file: string): RuleDocumentExample {
  const { value, problems } = readYaml(join(PROJECT_ROOT, file), file);
  if (problems.length > 0 || value === null || typeof value !== 'object') throw new Error(`${file}: not a rule document for the API examples`);
  return value as RuleDocumentExample;
}
