/**
 * The batch endpoints as data: each runs one calculation endpoint (calculation-endpoints.ts) for every
 * item. Routing (routes/batch-calculations.ts) and the OpenAPI document are both built from this table.
 */
import { CALCULATION_ENDPOINTS, type CalculationEndpoint } from '../routes/calculation-endpoints.ts';

export interface BatchEndpoint {
  path: string;
  /** The single call each item is. */
  endpoint: CalculationEndpoint;
  operationId: string;
  summary: string;
  /** Words for the descriptions: "monthly payroll", "bonus". */
  typeName: string;
  requestSchemaName: string;
  itemSchemaName: string;
  responseSchemaName: string;
}

function single(path: string): CalculationEndpoint {
  const found = CALCULATION_ENDPOINTS.find((e) => e.path === path);
  if (!found) throw new Error(`no calculation endpoint ${path}`);
  return found;
}

export const BATCH_ENDPOINTS: readonly BatchEndpoint[] = [
  {
    path: '/v1/payroll/monthly:batch-calculate',
    endpoint: single('/v1/payroll/monthly:calculate'),
    operationId: 'batchCalculateMonthlyPayroll',
    summary: 'Monthly payroll of many employees (one company, one payment date)',
    typeName: 'monthly payroll',
    requestSchemaName: 'MonthlyPayrollBatchRequest',
    itemSchemaName: 'MonthlyPayrollBatchItem',
    responseSchemaName: 'MonthlyPayrollBatchResults',
  },
  {
    path: '/v1/payroll/bonus:batch-calculate',
    endpoint: single('/v1/payroll/bonus:calculate'),
    operationId: 'batchCalculateBonus',
    summary: 'Bonus payroll of many employees (one company, one payment date)',
    typeName: 'bonus',
    requestSchemaName: 'BonusBatchRequest',
    itemSchemaName: 'BonusBatchItem',
    responseSchemaName: 'BonusBatchResults',
  },
];
