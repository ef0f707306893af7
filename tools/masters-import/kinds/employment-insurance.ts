/** The employment insurance worker rates per business type, one fiscal year. */
import { patternCell } from '../csv.ts';
import { fractionRate } from '../rates.ts';
import { importedMaster, line, selectVersion, type ImportKind } from './shared.ts';

/** The research data names the second business type differently from the API (see masters/employment_insurance). */
const BUSINESS_TYPE: Record<string, string> = { agriculture_forestry_fishery_sake: 'agriculture_forestry_fisheries_sake' };

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

export const employmentInsurance: ImportKind = {
  description: 'employment insurance worker rates per business type (employment_insurance_rates.csv), one fiscal year; --select YYYY',
  columns: ['fiscal_year', 'effective_from', 'effective_to', 'business_type', 'business_type_ja', 'worker_rate'],
  textColumns: ['fiscal_year', 'effective_from', 'effective_to', 'business_type', 'business_type_ja'],
  build(rows, file, options) {
    const picked = selectVersion(rows, 'fiscal_year', file, options);
    const first = line(rows.indexOf(picked[0]));
    const from = patternCell(picked[0], 'effective_from', first, file, DATE, 'a date YYYY-MM-DD');
    const records = picked.map((r) => {
      const n = line(rows.indexOf(r));
      const type =
        BUSINESS_TYPE[r.business_type] ??
        patternCell(r, 'business_type', n, file, /^[a-z][a-z0-9_]*$/, 'a business type code (lower-case letters, digits, _)');
      return {
        id: `ei-${type}`,
        business_type: type,
        business_type_ja: r.business_type_ja,
        employee_rate: fractionRate(r, 'worker_rate', n, file),
      };
    });
    return importedMaster(
      'employment_insurance',
      // the newest version stays open-ended until the next fiscal year is imported (decisions.md section 5)
      { kind: 'employment_insurance_rate_table', version: from.slice(0, 7), from, to: null, basis: 'payment_date' },
      { records },
      [`fiscal year ${picked[0].fiscal_year} (published ${from} to ${picked[0].effective_to}); written open-ended as the newest version`],
    );
  },
};
