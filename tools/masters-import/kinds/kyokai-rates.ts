/** The kyokai kenpo health and care rates of the 47 prefectures, one premium month. */
import { toFill } from '../placeholder.ts';
import { percentToRate } from '../rates.ts';
import { importedMaster, line, selectVersion, type ImportKind } from './shared.ts';

export const kyokaiRates: ImportKind = {
  description: 'kyokai kenpo rates of the 47 prefectures (kyokai_kenpo_health_rates.csv), one premium month; --select YYYY-MM',
  columns: ['effective_from_premium_month', 'jis_code', 'prefecture_en', 'prefecture_ja', 'health_employee_pct', 'care_rate_pct'],
  build(rows, file, options) {
    const picked = selectVersion(rows, 'effective_from_premium_month', file, options);
    const month = picked[0].effective_from_premium_month;
    const records = picked.map((r, i) => ({
      id: `kyokai-${r.jis_code}`,
      prefecture_code: r.jis_code,
      prefecture_name: r.prefecture_en,
      prefecture_name_ja: r.prefecture_ja,
      health_insurance_employee_rate: percentToRate(r, 'health_employee_pct', line(i), file),
      // the published care rate is the total; the employee bears half (労使折半)
      care_insurance_employee_rate: percentToRate(r, 'care_rate_pct', line(i), file, 2),
      childcare_support_contribution_employee_rate: toFill('employee childcare support rate, or null before 2026-04'),
      health_insurance_standard_bonus_annual_cap: toFill('annual standard bonus cap, yen'),
    }));
    return importedMaster(
      'social_insurance/kyokai_rates',
      { kind: 'social_insurance_rate_table', version: month, from: `${month}-01`, to: null, basis: 'premium_month' },
      { records },
      [`premium month ${month}; employee rates = half of the published totals; effective_to of the previous version must be closed by hand`],
    );
  },
};
