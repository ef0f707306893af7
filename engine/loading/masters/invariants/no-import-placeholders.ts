/**
 * A master written by `npm run masters:import` carries TO_FILL placeholders for what the published CSV
 * does not give (sources, rules outside a row table). Typed fields already fail the schema; this catches
 * the text ones (publisher, document, verification), so an unfilled import never loads or passes
 * masters:check.
 */
import type { Issue } from './issue.ts';
import { PointerStack } from './pointer.ts';

const PLACEHOLDER = /^TO_FILL\b/;

export function noImportPlaceholders(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  const at = new PointerStack();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      if (PLACEHOLDER.test(node)) issues.push({ path: at.at() || '/', message: `placeholder left by masters:import: ${node}` });
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        at.push(i);
        walk(node[i]);
        at.pop();
      }
    } else if (node !== null && typeof node === 'object') {
      for (const k of Object.keys(node)) {
        at.push(k);
        walk((node as Record<string, unknown>)[k]);
        at.pop();
      }
    }
  };
  walk(raw);
  return issues;
}
