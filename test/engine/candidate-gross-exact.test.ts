/**
 * The candidate gross check sums in JS numbers while every partial sum is a safe integer and in BigInt
 * otherwise: its verdict and message must be those of an exact BigInt sum at and beyond 2^53 too (the
 * cross-field rules also see bodies the schema refused, with any safe integer in a yen field).
 */
import { describe, expect, it } from 'vitest';
import { checkCandidateGross } from '../../engine/calculating/validation/candidate-gross.ts';

const MAX = Number.MAX_SAFE_INTEGER;
const item = (amount: number) => ({ code: `c${amount}`, amount });

/** The verdict by BigInt alone. */
function exactTotal(r: {
  base_pay: number;
  overtime_pay?: number;
  absence_deduction?: number;
  allowances?: { amount: number }[];
  previous_adjustments?: { amount: number }[];
}): bigint {
  const sum = (xs: { amount: number }[] = []) => xs.reduce((s, x) => s + BigInt(x.amount), 0n);
  return (
    BigInt(r.base_pay) + BigInt(r.overtime_pay ?? 0) + sum(r.allowances) + sum(r.previous_adjustments) - BigInt(r.absence_deduction ?? 0)
  );
}

describe('candidate gross, exact beyond 2^53', () => {
  const cases = [
    {
      name: 'partial sums leave the safe range, the total is positive',
      request: { base_pay: MAX, allowances: [item(MAX), item(1)], absence_deduction: MAX },
    },
    {
      name: 'partial sums beyond 2^53, the total is -1',
      request: { base_pay: MAX, overtime_pay: MAX, absence_deduction: MAX, previous_adjustments: [item(-MAX), item(-1)] },
    },
    {
      name: 'safe integers all along, the total is -1',
      request: { base_pay: 1, previous_adjustments: [item(-MAX), item(MAX)], absence_deduction: 2 },
    },
    {
      name: 'the total is 0 through a partial sum of -2^54',
      request: { base_pay: 0, previous_adjustments: [item(-MAX), item(-MAX), item(MAX), item(MAX)] },
    },
    { name: 'the total is exactly 0', request: { base_pay: 5, absence_deduction: 5 } },
  ];
  it.each(cases)('$name', ({ request }) => {
    const details = checkCandidateGross(request as never);
    const total = exactTotal(request);
    expect(details.length).toBe(total < 0n ? 1 : 0);
    if (total < 0n) expect(details[0].message).toContain(`is ${total} yen`);
  });
});
