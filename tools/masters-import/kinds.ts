/**
 * The published layouts masters:import understands, one entry per kind: which CSV columns it needs,
 * which master kind and folder it produces, and how rows become the master's records. Effective dates
 * follow each table's convention (docs/statutory-data.md): withholding tables by calendar year of
 * payment, kyokai rates by premium month, employment insurance by fiscal year.
 */
import { ImportError, yenCell, yenOrEmpty, type CsvRow } from './csv.ts';
import { PLACEHOLDER, placeholderSources, toFill } from './placeholder.ts';
import { fractionRate, percentToRate } from './rates.ts';

export interface ImportOptions {
  /** the year of a withholding table, the premium month of kyokai rates, the fiscal year of EI rates */
  select?: string;
}

export interface ImportedMaster {
  /** master file path relative to masters/ */
  path: string;
  /** the master document, placeholders included, keys in the masters' usual order */
  doc: Record<string, unknown>;
  /** what the specialist still has to fill or check, for the file's header comment */
  notes: string[];
}

export interface ImportKind {
  description: string;
  columns: readonly string[];
  build(rows: CsvRow[], file: string, options: ImportOptions): ImportedMaster;
}

const line = (i: number) => i + 2; // header is line 1

function envelope(kind: string, id: string | null, version: string, from: string, to: string | null, basis: string) {
  return {
    kind,
    ...(id ? { id } : {}),
    version,
    effective_from: from,
    effective_to: to,
    effective_date_basis: basis,
    provider: toFill('publisher of the table'),
    source_artifact_id: toFill('the artifact_id of the source below'),
    sources: placeholderSources(),
  };
}

/** The year a withholding table applies to: --select, else the 4 digits in the file name (monthly_2026.csv). */
function tableYear(file: string, options: ImportOptions): string {
  const year = options.select ?? /(\d{4})(?!.*\d{4})/.exec(file.split('/').pop() ?? '')?.[1];
  if (!year || !/^\d{4}$/.test(year)) throw new ImportError(`${file}: cannot tell the table's year from the file name; give --select YYYY`);
  return year;
}

/** Picks one version out of a CSV that holds several (kyokai: premium month, EI: fiscal year); default the newest. */
function selectVersion(rows: CsvRow[], column: string, file: string, options: ImportOptions): CsvRow[] {
  const values = [...new Set(rows.map((r) => r[column]))].sort();
  const wanted = options.select ?? values.at(-1)!;
  const picked = rows.filter((r) => r[column] === wanted);
  if (!picked.length) throw new ImportError(`${file}: no rows with ${column} = ${wanted} (the file has ${values.join(', ')})`);
  return picked;
}

const MONTHLY_COLUMNS = ['lower_incl', 'upper_excl', 'kou_0', 'kou_1', 'kou_2', 'kou_3', 'kou_4', 'kou_5', 'kou_6', 'kou_7', 'otsu'] as const;

const withholdingMonthly: ImportKind = {
  description: 'NTA 月額表 row table (monthly_YYYY.csv): 105,000 <= A < 740,000, kou 0-7 dependents and otsu',
  columns: MONTHLY_COLUMNS,
  build(rows, file, options) {
    const year = tableYear(file, options);
    return {
      path: `income_tax/monthly/${year}-01.yaml`,
      doc: {
        ...envelope('income_tax_monthly_table', 'nta-withholding-monthly', `${year}-01`, `${year}-01-01`, `${year}-12-31`, 'payment_date'),
        kou_below_table: toFill('{upper_excl, tax} of the 「未満」 row'),
        otsu_below_table: toFill('{upper_excl, rate} of the 乙欄 「未満」 row'),
        kou_brackets: toFill('the 甲欄 brackets from 740,000 yen: [{from, upto, rate, base_by_dependents}]'),
        otsu_brackets: toFill('the 乙欄 brackets from 740,000 yen: [{from, upto, rate, base}]'),
        per_extra_dependent_deduction: toFill('yen per dependant above seven'),
        otsu_secondary_declaration_deduction: toFill('yen per declared dependant (乙欄)'),
        columns: [...MONTHLY_COLUMNS],
        rows: rows.map((r, i) => MONTHLY_COLUMNS.map((c) => yenCell(r, c, line(i), file))),
      },
      notes: ['the row table is imported; the rules outside it (below-table rows, 740,000+ brackets, deductions) are in the same NTA document'],
    };
  },
};

const withholdingBonus: ImportKind = {
  description: 'NTA 賞与に対する源泉徴収税額の算出率の表 (bonus_YYYY.csv): bands per column and dependents, rates in percent',
  columns: ['column', 'dependents', 'rate_percent', 'lower_incl_yen', 'upper_excl_yen'],
  build(rows, file, options) {
    const year = tableYear(file, options);
    const band = (r: CsvRow, i: number) => [yenCell(r, 'lower_incl_yen', line(i), file), yenOrEmpty(r, 'upper_excl_yen', line(i), file), percentToRate(r, 'rate_percent', line(i), file)];
    const kou = new Map<number, unknown[][]>();
    const otsu: unknown[][] = [];
    rows.forEach((r, i) => {
      if (r.column === 'otsu') otsu.push(band(r, i));
      else if (r.column === 'kou') {
        const n = yenCell(r, 'dependents', line(i), file);
        kou.set(n, [...(kou.get(n) ?? []), band(r, i)]);
      } else throw new ImportError(`${file} line ${line(i)} column: "${r.column}" is neither kou nor otsu`);
    });
    return {
      path: `income_tax/bonus/${year}-01.yaml`,
      doc: {
        ...envelope('income_tax_bonus_table', 'nta-withholding-bonus', `${year}-01`, `${year}-01-01`, `${year}-12-31`, 'payment_date'),
        status: 'imported',
        missing_reason: null,
        kou: [...kou.entries()].sort(([a], [b]) => a - b).map(([dependents, bands]) => ({ dependents, bands })),
        otsu,
      },
      notes: ['rates converted from percent to fractions exactly (2.042 -> "0.02042")'],
    };
  },
};

const kyokaiRates: ImportKind = {
  description: 'kyokai kenpo rates of the 47 prefectures (kyokai_kenpo_health_rates.csv), one premium month; --select YYYY-MM',
  columns: ['effective_from_premium_month', 'jis_code', 'prefecture_en', 'prefecture_ja', 'health_employee_pct', 'care_rate_pct'],
  build(rows, file, options) {
    const picked = selectVersion(rows, 'effective_from_premium_month', file, options);
    const month = picked[0].effective_from_premium_month;
    return {
      path: `social_insurance/kyokai_rates/${month}.yaml`,
      doc: {
        ...envelope('social_insurance_rate_table', null, month, `${month}-01`, null, 'premium_month'),
        records: picked.map((r, i) => ({
          id: `kyokai-${r.jis_code}`,
          prefecture_code: r.jis_code,
          prefecture_name: r.prefecture_en,
          prefecture_name_ja: r.prefecture_ja,
          health_insurance_employee_rate: percentToRate(r, 'health_employee_pct', line(i), file),
          // the published care rate is the total; the employee bears half (労使折半)
          care_insurance_employee_rate: percentToRate(r, 'care_rate_pct', line(i), file, 2),
          childcare_support_contribution_employee_rate: toFill('employee childcare support rate, or null before 2026-04'),
          health_insurance_standard_bonus_annual_cap: toFill('annual standard bonus cap, yen'),
        })),
      },
      notes: [`premium month ${month}; employee rates = half of the published totals; effective_to of the previous version must be closed by hand`],
    };
  },
};

/** The research data names the second business type differently from the API (see masters/employment_insurance). */
const BUSINESS_TYPE: Record<string, string> = { agriculture_forestry_fishery_sake: 'agriculture_forestry_fisheries_sake' };

const employmentInsurance: ImportKind = {
  description: 'employment insurance worker rates per business type (employment_insurance_rates.csv), one fiscal year; --select YYYY',
  columns: ['fiscal_year', 'effective_from', 'effective_to', 'business_type', 'business_type_ja', 'worker_rate'],
  build(rows, file, options) {
    const picked = selectVersion(rows, 'fiscal_year', file, options);
    const from = picked[0].effective_from;
    return {
      path: `employment_insurance/${from.slice(0, 7)}.yaml`,
      doc: {
        // the newest version stays open-ended until the next fiscal year is imported (decisions.md section 5)
        ...envelope('employment_insurance_rate_table', null, from.slice(0, 7), from, null, 'payment_date'),
        records: picked.map((r, i) => {
          const type = BUSINESS_TYPE[r.business_type] ?? r.business_type;
          return { id: `ei-${type}`, business_type: type, business_type_ja: r.business_type_ja, employee_rate: fractionRate(r, 'worker_rate', line(i), file) };
        }),
      },
      notes: [`fiscal year ${picked[0].fiscal_year} (published ${from} to ${picked[0].effective_to}); written open-ended as the newest version: close the previous version's effective_to the day before`],
    };
  },
};

/** The grade table carries no date: the first premium month it applies to is given with --select. */
function gradeMonth(file: string, options: ImportOptions): string {
  const month = options.select;
  if (!month || !/^\d{4}-\d{2}$/.test(month)) throw new ImportError(`${file}: the grade table carries no date; give --select YYYY-MM (its first premium month)`);
  return month;
}

/** Grade rows of one scheme (health or pension) of the combined grade CSV; rows without a grade in it are skipped. */
function gradeRows(rows: CsvRow[], file: string, scheme: 'health' | 'pension') {
  return rows.flatMap((r, i) =>
    r[`${scheme}_grade`] === ''
      ? []
      : [{
          grade: yenCell(r, `${scheme}_grade`, line(i), file),
          standard_monthly_remuneration: yenCell(r, 'standard_monthly_remuneration', line(i), file),
          from: yenCell(r, `${scheme}_remuneration_from`, line(i), file),
          to: yenOrEmpty(r, `${scheme}_remuneration_to`, line(i), file),
          bounds_status: 'confirmed',
        }],
  );
}

const GRADE_NOTE = 'bounds_status is "confirmed" for every imported row: mark any inferred bound by hand';

const healthGrades: ImportKind = {
  description: 'health insurance standard monthly remuneration grades (standard_monthly_remuneration_grades.csv); --select YYYY-MM = first premium month',
  columns: ['health_grade', 'standard_monthly_remuneration', 'health_remuneration_from', 'health_remuneration_to'],
  build(rows, file, options) {
    const month = gradeMonth(file, options);
    return {
      path: `social_insurance/health_grades/${month}.yaml`,
      doc: { ...envelope('health_insurance_grade_table', 'health-insurance-grades', month, `${month}-01`, null, 'premium_month'), grades: gradeRows(rows, file, 'health') },
      notes: [GRADE_NOTE],
    };
  },
};

const pensionGrades: ImportKind = {
  description: "employees' pension grades (standard_monthly_remuneration_grades.csv) in an employees' pension master; --select YYYY-MM = first premium month",
  columns: ['pension_grade', 'standard_monthly_remuneration', 'pension_remuneration_from', 'pension_remuneration_to'],
  build(rows, file, options) {
    const month = gradeMonth(file, options);
    return {
      path: `employees_pension/${month}.yaml`,
      doc: {
        ...envelope('employees_pension_rate_table', 'employees-pension', month, `${month}-01`, null, 'premium_month'),
        employees_pension_insurance_employee_rate: toFill('employee share of the pension rate, e.g. "0.0915"'),
        employees_pension_standard_bonus_monthly_cap: toFill('standard bonus cap per month, yen'),
        grades: gradeRows(rows, file, 'pension'),
      },
      notes: [GRADE_NOTE, 'the pension master also holds the employee rate and the bonus cap: fill them from the publication'],
    };
  },
};

export const IMPORT_KINDS: Record<string, ImportKind> = {
  'withholding-monthly': withholdingMonthly,
  'withholding-bonus': withholdingBonus,
  'kyokai-rates': kyokaiRates,
  'employment-insurance': employmentInsurance,
  'health-grades': healthGrades,
  'pension-grades': pensionGrades,
};

export { PLACEHOLDER };
