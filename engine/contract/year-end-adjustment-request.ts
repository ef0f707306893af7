/**
 * Request body of POST /v1/payroll/year-end-adjustment:calculate (年末調整). The field names are fixed by
 * issue 19 (other programs depend on them). Every amount is a yen integer the employee declared or the
 * payer withheld; nothing here is statute: the income limits, ages and amounts that decide each deduction
 * are in rules/year_end_adjustment/ and masters/parameters/year_end_adjustment.yaml.
 */
import { calculationOptionsSchema, companyIdSchema, flag, isoDate, settingsLockSchema, text, yen } from './common.ts';
import { yearEndAdjustmentExample } from './examples.ts';

const disability = (who: string, cohabiting: boolean) =>
  ({
    type: 'string',
    enum: cohabiting ? ['none', 'general', 'special', 'special_cohabiting'] : ['none', 'general', 'special'],
    default: 'none',
    description: `${who}: none, general (障害者), special (特別障害者)${cohabiting ? ' or special_cohabiting (同居特別障害者)' : ''}.`,
    examples: ['none'],
  }) as const;

const amount = (description: string, example = 0) => ({ ...yen(description, example), default: 0 }) as const;

const relative = {
  birth_date: isoDate(
    'Birth date; the age is taken at 31 December of the tax year (the day before a birthday counts, 年齢計算ニ関スル法律).',
    '2005-05-05',
  ),
  estimated_total_income: amount(
    '合計所得金額の見積額 of the year (for salary only: the salary income after the employment income deduction).',
    0,
  ),
  disability: disability('Disability', true),
} as const;

/** One previous employer of the year (前職), from the 源泉徴収票 it issued; also echoed in amounts.withholding_slip. */
export const previousEmployerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['salary_payment_total', 'income_tax_withheld_total', 'social_insurance_withheld_total'],
  properties: {
    salary_payment_total: yen("The previous employer's 支払金額 of the year.", 1200000),
    income_tax_withheld_total: yen('Its 源泉徴収税額.', 30000),
    social_insurance_withheld_total: yen('Its 社会保険料等の金額.', 180000),
  },
} as const;

export const yearEndAdjustmentRequestSchema = {
  type: 'object',
  description:
    "Year-end adjustment (年末調整) of one employee's withholding income tax for a tax year: the year's salary, tax and premiums withheld, and the declarations (insurance premiums, spouse, dependants, housing loan credit).",
  additionalProperties: false,
  required: [
    'company_id',
    'calculation_date',
    'tax_year',
    'employee',
    'salary_payment_total',
    'income_tax_withheld_total',
    'social_insurance_withheld_total',
  ],
  properties: {
    company_id: companyIdSchema,
    calculation_date: isoDate(
      "Date of the calculation (the adjustment month's pay, usually December, or a redo up to the end of January).",
      '2026-12-10',
    ),
    tax_year: {
      type: 'integer',
      minimum: 2025,
      maximum: 2099,
      errorMessage: {
        minimum:
          'must be 2025 or later: tax year 2024 needs the 定額減税 (special tax credit), whose year-end mechanics the service cannot confirm from its sources, and earlier years are not served.',
      },
      description:
        "The tax year (暦年) adjusted, 2025 or later; it chooses the law: every rule, table and parameter version in force on its 31 December. 2024 is refused (its 定額減税 is not confirmed by the service's sources).",
      examples: [2026],
    },
    employee: {
      type: 'object',
      additionalProperties: false,
      required: ['employee_ref'],
      description: 'The employee and the personal deductions they claim.',
      properties: {
        employee_ref: text('Caller-managed correlation id; avoid direct identifiers.', 'e-001', 128),
        birth_date: isoDate('Birth date (optional; no deduction of the employee depends on it).', '1985-06-01'),
        disability: disability("The employee's disability", false),
        widow: { ...flag('寡婦 (widow) claimed; not applied together with single_parent.', false), default: false },
        single_parent: { ...flag('ひとり親 (single parent) claimed.', false), default: false },
        working_student: { ...flag('勤労学生 (working student) claimed.', false), default: false },
        tax_table_type: {
          type: 'string',
          enum: ['kou', 'otsu'],
          default: 'kou',
          description:
            "The withholding column of this employee's pay: kou (甲欄: the 扶養控除等申告書 was submitted to this payer) or otsu (乙欄). Only kou pay is adjusted; otsu is 422 year_end_adjustment_not_applicable.",
          examples: ['kou'],
        },
        resident: {
          ...flag('居住者 (resident) for the tax; a non-resident (false) is not adjusted: 422 year_end_adjustment_not_applicable.', true),
          default: true,
        },
        leaving: {
          type: 'object',
          additionalProperties: false,
          required: ['date', 'reason'],
          description:
            "The employee left during the tax year (中途退職). Adjusted only for the reasons the statute lists: death, departure_abroad (becoming a non-resident), severe_disability (a severe disability, no re-employment expected this year), december_after_last_pay (left in December after that month's pay), part_time_under_limit (the year's pay within the part-timer limit of the year, no other pay expected); other is 422 year_end_adjustment_not_applicable. For death and departure_abroad the ages and the spouse's and dependants' status are taken on the leaving date, not on 31 December.",
          properties: {
            date: isoDate('The day the employee left (the date of death, or of departure abroad); within the tax year.', '2026-06-30'),
            reason: {
              type: 'string',
              enum: ['death', 'departure_abroad', 'severe_disability', 'december_after_last_pay', 'part_time_under_limit', 'other'],
              description: 'Why the employee left; decides whether the year-end adjustment applies and on which date the status is taken.',
              examples: ['death'],
            },
          },
        },
        estimated_other_income: amount(
          "合計所得金額 of the employee's income other than this employment's salary, as estimated on the 基礎控除申告書 (rent, a side job, a pension...). Added to the salary income wherever the statute tests the employee's 合計所得金額 (the basic deduction tier, the spouse column, the 寡婦, ひとり親 and 勤労学生 income limits); it is not taxed here.",
        ),
      },
    },
    salary_payment_total: yen(
      '給与の総額: salaries and bonuses of the year from this payer, and from previous employers not listed in previous_employers. Over the statutory maximum the year-end adjustment does not apply (422).',
      8970000,
    ),
    income_tax_withheld_total: yen(
      '徴収税額の合計: income tax withheld during the year by this payer (and by previous employers not listed in previous_employers).',
      156670,
    ),
    social_insurance_withheld_total: yen('Social insurance premiums withheld from that pay.', 1386102),
    previous_employers: {
      type: 'array',
      default: [],
      maxItems: 10,
      description:
        'Previous employers of the year (前職) whose 源泉徴収票 the employee handed in: their pay, tax and premiums are added to the totals above (boxes 7, 8 and 12) and listed in amounts.withholding_slip.previous_employers.',
      items: previousEmployerSchema,
    },
    settlement_basis: {
      type: 'object',
      additionalProperties: false,
      required: ['adjustment_month_take_home_before_collection', 'average_monthly_take_home'],
      description:
        "The take-home figures that decide whether a shortfall's collection may be deferred (amounts.settlement.collection_deferral_available): the adjustment month's take-home before the shortfall is collected, and the average monthly take-home of the months from January to the month before.",
      properties: {
        adjustment_month_take_home_before_collection: yen("The adjustment month's take-home pay before collecting the shortfall.", 250000),
        average_monthly_take_home: yen('The average monthly take-home pay from January to the month before the adjustment month.', 300000),
      },
    },
    declarations: {
      type: 'object',
      additionalProperties: false,
      default: {},
      description:
        "The employee's declarations (保険料控除申告書, 配偶者控除等申告書, 扶養控除等申告書, 特定親族特別控除申告書, 住宅借入金等特別控除申告書).",
      properties: {
        social_insurance_paid: amount('Social insurance premiums paid directly by the employee (国民年金, 国民健康保険, ...).'),
        small_business_mutual_aid: amount('小規模企業共済等掛金 (iDeCo and the like) paid by the employee.'),
        life_insurance: {
          type: 'object',
          additionalProperties: false,
          default: {},
          description: 'Life insurance premiums paid in the year, by category (new contracts from 2012, old up to 2011).',
          properties: {
            new_general: amount('新生命保険料 (general, new contracts).', 80000),
            old_general: amount('旧生命保険料 (general, old contracts).', 35000),
            new_care_medical: amount('介護医療保険料.', 80000),
            new_pension: amount('新個人年金保険料.', 30000),
            old_pension: amount('旧個人年金保険料.', 90000),
          },
        },
        earthquake_insurance: {
          type: 'object',
          additionalProperties: false,
          default: {},
          description: 'Earthquake insurance premiums and old long-term non-life premiums paid in the year.',
          properties: {
            earthquake: amount('地震保険料.', 42000),
            old_long_term: amount('旧長期損害保険料.', 14800),
          },
        },
        housing_loan_credit: amount(
          "住宅借入金等特別控除額 as declared on the employee's 住宅借入金等特別控除申告書 (the payer does not compute it); applied up to the computed tax.",
          76500,
        ),
        spouse: {
          type: 'object',
          additionalProperties: false,
          required: ['birth_date', 'estimated_total_income'],
          description: 'The spouse living on the same livelihood (同一生計), when there is one.',
          properties: relative,
        },
        dependents: {
          type: 'array',
          default: [],
          maxItems: 50,
          description:
            'Relatives on the same livelihood other than the spouse (children, parents, ...), each with their estimated income; the service classifies each (年少, 一般, 特定, 老人, 同居老親等, 特定親族, or none).',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['birth_date', 'estimated_total_income'],
            properties: {
              ...relative,
              cohabiting_lineal_ascendant: {
                ...flag(
                  'A lineal ascendant (parent, grandparent) of the employee or spouse living with them (同居老親等 when 70 or over).',
                  false,
                ),
                default: false,
              },
            },
          },
        },
      },
    },
    settings_lock: settingsLockSchema,
    calculation_options: calculationOptionsSchema(true),
  },
  examples: [yearEndAdjustmentExample],
} as const;
