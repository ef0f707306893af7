/**
 * The candidate gross check sums in JS numbers while every partial sum is a safe integer and in BigInt
 * otherwise: its verdict and message must be those of an exact BigInt sum at and beyond 2^53 too (the
 * cross-field rules also see bodies the schema refused, with any safe integer in a yen field).
 */
import { describe, expect, it } from 'vitest';
import { checkCandidateGross } from '../../engine/validation/candidate-gross.ts';

const MAX = Number.MAX_SAFE_INTEGER;
const item = (amount: number) => ({ code: `c${amount}`, amount });

/** The verdict by BigInt alone. */
function exactTotal(r: { base_pay: number; overtime_pay?: number; absence_deduction?: number; allowances?: { amount: number }[]; previous_adjustments?: { amount: number }[] }): bigint {
  const sum = (xs: { amount: number }[] = []) => xs.reduce((s, x) => s + BigInt(x.amount), 0n);
  return BigInt(r.base_pay) + BigInt(r.overtime_pay ?? 0) + sum(r.allowances) + sum(r.previous_adjustments) - BigInt(r.absence_deduction ?? 0);
}

describe('candidate gross, exact beyond 2^53', () => {
  const cases = [
    { base_pay: MAX, allowances: [item(MAX), item(1)], absence_deduction: MAX }, // partial sums leave the safe range, total positive
    { base_pay: MAX, overtime_pay: MAX, absence_deduction: MAX, previous_adjustments: [item(-MAX), item(-1)] }, // total -1
    { base_pay: 1, previous_adjustments: [item(-MAX), item(MAX)], absence_deduction: 2 }, // total -1, safe all along
    { base_pay: 0, previous_adjustments: [item(-MAX), item(-MAX), item(MAX), item(MAX)] }, // total 0 through -2^54
    { base_pay: 5, absence_deduction: 5 }, // exactly 0
  ];
  it.each(cases)('%j', (request) => {
    const details = checkCandidateGross(request as never);
    const total = exactTotal(request);
    expect(details.length).toBe(total < 0n ? 1 : 0);
    if (total < 0n) expect(details[0].message).toContain(`is ${total} yen`);
  });
});
