/**
 * Which date selects each table (decisions.md section 3). Social insurance tables are published per
 * premium month: monthly payroll withholds, under next-month collection (the usual practice), the
 * previous month's premium, so the premium month is the payment month less one; same-month collection
 * and bonuses use the payment month itself. Employment insurance and income tax go by payment date.
 * The grade lookup uses the grade tables "resolvable at payment_date" (spec), i.e. the payment month.
 */
import type { CalculationType } from '../index.ts';
import { firstOfMonth } from '../util/dates.ts';

export function premiumMonthDate(type: CalculationType, paymentDate: string, collection: 'next_month' | 'same_month'): string {
  if (type === 'bonus' || type === 'standard_monthly_remuneration_resolution') return firstOfMonth(paymentDate);
  return firstOfMonth(paymentDate, collection === 'next_month' ? -1 : 0);
}
