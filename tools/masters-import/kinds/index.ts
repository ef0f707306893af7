/**
 * The published layouts masters:import understands, one file per kind: which CSV columns it needs,
 * which master kind and folder it produces, and how rows become the master's records. Effective dates
 * follow each table's convention (docs/statutory-data.md): withholding tables by calendar year of
 * payment, kyokai rates by premium month, employment insurance by fiscal year.
 */
import { employmentInsurance } from './employment-insurance.ts';
import { healthGrades } from './health-grades.ts';
import { kyokaiRates } from './kyokai-rates.ts';
import { pensionGrades } from './pension-grades.ts';
import type { ImportKind } from './shared.ts';
import { withholdingBonus } from './withholding-bonus.ts';
import { withholdingMonthly } from './withholding-monthly.ts';

export type { ImportKind } from './shared.ts';

export const IMPORT_KINDS: Record<string, ImportKind> = {
  'withholding-monthly': withholdingMonthly,
  'withholding-bonus': withholdingBonus,
  'kyokai-rates': kyokaiRates,
  'employment-insurance': employmentInsurance,
  'health-grades': healthGrades,
  'pension-grades': pensionGrades,
};
