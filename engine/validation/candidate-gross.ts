/**
 * Spec cross-field rule 2: the candidate gross total must not be negative. It uses only what the
 * request itself determines (decisions.md 3b), so it needs no settings: base pay (monthly base_pay;
 * hourly ceil(hourly_rate x base_work_minutes / 60); daily daily_rate x attendance_days) + overtime_pay
 * + allowances + previous_adjustments - absence_deduction - late_early_leave_deduction.
 * The sum is exact whatever the item count: in JS numbers while every partial sum is a safe integer
 * (each term is one, so then every addition is exact), else again in BigInt. Attendance-derived
 * deductions need the profile's rates and are checked later by the calculation (negative_gross_payment).
 */
import type { ValidationDetail } from '../errors.ts';
import { payTypeOf } from './pay-type-matrix.ts';
import { detail, intAt, isObj, itemsAt, objAt, type Obj } from './read.ts';

function basePay(request: Obj): bigint | undefined {
  const payType = payTypeOf(request);
  const attendance = objAt(request, 'attendance_input');
  if (payType === 'monthly') {
    const v = intAt(request, 'base_pay');
    return v === undefined ? undefined : BigInt(v);
  }
  if (payType === 'hourly') {
    const rate = intAt(request, 'hourly_rate');
    const minutes = intAt(attendance, 'base_work_minutes');
    if (rate === undefined || minutes === undefined) return undefined;
    const raw = BigInt(rate) * BigInt(minutes);
    return (raw + 59n) / 60n; // ceil for non-negative values
  }
  if (payType === 'daily') {
    const rate = intAt(request, 'daily_rate');
    const days = intAt(attendance, 'attendance_days');
    return rate === undefined || days === undefined ? undefined : BigInt(rate) * BigInt(days);
  }
  return undefined;
}

/** The item amounts (undefined when one is missing or malformed: another rule reports it). */
function amountsOf(request: Obj, key: string): number[] | undefined {
  const items = itemsAt(request, key);
  const out: number[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const amount = isObj(item) ? intAt(item, 'amount') : undefined;
    if (amount === undefined) return undefined;
    out[i] = amount;
  }
  return out;
}

/** An optional yen field's value: 0 when absent, undefined when malformed (intAt's safe integer otherwise). */
function optionalInt(v: unknown): number | undefined {
  if (v === undefined) return 0;
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
}

/** The sum of safe integers, or undefined once a partial sum leaves the safe range (it may be inexact). */
function safeSum(terms: readonly number[]): number | undefined {
  let sum = 0;
  for (let i = 0; i < terms.length; i++) {
    sum += terms[i];
    if (!Number.isSafeInteger(sum)) return undefined;
  }
  return sum;
}

function bigSum(terms: readonly number[]): bigint {
  let sum = 0n;
  for (let i = 0; i < terms.length; i++) sum += BigInt(terms[i]);
  return sum;
}

export function checkCandidateGross(request: Obj): ValidationDetail[] {
  const base = basePay(request);
  const allowances = amountsOf(request, 'allowances');
  const adjustments = amountsOf(request, 'previous_adjustments');
  // read by name (a keyed read per field was a megamorphic lookup)
  const overtime = optionalInt(request.overtime_pay);
  const absence = optionalInt(request.absence_deduction);
  const lateEarly = optionalInt(request.late_early_leave_deduction);
  if (
    base === undefined ||
    allowances === undefined ||
    adjustments === undefined ||
    overtime === undefined ||
    absence === undefined ||
    lateEarly === undefined
  ) {
    return []; // an input is missing or malformed and is reported by another rule
  }
  // base pay (a BigInt: an hourly or daily product may exceed 2^53) as a number only when safe
  const baseNumber = base >= -MAX_SAFE && base <= MAX_SAFE ? Number(base) : undefined;
  const total = baseNumber === undefined ? undefined : safeSum([baseNumber, overtime, ...allowances, ...adjustments, -absence, -lateEarly]);
  if (total !== undefined && total >= 0) return [];
  const allowancesTotal = bigSum(allowances);
  const adjustmentsTotal = bigSum(adjustments);
  const exact = base + BigInt(overtime) + allowancesTotal + adjustmentsTotal - BigInt(absence) - BigInt(lateEarly);
  if (exact >= 0n) return [];
  return [
    detail(
      [],
      'negative_candidate_gross',
      `The candidate gross total (base pay ${base} + overtime_pay ${overtime} + allowances ${allowancesTotal} + previous_adjustments ${adjustmentsTotal} - absence_deduction ${absence} - late_early_leave_deduction ${lateEarly}) is ${exact} yen; it must not be negative.`,
    ),
  ];
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
