/**
 * The leaves of a leave premium exemption (and of an employee_snapshot of monthly payroll or bonus): each ends
 * on or after its start, they come in start order and do not overlap; the work hours of a 出生時育児休業 go
 * with its leave type and with each other. The premium month range of the exemption runs forward and covers
 * at most MAX_PREMIUM_MONTHS (an API bound: the answer holds one item per month), and the changes of the
 * standard monthly remuneration come in month order.
 */
import type { ValidationDetail } from '../../errors.ts';
import { yearMonthOf } from '../../logic/operators/calendar-months.ts';
import { isIsoDate } from '../../util/dates.ts';
import { detail, isObj, itemsAt, objAt, type Obj, type Path } from './read.ts';

const MAX_PREMIUM_MONTHS = 24;
/** The rules read the day after a leave and the day a month after its start: both must still be dates. */
const LAST_LEAVE_DAY = '9999-11-30';

function monthIndex(v: unknown): number | undefined {
  const ym = yearMonthOf(v);
  return ym && typeof v === 'string' && v.length === 7 ? ym[0] * 12 + ym[1] - 1 : undefined;
}

export function checkLeaves(holder: Obj | undefined, prefix: Path): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  let previous: { start: string; end: string } | undefined;
  itemsAt(holder, 'leaves').forEach((leave, i) => {
    if (!isObj(leave)) return;
    const at: Path = [...prefix, 'leaves', i];
    const { start_date: start, end_date: end } = leave;
    const hours = leave.planned_work_hours !== undefined || leave.scheduled_daily_working_hours !== undefined;
    if (hours && leave.leave_type !== 'postnatal_paternity_leave')
      out.push(
        detail(
          [...at, 'planned_work_hours'],
          'not_used_by_leave_type',
          'planned_work_hours and scheduled_daily_working_hours are for a postnatal_paternity_leave only.',
        ),
      );
    else if (hours && (leave.planned_work_hours === undefined || leave.scheduled_daily_working_hours === undefined))
      out.push(
        detail(
          [...at, 'scheduled_daily_working_hours'],
          'required_with',
          'planned_work_hours and scheduled_daily_working_hours go together.',
        ),
      );
    else if (hours && Number(leave.scheduled_daily_working_hours) <= 0)
      out.push(detail([...at, 'scheduled_daily_working_hours'], 'out_of_range', 'must be above 0.'));
    if (!isIsoDate(start) || !isIsoDate(end)) return;
    if (end < start) {
      out.push(detail([...at, 'end_date'], 'date_order', `leaves[${i}].end_date (${end}) must be on or after its start_date (${start}).`));
      return;
    }
    if (end > LAST_LEAVE_DAY) {
      out.push(detail([...at, 'end_date'], 'out_of_range', `leaves[${i}].end_date (${end}) must be on or before ${LAST_LEAVE_DAY}.`));
      return;
    }
    if (previous && start < previous.start)
      out.push(
        detail(
          [...at, 'start_date'],
          'date_order',
          `leaves[${i}] starts (${start}) before leaves[${i - 1}] (${previous.start}): give the leaves in start order.`,
        ),
      );
    else if (previous && start <= previous.end)
      out.push(
        detail(
          [...at, 'start_date'],
          'overlapping_leaves',
          `leaves[${i}] starts (${start}) before leaves[${i - 1}] ends (${previous.end}): leaves do not overlap.`,
        ),
      );
    previous = { start, end };
  });
  return out;
}

export function checkPremiumMonths(request: Obj): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  const range = objAt(request, 'premium_months');
  const from = monthIndex(range?.from);
  const to = monthIndex(range?.to);
  if (from !== undefined && to !== undefined) {
    if (to < from)
      out.push(
        detail(
          ['premium_months', 'to'],
          'date_order',
          `premium_months.to (${range!.to}) must not be before premium_months.from (${range!.from}).`,
        ),
      );
    else if (to - from + 1 > MAX_PREMIUM_MONTHS)
      out.push(
        detail(['premium_months', 'to'], 'out_of_range', `premium_months covers ${to - from + 1} months; at most ${MAX_PREMIUM_MONTHS}.`),
      );
  }
  let last: number | undefined;
  itemsAt(request, 'standard_monthly_remuneration_changes').forEach((c, i) => {
    const m = isObj(c) ? monthIndex(c.from_premium_month) : undefined;
    if (m === undefined) return;
    if (last !== undefined && m <= last)
      out.push(
        detail(
          ['standard_monthly_remuneration_changes', i, 'from_premium_month'],
          'date_order',
          'changes come in month order, one per month.',
        ),
      );
    last = m;
  });
  return out;
}
