/**
 * Request body of POST /v1/social-insurance/standard-monthly-remuneration:determine (標準報酬月額の決定:
 * 定時決定, 随時改定, 資格取得時決定, and the 育児休業等終了時改定 / 産前産後休業終了時改定 after a return from leave). The
 * field names are fixed by issues 19 and 42 (other programs depend on them).
 * Which fields a determination needs is checked across fields (engine/calculating/validation/determination-fields.ts);
 * nothing here is statute: the day thresholds, the months, the 2-grade rule and the validity periods are in
 * rules/standard_monthly_remuneration/ and masters/parameters/standard_monthly_remuneration.yaml; the month a
 * revision after leave takes effect is in the pipeline (rules/pipelines/standard_monthly_remuneration_determination.yaml).
 */
import { calculationOptionsSchema, companyIdSchema, isoDate, settingsLockSchema, yen } from './common.ts';
import { standardMonthlyRemunerationDeterminationExample } from './examples.ts';

const month = {
  type: 'string',
  pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
  errorMessage: { pattern: 'must be a month written YYYY-MM, e.g. "2026-04".' },
  description: 'The month the pay was paid in (YYYY-MM).',
  examples: ['2026-04'],
} as const;

export const standardMonthlyRemunerationDeterminationRequestSchema = {
  type: 'object',
  description:
    "Determination of an insured person's standard monthly remuneration for health insurance and employees' pension: 定時決定 (scheduled) from the pay of April to June, 随時改定 (revision) after a change of fixed wages, or 資格取得時決定 (acquisition) from the pay on the day the insurance starts.",
  additionalProperties: false,
  required: ['company_id', 'calculation_date', 'determination'],
  properties: {
    company_id: companyIdSchema,
    calculation_date: isoDate('Date of the calculation (e.g. the day the 算定基礎届 or 月額変更届 is prepared).', '2026-07-10'),
    determination: {
      type: 'string',
      enum: ['scheduled', 'revision', 'acquisition', 'childcare_leave_end', 'maternity_leave_end'],
      description:
        "scheduled: 定時決定 (算定基礎届) from the April-June pay, valid September to August; revision: 随時改定 (月額変更届) from the three months starting with the first pay of a changed fixed wage; acquisition: 資格取得時決定 from the pay on the acquisition date; childcare_leave_end: 育児休業等終了時改定 (育児休業等終了時報酬月額変更届) and maternity_leave_end: 産前産後休業終了時改定, on the employee's application, from the three months starting with the month of the day after leave_end_date (one grade of difference suffices, no fixed-wage change needed).",
      examples: ['scheduled'],
    },
    worker_category: {
      type: 'string',
      enum: ['general', 'short_time', 'part_time'],
      default: 'general',
      description:
        'general: an ordinary insured person; short_time: a 短時間労働者 insured at a 特定適用事業所 (under 3/4 of full-time hours; the 11-day threshold); part_time: a 短時間就労者 (パート) insured as an ordinary person (the 15-day fallback of the scheduled determination).',
      examples: ['general'],
    },
    months: {
      type: 'array',
      maxItems: 3,
      description:
        'scheduled: the months of April to June whose pay covers a whole pay period (a month not employed for the whole period is left out by the caller); revision: the three consecutive months from the first pay reflecting the changed fixed wage; childcare_leave_end, maternity_leave_end: the three consecutive months from the month of the day after leave_end_date. Not used for acquisition.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['month', 'remuneration', 'payment_base_days'],
        properties: {
          month,
          remuneration: yen('報酬: the pay of the month, fixed and variable (overtime, allowances, commuting), without bonuses.', 300000),
          payment_base_days: {
            type: 'integer',
            minimum: 0,
            maximum: 31,
            description:
              '支払基礎日数: the days the pay of the month pays for (calendar days for a monthly wage, days worked for a daily or hourly wage).',
            examples: [20],
          },
        },
      },
      examples: [[{ month: '2026-04', remuneration: 300000, payment_base_days: 20 }]],
    },
    current_standard_monthly_remuneration: yen(
      'The standard monthly remuneration in force before this determination, the health insurance amount (the pension one is its clamp to the pension grades). revision, childcare_leave_end, maternity_leave_end: required (the grades the change is measured from); scheduled: optional, the value kept when no month qualifies.',
      300000,
    ),
    fixed_wage_change: {
      type: 'string',
      enum: ['increase', 'decrease'],
      description: 'revision: the direction of the fixed-wage change (昇給 increase, 降給 decrease); the new grade must move the same way.',
      examples: ['increase'],
    },
    acquisition_date: isoDate('acquisition: the day the insurance starts (資格取得日).', '2026-04-01'),
    remuneration: yen('acquisition: the pay fixed for one pay period on the acquisition date, fixed allowances included.', 280000),
    pay_period: {
      type: 'string',
      enum: ['month', 'week'],
      description: 'acquisition: the period the remuneration is fixed for (month: used as is; week: converted to a month).',
      examples: ['month'],
    },
    leave_end_date: isoDate(
      'childcare_leave_end, maternity_leave_end: the last day of the 育児休業等 or 産前産後休業 (the day before the return); required there, not used otherwise.',
      '2026-03-31',
    ),
    raising_child: {
      type: 'boolean',
      description:
        'childcare_leave_end (required there, not used otherwise): whether on leave_end_date the employee raises the child under 3 of the leave. false: the revision is not available.',
      examples: [true],
    },
    next_leave_starts_next_day: {
      type: 'boolean',
      description:
        'childcare_leave_end, maternity_leave_end (required there, not used otherwise): whether another 産前産後休業 or 育児休業等 starts on the day after leave_end_date (e.g. 産休 followed directly by 育休). true: the revision is not available.',
      examples: [false],
    },
    effective_month_reading: {
      type: 'string',
      enum: ['fourth_month', 'two_months_elapsed'],
      description:
        'childcare_leave_end, maternity_leave_end (optional, not used otherwise): when the revision takes effect. fourth_month (also when absent; 日本年金機構): the 4th month counting the month of the day after leave_end_date as the 1st. two_months_elapsed: the statute read literally with 民法第143条, the month after the month of the day on which two months from the day after leave_end_date have elapsed; it differs only when that day has no corresponding day two months later (the day after on 12/29-12/31 or 7/31): then one month later. See docs/decisions.md, "The revision after a return from leave".',
      examples: ['fourth_month'],
    },
    settings_lock: settingsLockSchema,
    calculation_options: calculationOptionsSchema(true),
  },
  examples: [standardMonthlyRemunerationDeterminationExample],
} as const;
