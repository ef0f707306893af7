/**
 * Spec cross-field rule 2: the candidate gross total must not be negative. It uses only what the
 * request itself determines (decisions.md 3b), so it needs no settings: base pay (monthly base_pay;
 * hourly ceil(hourly_rate x base_work_minutes / 60); daily daily_rate x attendance_days) + overtime_pay
 * + allowances + previous_adjustments - absence_deduction - late_early_leave_deduction.
 * The sum is exact whatever the item count: in JS numbers while every partial sum is a safe integer
 * (each term is one, so then every addition is exact), else again in BigInt. Attendance-derived
 * deductions need the profile's rates and are checked later by the calculation (negative_gross_payment).
 * A negative term where the schema asks for 0 or more (a negative base_pay, rate, count or deduction) is
 * the schema's error: the rule then says nothing, so one mistake gets one detail, at its own path. Above
 * the schema's maximum a term is still summed exactly (the verdict holds for any safe integer).
 */
import type { ValidationDetail } from '../../errors.ts';
import { payTypeOf } from './pay-type-matrix.ts';
import { detail, intAt, isObj, itemsAt, objAt, type Obj } from './read.ts';

/** A safe integer of at least `min`, else undefined (the schema reports a value below its minimum). */
function atLeast(v: number | undefined, min: number): number | undefined {
  return v !== undefined && v >= min ? v : undefined;
}

/** A non-negative field (yen, minutes, days), else undefined. */
const unsignedAt = (o: Obj | undefined, key: string) => atLeast(intAt(o, key), 0);

function basePay(request: Obj): bigint | undefined {
  const payType = payTypeOf(request);
  const attendance = objAt(request, 'attendance_input');
  if (payType === 'monthly') {
    const v = unsignedAt(request, 'base_pay');
    return v === undefined ? undefined : BigInt(v);
  }
  if (payType === 'hourly') {
    const rate = unsignedAt(request, 'hourly_rate');
    const minutes = unsignedAt(attendance, 'base_work_minutes');
    if (rate === undefined || minutes === undefined) return undefined;
    const raw = BigInt(rate) * BigInt(minutes);
    return (raw + 59n) / 60n; // ceil for non-negative values
  }
  if (payType === 'daily') {
    const rate = unsignedAt(request, 'daily_rate');
    const days = unsignedAt(attendance, 'attendance_days');
    return rate === undefined || days === undefined ? undefined : BigInt(rate) * BigInt(days);
  }
  return undefined;
}

/** The item amounts (undefined when one is missing, malformed or below `min`: the schema reports it). */
function amountsOf(request: Obj, key: string, min: number): number[] | undefined {
  const items = itemsAt(request, key);
  const out: number[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const amount = isObj(item) ? atLeast(intAt(item, 'amount'), min) : undefined;
    if (amount === undefined) return undefined;
    out[i] = amount;
  }
  return out;
}

/** An optional yen field's value: 0 when absent, undefined when malformed or negative. */
function optionalYen(v: unknown): number | undefined {
  if (v === undefined) return 0;
  return typeof v === 'number' && Number.isSafeInteger(v) ? atLeast(v, 0) : undefined;
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
  const allowances = amountsOf(request, 'allowances', 0);
  const adjustments = amountsOf(request, 'previous_adjustments', Number.MIN_SAFE_INTEGER); // signed: a correction takes money back
  // read by name, not by a keyed read per field
  const overtime = optionalYen(request.overtime_pay);
  const absence = optionalYen(request.absence_deduction);
  const lateEarly = optionalYen(request.late_early_leave_deduction);
  if (
    base === undefined ||
    allowances === undefined ||
    adjustments === undefined ||
    overtime === undefined ||
    absence === undefined ||
    lateEarly === undefined
  ) {
    return []; // an input is missing, malformed or negative, and the schema reports it
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
