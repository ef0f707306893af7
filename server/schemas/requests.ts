/**
 * Compatibility: the request body schemas are pure data shared with the engine (whose rule loader
 * checks every context path a rule reads against them), so they live in engine/contract/. Server code
 * may import them from here.
 */
export * from '../../engine/contract/common.ts';
export * from '../../engine/contract/employee-snapshot.ts';
export * from '../../engine/contract/items.ts';
export * from '../../engine/contract/monthly-payroll-request.ts';
export * from '../../engine/contract/bonus-request.ts';
export * from '../../engine/contract/simulation-requests.ts';
export * from '../../engine/contract/examples.ts';
