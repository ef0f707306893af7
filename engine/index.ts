/**
 * The engine's public face. It knows no HTTP: requests come in as plain objects that already passed
 * the API schema (server/schemas), errors go out as EngineError with a stable code.
 */
export type { CalculationType } from './calculation-type.ts';
export { CALCULATION_TYPES } from './calculation-type.ts';

export { EngineError, EngineFault, LoadError, problemLine } from './errors.ts';
export type { ValidationDetail, EngineErrorCode, LoadProblem } from './errors.ts';
export type { ProfileVersion, ProfilePutBody } from './profile/types.ts';
export { loadEngine } from './engine.ts';
export { DEFAULT_LOAD_CACHE } from './load-cache.ts';
export type { Engine, CalculationResult, EngineOptions, CalculateOptions } from './engine.ts';
