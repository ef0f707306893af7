/** components.schemas: every schema constant under its public name, exactly as AJV uses it. */
import {
  allowanceSchema,
  attendanceInputSchema,
  bonusItemSchema,
  bonusSocialInsuranceContextSchema,
  bonusTaxContextSchema,
  customDeductionSchema,
  employeeSnapshotSchema,
  monthlyEmployeeSnapshotSchema,
  periodSchema,
  previousAdjustmentSchema,
  settingsLockSchema,
  settingsSnapshotSchema,
} from '../../../engine/contract/index.ts';
import { errorResponseSchema, validationDetailSchema } from '../schemas/error-response.ts';
import * as masters from '../schemas/masters.ts';
import { profilePutBodySchema, profileVersionListSchema, profileVersionSchema } from '../schemas/profile.ts';
import { masterRefSchema, traceStepSchema } from '../schemas/results.ts';
import { usageSchema } from '../schemas/usage.ts';
import { BATCH_ENDPOINTS } from '../batch/batch-endpoints.ts';
import { batchResponseSchema, batchResultsExample, batchSchemasFor } from '../batch/batch-schemas.ts';
import { CALCULATION_ENDPOINTS } from '../routes/calculation-endpoints.ts';
import { resultSchemas } from './result-schemas.ts';
import { documentedSchemaFor } from '../validation/request-schemas.ts';
import { applyDocumentExamples, type ExampleSource } from './examples/index.ts';
import { cloneShared } from '../schemas/clone-shared.ts';
import { resultLabelGroupSchema, resultLabelListSchema, resultLabelRecordSchema } from '../schemas/result-labels.ts';
import { applyResultLabels } from './result-labels.ts';

/** The OpenAPI document itself is free-form JSON by nature; it is the one open object. */
const openApiDocumentSchema = {
  type: 'object',
  description: 'An OpenAPI 3.1 document.',
  additionalProperties: true,
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', const: '3.1.0', description: 'OpenAPI version.', examples: ['3.1.0'] },
    info: { type: 'object', additionalProperties: true, description: 'Title, version and description of the API.' },
    paths: { type: 'object', additionalProperties: true, description: 'The operations, by path.' },
  },
  examples: [{ openapi: '3.1.0', info: { title: 'Payroll Calculation Service', version: '1.0.0' }, paths: {} }],
} as const;

/**
 * `engine`: the rule set whose declared outputs the result schemas document and whose records and output
 * the examples show. A copy of the constants (validation uses the constants themselves, example-free
 * where the example is data).
 */
export function componentSchemas(engine: ExampleSource): Record<string, object> {
  const results = resultSchemas(engine);
  const fromEndpoints = Object.fromEntries(
    CALCULATION_ENDPOINTS.flatMap((e) => [
      [e.requestSchemaName, e.requestSchema],
      [e.resultSchemaName, results[e.type]],
    ]),
  );
  // built from the documented copies, so that what they embed is the components' (the same objects)
  const fromBatches = Object.fromEntries(
    BATCH_ENDPOINTS.flatMap((b) => {
      const { request } = batchSchemasFor(documentedSchemaFor(engine, b.endpoint.requestSchema), b.typeName);
      return [
        [b.requestSchemaName, request],
        [b.responseSchemaName, batchResponseSchema(results[b.endpoint.type], b.typeName)],
      ];
    }),
  );
  const copies = new Map<object, unknown>();
  const schemas = cloneShared(constants(engine, { ...fromEndpoints, ...fromBatches }), copies);
  applyDocumentExamples(schemas, copies, engine);
  for (const b of BATCH_ENDPOINTS) {
    const result = (schemas[b.endpoint.resultSchemaName] as { examples?: unknown[] }).examples?.[0];
    (schemas[b.responseSchemaName] as { examples?: unknown[] }).examples = [batchResultsExample(result)];
  }
  applyResultLabels(schemas, engine.resultLabels());
  return schemas;
}

/** Every component; a request schema (or a part of one) as the engine in service validates it (its limits set). */
function constants(engine: ExampleSource, fromEndpoints: Record<string, object>): Record<string, Record<string, unknown>> {
  const all: Record<string, object> = {
    ...fromEndpoints,
    EmployeeSnapshot: employeeSnapshotSchema,
    MonthlyEmployeeSnapshot: monthlyEmployeeSnapshotSchema,
    Period: periodSchema,
    AttendanceInput: attendanceInputSchema,
    Allowance: allowanceSchema,
    CustomDeduction: customDeductionSchema,
    PreviousAdjustment: previousAdjustmentSchema,
    BonusItem: bonusItemSchema,
    BonusTaxContext: bonusTaxContextSchema,
    BonusSocialInsuranceContext: bonusSocialInsuranceContextSchema,
    SettingsLock: settingsLockSchema,
    SettingsSnapshot: settingsSnapshotSchema,
    TraceStep: traceStepSchema,
    MasterRef: masterRefSchema,
    TaxTableList: masters.taxTableListSchema,
    RateTableList: masters.rateTableListSchema,
    TaxTableRecord: masters.taxTableRecordSchema,
    RuleList: masters.ruleListSchema,
    MasterVersionList: masters.masterVersionListSchema,
    MasterVersionRecord: masters.masterVersionRecordSchema,
    RuleRecord: masters.ruleRecordSchema,
    ResultLabelList: resultLabelListSchema,
    ResultLabelRecord: resultLabelRecordSchema,
    ResultLabelGroup: resultLabelGroupSchema,
    SocialInsuranceRateRecord: masters.socialInsuranceRateRecordSchema,
    EmployeesPensionRateRecord: masters.employeesPensionRateRecordSchema,
    EmploymentInsuranceRateRecord: masters.employmentInsuranceRateRecordSchema,
    CalculationProfilePutBody: profilePutBodySchema,
    CalculationProfileVersion: profileVersionSchema,
    CalculationProfileVersionList: profileVersionListSchema,
    ErrorResponse: errorResponseSchema,
    ValidationDetail: validationDetailSchema,
    OpenApiDocument: openApiDocumentSchema,
    Usage: usageSchema,
  };
  return Object.fromEntries(Object.entries(all).map(([name, schema]) => [name, documentedSchemaFor(engine, schema)])) as Record<
    string,
    Record<string, unknown>
  >;
}
