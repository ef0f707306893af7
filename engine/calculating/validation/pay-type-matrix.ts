/**
 * The pay type input matrix of monthly payroll (spec "Pay type input matrix"): which fields each pay
 * type forbids, requires, or allows only as 0. Forbidden fields are never silently ignored.
 */
import type { ValidationDetail } from '../../errors.ts';
import { detail, has, isObj, itemsAt, objAt, type Obj, type Path } from './read.ts';

export type PayType = 'monthly' | 'hourly' | 'daily';

interface FieldRule {
  path: Path;
  rule: Record<PayType, 'required' | 'forbidden' | 'optional' | 'zero_only'>;
}

/** Fields directly on the request or inside employee_snapshot / attendance_input. */
const MATRIX: FieldRule[] = [
  { path: ['base_pay'], rule: { monthly: 'required', hourly: 'forbidden', daily: 'forbidden' } },
  { path: ['hourly_rate'], rule: { monthly: 'forbidden', hourly: 'required', daily: 'forbidden' } },
  { path: ['daily_rate'], rule: { monthly: 'forbidden', hourly: 'forbidden', daily: 'required' } },
  { path: ['employee_snapshot', 'daily_standard_working_hours'], rule: { monthly: 'forbidden', hourly: 'forbidden', daily: 'required' } },
  { path: ['attendance_input'], rule: { monthly: 'optional', hourly: 'required', daily: 'required' } },
  { path: ['attendance_input', 'base_work_minutes'], rule: { monthly: 'forbidden', hourly: 'required', daily: 'forbidden' } },
  { path: ['attendance_input', 'attendance_days'], rule: { monthly: 'forbidden', hourly: 'forbidden', daily: 'required' } },
  { path: ['attendance_input', 'absence_minutes'], rule: { monthly: 'optional', hourly: 'zero_only', daily: 'zero_only' } },
  { path: ['attendance_input', 'late_early_leave_minutes'], rule: { monthly: 'optional', hourly: 'zero_only', daily: 'optional' } },
];

/** Each rule's parent object (top level: null; else its one key) and field, split once. */
const SPLIT_MATRIX = MATRIX.map(({ path, rule }) => ({
  path,
  rule,
  parentKey: path.length > 1 ? (path[0] as string) : null,
  field: path[path.length - 1] as string,
}));

export function payTypeOf(request: Obj): PayType | undefined {
  const p = request.pay_type ?? 'monthly';
  return p === 'monthly' || p === 'hourly' || p === 'daily' ? p : undefined;
}

/** True when some allowance puts its amount into the hourly unit price. */
function hasOvertimeBaseAllowance(request: Obj): boolean {
  return itemsAt(request, 'allowances').some((a) => isObj(a) && a.overtime_base_included === true);
}

export function checkPayTypeMatrix(request: Obj): ValidationDetail[] {
  const payType = payTypeOf(request);
  if (!payType) return []; // the schema reports the bad enum value
  const out: ValidationDetail[] = [];
  // each parent object looked up once, not once per matrix row
  const snapshot = objAt(request, 'employee_snapshot');
  const attendance = objAt(request, 'attendance_input');
  for (const { path, rule, parentKey, field } of SPLIT_MATRIX) {
    const parent =
      parentKey === null
        ? request
        : parentKey === 'employee_snapshot'
          ? snapshot
          : parentKey === 'attendance_input'
            ? attendance
            : objAt(request, parentKey);
    if (!parent) continue; // a missing or malformed parent is reported on its own
    const present = has(parent, field);
    const expectation = rule[payType];
    if (expectation === 'required' && !present) out.push(detail(path, 'required', `${field} is required for pay_type ${payType}.`));
    if (expectation === 'forbidden' && present)
      out.push(detail(path, 'forbidden_field', `${field} is not allowed for pay_type ${payType}.`));
    if (expectation === 'zero_only' && present && parent[field] !== 0)
      out.push(detail(path, 'out_of_range', `${field} must be 0 for pay_type ${payType}.`));
  }
  out.push(...checkMonthlyStandardHoursRequired(request, payType));
  return out;
}

/** monthly_standard_working_hours is the denominator of the hourly base wherever one is needed. */
function checkMonthlyStandardHoursRequired(request: Obj, payType: PayType): ValidationDetail[] {
  const snapshot = objAt(request, 'employee_snapshot');
  if (!snapshot || has(snapshot, 'monthly_standard_working_hours')) return [];
  const path = ['employee_snapshot', 'monthly_standard_working_hours'];
  if (payType === 'monthly' && has(request, 'attendance_input')) {
    return [detail(path, 'required', 'monthly_standard_working_hours is required for pay_type monthly with attendance_input.')];
  }
  if (payType !== 'monthly' && hasOvertimeBaseAllowance(request)) {
    return [
      detail(
        path,
        'required',
        `monthly_standard_working_hours is required for pay_type ${payType} when an allowance has overtime_base_included true.`,
      ),
    ];
  }
  return [];
}
