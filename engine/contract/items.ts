/** Array item schemas of monthly payroll and bonus requests. */
import { flag, itemCode, itemName, metadataSchema, signedYen, yen } from './common.ts';

const basisFlags = {
  taxable: flag('Counts toward taxable_payment.'),
  social_insurance_included: flag('Counts toward the social insurance basis.'),
  employment_insurance_included: flag('Counts toward the employment insurance basis.'),
} as const;

export const allowanceSchema = {
  type: 'object',
  description: 'An allowance paid with the monthly salary.',
  additionalProperties: false,
  required: ['code', 'name', 'amount', 'taxable', 'social_insurance_included', 'employment_insurance_included'],
  properties: {
    code: itemCode,
    name: itemName,
    amount: yen('Amount in yen.', 10000),
    ...basisFlags,
    fixed: flag('Caller record only; not used in calculation.'),
    overtime_base_included: {
      type: 'boolean',
      default: false,
      description: 'When true the amount enters the numerator of the hourly unit price.',
      examples: [false],
    },
    metadata: metadataSchema,
  },
  examples: [
    {
      code: 'position',
      name: 'Position allowance',
      amount: 20000,
      taxable: true,
      social_insurance_included: true,
      employment_insurance_included: true,
      overtime_base_included: true,
    },
  ],
} as const;

export const customDeductionSchema = {
  type: 'object',
  description: 'A deduction agreed between employer and employee, subtracted after the statutory ones.',
  additionalProperties: false,
  required: ['code', 'name', 'amount'],
  properties: { code: itemCode, name: itemName, amount: yen('Amount in yen.', 2000), metadata: metadataSchema },
  examples: [{ code: 'union', name: 'Union fee', amount: 2000 }],
} as const;

export const previousAdjustmentSchema = {
  type: 'object',
  description: 'A correction of an earlier payroll; negative amounts take money back.',
  additionalProperties: false,
  required: ['code', 'name', 'amount', 'taxable', 'social_insurance_included', 'employment_insurance_included'],
  properties: { code: itemCode, name: itemName, amount: signedYen('Signed amount in yen.'), ...basisFlags, metadata: metadataSchema },
  examples: [
    {
      code: 'apr-overpaid',
      name: 'April overpayment',
      amount: -5000,
      taxable: true,
      social_insurance_included: true,
      employment_insurance_included: true,
    },
  ],
} as const;

export const bonusItemSchema = {
  type: 'object',
  description: 'A part of the bonus with its own basis flags.',
  additionalProperties: false,
  required: ['code', 'name', 'amount', 'taxable', 'social_insurance_included', 'employment_insurance_included'],
  properties: { code: itemCode, name: itemName, amount: yen('Amount in yen.', 50000), ...basisFlags, metadata: metadataSchema },
  examples: [
    {
      code: 'performance',
      name: 'Performance bonus',
      amount: 50000,
      taxable: true,
      social_insurance_included: true,
      employment_insurance_included: true,
    },
  ],
} as const;
