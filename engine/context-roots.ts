/**
 * The calculation's inputs in its context: read, never written. The load refuses a step that writes
 * there (loading/rules/check-writes.ts), so the trace keeps a value read there as it was read.
 */
export const INPUT_ROOTS: readonly string[] = ['request', 'profile', 'masters', 'parameters', 'settings', 'dates'];
