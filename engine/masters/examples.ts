/**
 * Example values of the API schemas that are statutory amounts, read from the masters rather than written
 * in code: a self-declared-rates example carries the association's health standard bonus annual cap of the
 * newest kyokai rate table (the cap the Health Insurance Act sets for every insurer).
 */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../util/project-root.ts';
import { yamlFilesUnder } from '../util/yaml-file.ts';
import { masterDocument } from '../load-cache.ts';

const KYOKAI = join(PROJECT_ROOT, 'masters/social_insurance/kyokai_rates');

export function healthStandardBonusAnnualCapExample(dir: string = KYOKAI): number {
  const files = yamlFilesUnder(dir);
  const [abs, rel] = files[files.length - 1];
  const raw = masterDocument(abs, rel) as { records?: { health_insurance_standard_bonus_annual_cap?: unknown }[] } | undefined;
  const cap = raw?.records?.[0]?.health_insurance_standard_bonus_annual_cap;
  if (!Number.isInteger(cap)) throw new Error(`${dir}/${rel}: no health_insurance_standard_bonus_annual_cap in its first record`);
  return cap as number;
}
