/**
 * What a response block shows: the status and the key content of the body, as JSON with comments.
 * Calculation results show every amount, the settings snapshot and warnings (the trace only by its
 * length); lists show their first record; values that differ on every run (ids,
 * timestamps) and data fingerprints are shown as "…" so the block only changes when the answer does.
 */

const VOLATILE = new Set(['resets_at', 'account_id', 'profile_id', 'request_id', 'created_at', 'calculated_at', 'calculation_id']);
/** The quota month of GET /v1/usage (the current month) is volatile; a month inside a result (a month of collection) is not. */
const VOLATILE_AT_TOP = new Set(['month']);

/**
 * Fingerprints of the data (the rule and master files' hashes) change with every edit of rules/ or
 * masters/: shown as "…" too, so a data-only change (a new table version) leaves docs/api.md as it is.
 */
const DATA_FINGERPRINTS = new Set(['rules_masters_hash', 'sha256']);

function masked(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((v) => masked(v, false));
  if (typeof value !== 'object' || value === null) return value;
  const hidden = (k: string) => VOLATILE.has(k) || DATA_FINGERPRINTS.has(k) || (top && VOLATILE_AT_TOP.has(k));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hidden(k) && v !== null ? '…' : masked(v, false)]));
}

const OMITTED = '__OMITTED__';

/** JSON (2-space indent) where OMITTED markers become comments. */
function render(value: unknown, notes: Map<string, string>): string[] {
  let text = JSON.stringify(value, null, 2);
  for (const [marker, comment] of notes) text = text.replace(JSON.stringify(marker), comment);
  return text.split('\n');
}

export function summarizeResponse(method: string, path: string, status: number, body: unknown): string[] {
  const header = `// ${method} ${path} -> ${status}`;
  const notes = new Map<string, string>();
  let shown: unknown = masked(body);
  const b = body as Record<string, unknown> | null;
  if (b && typeof b === 'object' && 'openapi' in b && 'paths' in b) {
    const info = b.info as { title: string; version: string };
    notes.set(`${OMITTED}paths`, '{ /* every endpoint */ }');
    shown = { openapi: b.openapi, info: { title: info.title, version: info.version }, paths: `${OMITTED}paths` };
  } else if (b && typeof b === 'object' && 'amounts' in b) {
    const trace = (b.calculation_trace as unknown[] | undefined) ?? [];
    notes.set(`${OMITTED}trace`, `[ /* ${trace.length} steps */ ]`);
    shown = { ...(masked(b) as object), calculation_trace: `${OMITTED}trace` };
  } else if (b && typeof b === 'object' && Array.isArray(b.data) && b.data.length > 1) {
    // No count: it changes with every published table, which is not what this block documents.
    notes.set(`${OMITTED}more`, '/* … more records */');
    shown = { data: [masked(b.data[0]), `${OMITTED}more`] };
  }
  return [header, ...render(shown, notes)];
}
