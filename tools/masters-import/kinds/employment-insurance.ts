/** The employment insurance worker rates per business type, one fiscal year. */
import { fractionRate } from '../rates.ts';
import { importedMaster, line, selectVersion, type ImportKind } from './shared.ts';

/** The research data names the second business type differently from the API (see masters/employment_insurance). */
const BUSINESS_TYPE: Record<string, string> = { agriculture_forestry_fishery_sake: 'agriculture_forestry_fisheries_sake' };

export const employmentInsurance: ImportKind = {
  description: 'employment insurance worker rates per business type (employment_insurance_rates.csv), one fiscal year; --select YYYY',
  columns: ['fiscal_year', 'effective_from', 'effective_to', 'business_type', 'business_type_ja', 'worker_rate'],
  build(rows, file, options) {
    const picked = selectVersion(rows, 'fiscal_year', file, options);
    const from = picked[0].effective_from;
    const records = picked.map((r, i) => {
      const type = BUSINESS_TYPE[r.business_type] ?? r.business_type;
      return { id: `ei-${type}`, business_type: type, business_type_ja: r.business_type_ja, employee_rate: fractionRate(r, 'worker_rate', line(i), file) };
    });
    return importedMaster(
      'employment_insurance',
      // the newest version stays open-ended until the next fiscal year is imported (decisions.md section 5)
      { kind: 'employment_insurance_rate_table', version: from.slice(0, 7), from, to: null, basis: 'payment_date' },
      { records },
      [`fiscal year ${picked[0].fiscal_year} (published ${from} to ${picked[0].effective_to}); written open-ended as the newest version: close the previous version's effective_to the day before`],
    );
  },
};
