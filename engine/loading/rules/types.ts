/**
 * A rule: one versioned formula_code, one YAML file in rules/<domain>/<formula_code>.yaml.
 * See docs/rules.md for the anatomy and schema.ts for the schema.
 */
import type { Evaluator } from '../../logic/types.ts';

export type StepType =
  | 'settings_resolution'
  | 'statutory_deduction'
  | 'tax_calculation'
  | 'payment_aggregation'
  | 'deduction_aggregation'
  | 'attendance_calculation';

/** The rule file as written (after YAML parse and schema validation). */
export interface RuleDocument {
  formula_code: string; // "employment_insurance.employee_contribution.v1"
  step: string; // trace step name
  step_type: StepType;
  title: string;
  /** Human-readable formula, shown in the trace. */
  formula: string;
  /** Local name -> context path. The expression sees the local names; input_refs are the paths. */
  inputs: Record<string, string>;
  /** Master slots the rule reads (their records are listed in the step's master_refs). */
  masters: string[];
  /** Ordered intermediate values; each may use inputs and earlier bindings; all are recorded in the trace. */
  bindings?: Record<string, unknown>;
  /** json-logic expression of the raw amount. */
  expression: unknown;
  /** Named rounding from the registry, or null when the raw amount is the result. */
  rounding_rule: string | null;
  /** decimal_string: rounded_amount is reported as a decimal string even when it is whole. */
  result_format?: 'integer' | 'decimal_string';
  /** Context path the rounded amount is written to. */
  output_key: string;
  /** Extra outputs: context path -> binding name (e.g. the standard bonus a premium step derived). */
  also_outputs?: Record<string, string>;
  /** Warning codes raised when their condition (json-logic over inputs and bindings) is true. */
  warnings?: { code: string; when: unknown }[];
  /** Optional note written into the trace step; may use {{binding}} placeholders. */
  notes?: string;
  effective_from: string;
  effective_to: string | null;
  /** Which date chooses the version: the payment date (default) or the first day of the premium month. */
  date_basis?: RuleDateBasis;
  legal_source: string;
  /**
   * Oldest version only: the step on dates before effective_from (from the earliest date the masters
   * serve): `absent` skips it (its output left out of the response), `zero` writes 0 at output_key.
   * Without it the rule must be in force from the masters' earliest date (check-coverage.ts).
   */
  before_effective_from?: 'absent' | 'zero';
}

export type RuleDateBasis = 'payment_date' | 'premium_month';

export interface CompiledRule {
  doc: RuleDocument;
  file: string;
  /** formula_code without the version suffix ("employment_insurance.employee_contribution"). */
  code: string;
  /** inputs as [local name, context path split into segments, is a master table]; split once at load */
  inputs: [string, readonly string[], boolean][];
  output: readonly string[];
  alsoOutputs: [readonly string[], string][];
  bindings: [string, Evaluator][];
  expression: Evaluator;
  warnings: { code: string; when: Evaluator }[];
  /** name -> slot of the rule's scope that its vars were compiled against (engine/logic/rule-scope.ts) */
  scopeIndex?: ReadonlyMap<string, number>;
}
