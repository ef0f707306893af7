/**
 * The fields each standard monthly remuneration determination needs, as the request contract
 * defines them: scheduled (定時決定) takes the April-June months it was given (one to three, of one year),
 * revision (随時改定) exactly the three consecutive months from the first changed pay, the current standard
 * monthly remuneration and the direction of the fixed-wage change; acquisition (資格取得時決定) the
 * acquisition date, the pay and its period, and no months; a revision after leave (childcare_leave_end,
 * maternity_leave_end) the leave's end, the three consecutive months from the month of the day after it and
 * the current value (raising_child for a childcare leave only). A field of another determination is refused
 * rather than silently ignored. Months are unique. Which calendar months a scheduled determination may use
 * is statute: the rule checks it against its parameters (rules/standard_monthly_remuneration/).
 */
import type { ValidationDetail } from '../../errors.ts';
import { yearMonthOf } from '../../logic/operators/calendar-months.ts';
import { addDays, isIsoDate } from '../../util/dates.ts';
import { detail, has, isObj, itemsAt, type Obj } from './read.ts';

const LEAVE_END = ['months', 'current_standard_monthly_remuneration', 'leave_end_date', 'next_leave_starts_next_day'] as const;

/** The request fields of each determination (the others must be absent). */
const FIELDS = {
  scheduled: { required: ['months'], allowed: ['months', 'current_standard_monthly_remuneration'] },
  revision: {
    required: ['months', 'current_standard_monthly_remuneration', 'fixed_wage_change'],
    allowed: ['months', 'current_standard_monthly_remuneration', 'fixed_wage_change'],
  },
  acquisition: {
    required: ['acquisition_date', 'remuneration', 'pay_period'],
    allowed: ['acquisition_date', 'remuneration', 'pay_period'],
  },
  childcare_leave_end: { required: [...LEAVE_END, 'raising_child'], allowed: [...LEAVE_END, 'raising_child', 'effective_month_reading'] },
  maternity_leave_end: { required: LEAVE_END, allowed: [...LEAVE_END, 'effective_month_reading'] },
} as const;

/** Every determination's fields, in the order their refusals are listed. */
const OPTIONAL = [...new Set(Object.values(FIELDS).flatMap((f) => f.allowed))];

/** The contract's month count of a revision: "the 3 months from the first changed pay". */
const REVISION_MONTHS = 3;

/** A month as a count of months (year x 12 + month - 1), or undefined for what the schema refuses. */
function monthIndex(v: unknown): number | undefined {
  const ym = yearMonthOf(v);
  return ym ? ym[0] * 12 + ym[1] - 1 : undefined;
}

function monthsOf(request: Obj): (number | undefined)[] {
  return itemsAt(request, 'months').map((m) => (isObj(m) ? monthIndex(m.month) : undefined));
}

function checkUniqueMonths(request: Obj, out: ValidationDetail[]): void {
  const first = new Map<number, number>();
  monthsOf(request).forEach((m, i) => {
    if (m === undefined) return;
    const at = first.get(m);
    if (at === undefined) first.set(m, i);
    else out.push(detail(['months', i, 'month'], 'duplicate_month', `is the same month as months[${at}]; each month is given once.`));
  });
}

function checkRevisionMonths(request: Obj, out: ValidationDetail[], afterLeave: boolean): void {
  const months = monthsOf(request);
  if (!has(request, 'months')) return;
  const end = request.leave_end_date;
  const returned = afterLeave && isIsoDate(end) ? monthIndex(addDays(end, 1)) : undefined;
  if (returned !== undefined && months[0] !== undefined && months[0] !== returned)
    out.push(detail(['months', 0, 'month'], 'months_not_after_leave_end', 'must be the month of the day after leave_end_date.'));
  if (months.length !== REVISION_MONTHS) {
    out.push(
      detail(
        ['months'],
        'wrong_month_count',
        `a revision takes exactly ${REVISION_MONTHS} months (${afterLeave ? 'the month of the day after leave_end_date' : 'the first pay reflecting the changed fixed wage'} and the two after it), got ${months.length}.`,
      ),
    );
    return;
  }
  months.forEach((m, i) => {
    if (i > 0 && m !== undefined && months[0] !== undefined && m !== months[0] + i)
      out.push(
        detail(
          ['months', i, 'month'],
          'months_not_consecutive',
          `must be the month ${i} after months[0]: a revision takes consecutive months in order.`,
        ),
      );
  });
}

function checkScheduledMonths(request: Obj, out: ValidationDetail[]): void {
  const months = monthsOf(request);
  if (has(request, 'months') && months.length === 0)
    out.push(detail(['months'], 'wrong_month_count', 'a scheduled determination takes the April-June months paid (at least one).'));
  const year = months[0] === undefined ? undefined : Math.floor(months[0] / 12);
  months.forEach((m, i) => {
    if (i > 0 && m !== undefined && year !== undefined && Math.floor(m / 12) !== year)
      out.push(
        detail(
          ['months', i, 'month'],
          'months_not_in_one_year',
          'must be in the same year as months[0]: one scheduled determination covers one year.',
        ),
      );
  });
}

export function checkDeterminationFields(request: Obj): ValidationDetail[] {
  const kind = request.determination;
  if (typeof kind !== 'string' || !Object.hasOwn(FIELDS, kind)) return []; // the schema reports it
  const fields = FIELDS[kind as keyof typeof FIELDS];
  const out: ValidationDetail[] = [];
  for (const f of fields.required)
    if (!has(request, f)) out.push(detail([f], 'required_for_determination', `is required for a ${kind} determination.`));
  for (const f of OPTIONAL)
    if (!(fields.allowed as readonly string[]).includes(f) && has(request, f))
      out.push(detail([f], 'not_used_by_determination', `is not used by a ${kind} determination; leave it out.`));
  checkUniqueMonths(request, out);
  if (kind !== 'scheduled' && kind !== 'acquisition') checkRevisionMonths(request, out, kind !== 'revision');
  if (kind === 'scheduled') checkScheduledMonths(request, out);
  return out;
}
