/**
 * The engine's public face. It knows no HTTP: requests come in as plain objects that already passed
 * the API schema (server/app/schemas), errors go out as EngineError with a stable code.
 *
 * server/ and tools/ import the engine only through its entry points: this file (calculation and
 * profiles), engine/contract/index.ts (the request schemas the API publishes) and engine/tooling.ts
 * (what the project's own tools read: rule and master sources). .dependency-cruiser.cjs enforces it.
 */
export type { CalculationType } from './calculation-type.ts';
export { CALCULATION_TYPES } from './calculation-type.ts';

export { EngineError, EngineFault, formatProblem, LoadError, problemLine } from './errors.ts';
export type { ValidationDetail, EngineErrorCode, LoadProblem } from './errors.ts';
export type { ProfileVersion, ProfilePutBody } from './loading/profile/types.ts';
export { applyProfilePut } from './loading/profile/apply-put.ts';
export { customRatesSchema, profilePutBodySchema, profileVersionSchema } from './contract/calculation-profile.ts';
export { loadEngine } from './engine.ts';
export type { CalculationCaller } from './calculating/request.ts';
export { Calculation, type CalculationMetadata, type CalculationResult } from './trace/calculation.ts';
export type { TraceStep } from './trace/steps.ts';
export { calculationJson, calculationUtf8 } from './trace/json-writer.ts';
export { COMPACT_TRACE_KEY, CompactTraceReader, CompactTraceWriter, type CompactTraceOptions } from './trace/compact.ts';
export { CHECK_HEAP_MB, CHECK_TIMEOUT_MS, checkOffThread, loadEngineOffThread } from './loading/load-off-thread.ts';
export { isIsoDate } from './util/dates.ts';
export { DEFAULT_LOAD_CACHE } from './loading/load-cache.ts';
export type { Engine, EngineOptions, CalculateOptions, CheckedSet, CheckRequest } from './engine.ts';
export { OUTPUT_TYPES } from './loading/rules/outputs.ts';
export type { InputLimits } from './loading/masters/input-limits.ts';
export type { ResultLabels } from './loading/masters/schemas/result-labels.ts';
export type { OutputDeclaration, OutputDeclarations, OutputType } from './loading/rules/outputs.ts';
// Limits a company profile widens (tax_dependent_count above the printed columns under its opt-in): the
// API's validation, the batch tool and the golden runner apply them the same way.
export { dependentLimitDependsOnProfile, widenForProfile } from './calculating/validation/dependent-count-limit.ts';
