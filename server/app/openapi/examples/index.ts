/**
 * Sets the document's data-derived examples on the (copied) component schemas: the trace step and master
 * ref of the documented employment insurance simulation, the master listings' records, and the
 * self-declared rates' statutory figures (the nationwide childcare support rate and the health standard
 * bonus annual cap of the pinned kyokai record). Result examples are set where the result schemas are
 * built (result-schemas.ts).
 */
import type { Engine } from '../../../../engine/index.ts';
import { RULES_MASTERS_HASH_EXAMPLE } from '../../../../engine/contract/index.ts';
import { customRatesSchema } from '../../../../engine/index.ts';
import { calculationExamples } from './calculations.ts';
import { setExample } from './set-example.ts';
import { recordExamples } from './records.ts';
import { resultLabelList } from '../../schemas/result-labels.ts';

type Schema = Record<string, unknown>;

export type ExampleSource = Pick<
  Engine,
  'outputs' | 'calculate' | 'taxTables' | 'rateTables' | 'rules' | 'inputLimits' | 'masterVersions' | 'resultLabels'
>;

/** `schemas`: the copied components; `copies`: original constant -> its copy (cloneShared's memo). */
export function applyDocumentExamples(schemas: Record<string, Schema>, copies: Map<object, unknown>, engine: ExampleSource): void {
  const named = new Set<object>(Object.values(schemas));
  const set = (schema: Schema | undefined, example: unknown) => {
    if (schema && example !== undefined) setExample(schema, example, named);
  };
  const { traceStep } = calculationExamples(engine);
  set(schemas.TraceStep, traceStep);
  set(schemas.SettingsSnapshot, calculationExamples(engine).results.monthly_payroll?.settings_snapshot);
  set(schemas.MasterRef, (traceStep?.master_refs as unknown[] | undefined)?.[0]);
  // every result's calculation_trace shows that step (a result example shows its own, often empty, trace)
  for (const schema of Object.values(schemas)) {
    const properties = schema.properties as Record<string, Schema> | undefined;
    if (traceStep && properties?.calculation_trace && properties.amounts)
      properties.calculation_trace = { ...properties.calculation_trace, examples: [[traceStep]] };
  }

  const records = recordExamples(engine);
  set(schemas.TaxTableRecord, records.taxTable);
  set(schemas.TaxTableList, records.taxTable && { data: [records.taxTable] });
  set(schemas.SocialInsuranceRateRecord, records.socialInsuranceRate);
  set(schemas.RateTableList, records.socialInsuranceRate && { data: [records.socialInsuranceRate] });
  set(schemas.EmployeesPensionRateRecord, records.employeesPensionRate);
  set(schemas.EmploymentInsuranceRateRecord, records.employmentInsuranceRate);
  set(schemas.RuleRecord, records.rule);
  set(schemas.MasterVersionRecord, records.masterVersion);
  set(schemas.MasterVersionList, records.masterVersion && { data: [records.masterVersion] });
  set(schemas.RuleList, records.rule && { data: [records.rule], rules_masters_hash: RULES_MASTERS_HASH_EXAMPLE });
  const labels = resultLabelList(engine.resultLabels());
  set(schemas.ResultLabelList, { ...labels, data: labels.data.filter((r) => r.calculation_type === 'monthly_payroll').slice(0, 3) });
  set(schemas.ResultLabelRecord, labels.data[0]);
  set(schemas.ResultLabelGroup, labels.groups[0]);

  // illustrative rates of a health insurance society (each sets its own); the childcare support rate and
  // the bonus cap are the law's, the same for every insurer: the kyokai record's
  const kyokai = records.kyokaiRates;
  if (kyokai) {
    set(copies.get(customRatesSchema) as Schema | undefined, {
      health_insurance_employee_rate: '0.045',
      care_insurance_employee_rate: '0.008',
      childcare_support_contribution_employee_rate: kyokai.childcare_support_contribution_employee_rate,
      health_insurance_standard_bonus_annual_cap: kyokai.health_insurance_standard_bonus_annual_cap,
    });
  }
}
