/** Runs every per-file invariant on one validated file and the records built from it. */
import type {
  BonusTaxTable,
  ComputerSpecialTable,
  DailyTaxTable,
  HealthGradeTable,
  EmployeesPensionRateTable,
  MasterRecord,
  MonthlyTaxTable,
  SocialInsuranceRateRecord,
} from '../types.ts';
import type { Built, Raw } from '../records/envelope.ts';
import type { Issue } from './issue.ts';
import { monthlyRowsContiguous } from './monthly-rows-contiguous.ts';
import { monthlyBracketsContiguous } from './monthly-brackets-contiguous.ts';
import { monthlyTaxMonotone } from './monthly-tax-monotone.ts';
import { bonusBandsContiguous } from './bonus-bands-contiguous.ts';
import { gradesContiguous } from './grades-contiguous.ts';
import { tiersContiguous } from './tiers-contiguous.ts';
import { ratesInUnitInterval } from './rates-in-unit-interval.ts';
import { ratesPlausible, type PlausibilityBounds } from './rates-plausible.ts';
import { datesMatchBasis } from './dates-match-basis.ts';
import { effectiveRangeOrdered } from './effective-range.ts';
import { fileNameMatchesVersion } from './file-name-matches-version.ts';
import { sourceArtifactKnown } from './source-artifact-known.ts';
import { recordIdsUnique } from './record-ids-unique.ts';
import { prefectureRecordsValid, prefecturesComplete } from './prefectures-complete.ts';
import { noImportPlaceholders } from './no-import-placeholders.ts';

export { versionsContinuous } from './versions-continuous.ts';

function tableIssues(r: MasterRecord, raw: Raw): Issue[] {
  switch (r.kind) {
    case 'income_tax_daily_table':
      if ((r as DailyTaxTable).status === 'not_imported') return [];
    // falls through: an imported daily table is held to the monthly table's invariants
    case 'income_tax_monthly_table':
      return [
        ...monthlyRowsContiguous(r as MonthlyTaxTable),
        ...monthlyBracketsContiguous(r as MonthlyTaxTable),
        ...monthlyTaxMonotone(r as MonthlyTaxTable),
      ];
    case 'income_tax_bonus_table':
      return bonusBandsContiguous(r as BonusTaxTable, Array.isArray(raw.kou) ? (raw.kou as Raw[]).map((c) => c.dependents) : []);
    case 'income_tax_computer_special':
      return tiersContiguous(r as ComputerSpecialTable);
    case 'health_insurance_grade_table':
    case 'employees_pension_rate_table':
      return gradesContiguous((r as HealthGradeTable | EmployeesPensionRateTable).grades);
    default:
      return [];
  }
}

/** `bounds`: the plausible ranges of named fields (masters/plausibility/, data). */
export function fileIssues(file: string, raw: Raw, built: Built<MasterRecord>[], bounds: PlausibilityBounds): Issue[] {
  const issues: Issue[] = [
    ...fileNameMatchesVersion(file, raw.version),
    ...sourceArtifactKnown(raw.source_artifact_id, raw.sources),
    ...ratesInUnitInterval(raw),
    ...ratesPlausible(raw, bounds),
    ...datesMatchBasis(raw),
  ];
  issues.push(...noImportPlaceholders(raw)); // a masters:import file not yet filled in
  const first = built[0]?.record;
  if (first) issues.push(...effectiveRangeOrdered(first));
  if (Array.isArray(raw.records)) issues.push(...recordIdsUnique(built.map((b) => b.record.id)));
  if (raw.kind === 'social_insurance_rate_table')
    issues.push(...prefectureRecordsValid(built.map((b) => b.record as SocialInsuranceRateRecord)));
  for (const b of built) issues.push(...tableIssues(b.record, raw).map((i) => ({ ...i, path: b.pointer + i.path })));
  return issues;
}

/**
 * Invariants of a version as resolved, run after inheritance (engine/loading/masters/inherit.ts): a version that
 * lists only what changed must still be complete once the unchanged records are carried in.
 */
export function resolvedVersionIssues(raw: Raw, records: MasterRecord[]): Issue[] {
  if (raw.kind === 'social_insurance_rate_table')
    return prefecturesComplete(records as SocialInsuranceRateRecord[], raw.inherit_unchanged_records === true);
  return [];
}
