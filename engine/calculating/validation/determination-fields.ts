/**
 * The fields each standard monthly remuneration determination needs, as the request contract of issue 19
 * defines them: scheduled (定時決定) takes the April-June months it was given (one to three, of one year),
 * revision (随時改定) exactly the three consecutive months from the first changed pay, the current standard
 * monthly remuneration and the direction of the fixed-wage change; acquisition (資格取得時決定) the
 * acquisition date, the pay and its period, and no months. A field of another determination is refused
 * rather than silently ignored. Months are unique. Which calendar months a scheduled determination may use
 * is statute: the rule checks it against its parameters (rules/standard_monthly_remuneration/).
 */
import type { ValidationDetail } from '../../errors.ts';
import { yearMonthOf } from '../../logic/operators/calendar-months.ts';
import { detail, has, isObj, itemsAt, type Obj } from './read.ts';

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
} as const;

const OPTIONAL = [
  'months',
  'current_standard_monthly_remuneration',
  'fixed_wage_change',
  'acquisition_date',
  'remuneration',
  'pay_period',
] as const;

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

function checkRevisionMonths(request: Obj, out: ValidationDetail[]): void {
  const months = monthsOf(request);
  if (!has(request, 'months')) return;
  if (months.length !== REVISION_MONTHS) {
    out.push(
      detail(
        ['months'],
        'wrong_month_count',
        `a revision takes exactly ${REVISION_MONTHS} months (the first pay reflecting the changed fixed wage and the two after it), got ${months.length}.`,
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
  if (kind !== 'scheduled' && kind !== 'revision' && kind !== 'acquisition') return []; // the schema reports it
  const fields = FIELDS[kind];
  const out: ValidationDetail[] = [];
  for (const f of fields.required)
    if (!has(request, f)) out.push(detail([f], 'required_for_determination', `is required for a ${kind} determination.`));
  for (const f of OPTIONAL)
    if (!(fields.allowed as readonly string[]).includes(f) && has(request, f))
      out.push(detail([f], 'not_used_by_determination', `is not used by a ${kind} determination; leave it out.`));
  checkUniqueMonths(request, out);
  if (kind === 'revision') checkRevisionMonths(request, out);
  if (kind === 'scheduled') checkScheduledMonths(request, out);
  return out;
}
