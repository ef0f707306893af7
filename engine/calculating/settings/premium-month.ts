/**
 * The premium month of one calculation: the payment month moved by the pipeline's `premium_month`
 * offset for the profile's social_insurance_collection (data in rules/pipelines/*.yaml: monthly payroll
 * withholds the previous month's premium under next-month collection; a bonus's premium is its own
 * month). Returned as the first day of that month, the date that chooses premium-month tables and rules.
 */
import { firstOfMonth } from '../../util/dates.ts';

export type PremiumMonthOffsets = { next_month: number; same_month: number };

export function premiumMonthDate(offsets: PremiumMonthOffsets, paymentDate: string, collection: 'next_month' | 'same_month'): string {
  return firstOfMonth(paymentDate, offsets[collection]);
}
