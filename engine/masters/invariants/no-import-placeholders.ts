/**
 * A master written by `npm run masters:import` carries TO_FILL placeholders for what the published CSV
 * does not give (sources, rules outside a row table). Typed fields already fail the schema; this catches
 * the text ones (publisher, document, verification), so an unfilled import never loads or passes
 * masters:check.
 */
import type { Issue } from './issue.ts';

const PLACEHOLDER = /^TO_FILL\b/;

export function noImportPlaceholders(raw: unknown, path = ''): Issue[] {
  if (typeof raw === 'string')
    return PLACEHOLDER.test(raw) ? [{ path: path || '/', message: `placeholder left by masters:import: ${raw}` }] : [];
  if (Array.isArray(raw)) return raw.flatMap((v, i) => noImportPlaceholders(v, `${path}/${i}`));
  if (raw !== null && typeof raw === 'object') return Object.entries(raw).flatMap(([k, v]) => noImportPlaceholders(v, `${path}/${k}`));
  return [];
}
