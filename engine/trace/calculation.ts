/**
 * What the engine answers for one calculation: its amounts, its metadata, its warnings and its trace as
 * records (records.ts). toResult() gives the plain result object the API answers; the writers
 * (json-writer.ts, compact.ts) write that object's JSON text straight from the calculation, and take
 * only calculations the engine made: nothing can have changed a step between the run and the writing.
 */
import type { CalculationType } from '../calculation-type.ts';
import { stepOf, type StepRecord } from './records.ts';
import type { TraceStep } from './steps.ts';
import type { MasterCarriedForward } from '../loading/carried-forward.ts';

export interface CalculationResult {
  calculation_id: string; // calc_<uuid>
  calculation_type: CalculationType;
  company_id: string;
  employee_ref?: string;
  calculated_at: string; // UTC, milliseconds
  /** the resolved settings versions, and rules_masters_hash: the fingerprint of the rules and masters used */
  settings_snapshot: Record<string, string>;
  amounts: Record<string, unknown>;
  calculation_trace: TraceStep[];
  warnings: string[];
  /** with the warning MASTER_CARRIED_FORWARD only: each table or parameter used after the date its source covers */
  masters_carried_forward?: MasterCarriedForward[];
}

/** The result's keys before its amounts, in the result's order (employee_ref only when the request named one). */
export type CalculationMetadata = Pick<
  CalculationResult,
  'calculation_id' | 'calculation_type' | 'company_id' | 'employee_ref' | 'calculated_at' | 'settings_snapshot' | 'masters_carried_forward'
>;

export class Calculation {
  constructor(
    readonly metadata: Readonly<CalculationMetadata>,
    readonly amounts: Readonly<Record<string, unknown>>,
    readonly warnings: readonly string[],
    /** the trace, one record per traced step; empty when the request asked for no trace */
    readonly records: readonly StepRecord[],
  ) {
    Object.freeze(this);
  }

  /** The plain result: what JSON.parse of any writer's text gives, every object its own. */
  toResult(): CalculationResult {
    const m = this.metadata;
    const result: Partial<CalculationResult> = {
      calculation_id: m.calculation_id,
      calculation_type: m.calculation_type,
      company_id: m.company_id,
    };
    if (m.employee_ref !== undefined) result.employee_ref = m.employee_ref;
    result.calculated_at = m.calculated_at;
    result.settings_snapshot = { ...m.settings_snapshot };
    result.amounts = structuredClone(this.amounts) as Record<string, unknown>;
    result.calculation_trace = this.records.map(stepOf);
    result.warnings = [...this.warnings];
    if (m.masters_carried_forward) result.masters_carried_forward = m.masters_carried_forward.map((t) => ({ ...t }));
    return result as CalculationResult;
  }
}
