/** Response of GET /v1/usage: the key's account, its plan and where it stands in the quota month. */
const usageExample = {
  account_id: 'acct_3f1c9a52-5d1e-4c1b-9a7e-2f6d8b0c4e11',
  plan: 'free',
  month: '2026-05',
  used: 3,
  limit: 10,
  remaining: 7,
  resets_at: '2026-06-01T00:00:00+09:00',
} as const;

const countOrNull = (description: string, example: number) =>
  ({ type: ['integer', 'null'], minimum: 0, description, examples: [example] }) as const;

export const usageSchema = {
  type: 'object',
  description:
    "Quota standing of the key's account in the current quota month (the calendar month in Asia/Tokyo). Only plans with a quota keep a count: for the standard plan used, limit and remaining are null.",
  additionalProperties: false,
  required: ['account_id', 'plan', 'month', 'used', 'limit', 'remaining', 'resets_at'],
  properties: {
    account_id: { type: 'string', minLength: 1, description: 'The account the API key belongs to.', examples: [usageExample.account_id] },
    plan: { type: 'string', enum: ['free', 'standard'], description: "The account's plan.", examples: ['free'] },
    month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', description: 'The quota month, YYYY-MM in Asia/Tokyo.', examples: ['2026-05'] },
    used: countOrNull(
      'Successful /v1/payroll/*, /v1/social-insurance/* and /v1/resident-tax/* calculations counted this month; null when the plan has no quota.',
      3,
    ),
    limit: countOrNull("The plan's monthly quota (PAYROLL_FREE_PLAN_MONTHLY_QUOTA for free); null = unlimited.", 10),
    remaining: countOrNull('limit - used (never below 0); null = unlimited.', 7),
    resets_at: {
      type: 'string',
      format: 'date-time',
      description: 'When the count starts again: the 1st of the next month, 00:00 Asia/Tokyo.',
      examples: [usageExample.resets_at],
    },
  },
  examples: [usageExample],
} as const;
