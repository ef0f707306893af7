/** The kyokai kenpo health and care rates of the 47 prefectures, one premium month. */
import { patternCell } from '../csv.ts';
import { percentToRate } from '../rates.ts';
import { fieldPlaceholder, type UniformField } from '../uniform.ts';
import { importedMaster, line, selectVersion, type ImportKind } from './shared.ts';

/** Not in the CSV, the same for every prefecture: given once with --set (otherwise 2 x 47 placeholders). */
const UNIFORM: UniformField[] = [
  {
    name: 'childcare_support_contribution_employee_rate',
    scope: 'record',
    type: 'rate',
    nullable: true,
    what: 'employee childcare support rate (子ども・子育て支援金), null before the 2026-04 premium month',
  },
  { name: 'health_insurance_standard_bonus_annual_cap', scope: 'record', type: 'yen', what: 'annual standard bonus cap, yen' },
];

export const kyokaiRates: ImportKind = {
  description: 'kyokai kenpo rates of the 47 prefectures (kyokai_kenpo_health_rates.csv), one premium month; --select YYYY-MM',
  columns: ['effective_from_premium_month', 'jis_code', 'prefecture_en', 'prefecture_ja', 'health_employee_pct', 'care_rate_pct'],
  textColumns: ['effective_from_premium_month', 'jis_code', 'prefecture_en', 'prefecture_ja'],
  uniform: UNIFORM,
  build(rows, file, options) {
    const picked = selectVersion(rows, 'effective_from_premium_month', file, options);
    const month = patternCell(
      picked[0],
      'effective_from_premium_month',
      line(rows.indexOf(picked[0])),
      file,
      /^\d{4}-(0[1-9]|1[0-2])$/,
      'a month YYYY-MM',
    );
    const records = picked.map((r) => ({
      id: `kyokai-${patternCell(r, 'jis_code', line(rows.indexOf(r)), file, /^(0[1-9]|[1-3][0-9]|4[0-7])$/, 'a prefecture code 01-47')}`,
      prefecture_code: r.jis_code,
      prefecture_name: r.prefecture_en,
      prefecture_name_ja: r.prefecture_ja,
      health_insurance_employee_rate: percentToRate(r, 'health_employee_pct', line(rows.indexOf(r)), file),
      // the published care rate is the total; the employee bears half (労使折半)
      care_insurance_employee_rate: percentToRate(r, 'care_rate_pct', line(rows.indexOf(r)), file, 2),
      ...Object.fromEntries(UNIFORM.map((f) => [f.name, fieldPlaceholder(f)])),
    }));
    return importedMaster(
      'social_insurance/kyokai_rates',
      { kind: 'social_insurance_rate_table', version: month, from: `${month}-01`, to: null, basis: 'premium_month' },
      { records },
      [`premium month ${month}; employee rates = half of the published totals`],
    );
  },
};
