/**
 * Input limits the request schemas read from the masters, so that a limit which follows the statutory
 * tables is data: tax_dependent_count may go up to the smallest `tax_dependent_count_max` declared by
 * the monthly withholding table versions (every version that can be chosen must support the count).
 * Read when the engine loads (Engine.inputLimits()), from the folder it loads; the server sets the limit
 * on its copies of the request schemas (server/validation/request-schemas.ts).
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../util/project-root.ts';
import { yamlFilesUnder } from '../util/yaml-file.ts';
import { masterDocument } from '../load-cache.ts';

export interface InputLimits {
  tax_dependent_count_max: number;
}

const DEFAULT_MASTERS = join(PROJECT_ROOT, 'masters');

export function readInputLimits(mastersDir: string = DEFAULT_MASTERS): InputLimits {
  const dir = join(mastersDir, 'income_tax/monthly');
  const values = yamlFilesUnder(dir).map(([abs, rel]) => (masterDocument(abs, rel) as { tax_dependent_count_max?: unknown } | undefined)?.tax_dependent_count_max);
  const ints = values.filter((v): v is number => Number.isInteger(v));
  if (ints.length === 0 || ints.length !== values.length) throw new Error(`${dir}: every monthly withholding table must declare an integer tax_dependent_count_max`);
  return { tax_dependent_count_max: Math.min(...ints) };
}
