/**
 * The income-tax simulation that reads the one cell the one-yen change edits (test/tools/support/data-copies.ts):
 * A = 300,000 - 48,000 = 252,000, kou, 0 dependents: 6,220 on the project's masters, 6,221 after the change.
 */
import { bodies } from './bodies.ts';

export const oneYenTaxBody = () => ({
  ...bodies.incomeTax(),
  taxable_payment: 300000,
  social_insurance_deduction_amount: 48000,
  tax_dependent_count: 0,
  payment_date: '2026-05-25',
  calculation_date: '2026-05-25',
});
