/** Which figures of a golden case's description --update names as stale (tools/golden/stale-description.ts). */
import { describe, expect, it } from 'vitest';
import { staleFigures } from '../../tools/golden/stale-description.ts';

const DESCRIPTION =
  'Tokyo, 2026-04 rates: health r(320,000 x 4.925% = 15,760) = 15,760; pension 29,280; employment insurance 1,606; income tax basis 252,986 -> 6,220; total 53,234; net 268,066.';
const EXPECT = {
  amounts: {
    statutory_deductions: {
      health_insurance: 15760,
      employees_pension_insurance: 29280,
      employment_insurance: 1606,
      income_tax: 6220,
      total: 53234,
    },
    income_tax_basis_amount: 252986,
    net_payment: 268066,
  },
};
const REQUEST = { base_pay: 300000, allowances: [{ amount: 21300 }], employee_snapshot: { standard_monthly_remuneration: 320000 } };
const change = (path: (string | number)[], expected: unknown, actual: unknown) => ({ path, expected, actual });

describe('stale figures in a description after --update', () => {
  it('names each quoted figure that was a replaced value and is nowhere in the case any more, once, in the order quoted', () => {
    const rewritten = [
      change(['amounts', 'statutory_deductions', 'income_tax'], 6220, 6221),
      change(['amounts', 'statutory_deductions', 'total'], 53234, 53235),
      change(['amounts', 'net_payment'], 268066, 268065),
    ];
    expect(staleFigures(DESCRIPTION, EXPECT, REQUEST, rewritten)).toEqual([
      { quoted: '6,220', was: 'amounts.statutory_deductions.income_tax', now: 6221 },
      { quoted: '53,234', was: 'amounts.statutory_deductions.total', now: 53235 },
      { quoted: '268,066', was: 'amounts.net_payment', now: 268065 },
    ]);
  });

  it('does not name a replaced figure that still appears among the new values or the request', () => {
    // health 15,760 -> 15,761, but 15,760 is now the pension amount: still a figure of the case
    const expect2 = { amounts: { health_insurance: 15760, pension: 15760 } };
    expect(staleFigures('health 15,760; pension 15,760', expect2, {}, [change(['amounts', 'health_insurance'], 15760, 15761)])).toEqual([]);
    // 320,000 replaced in the expectation but still the request's standard monthly remuneration
    expect(staleFigures('standard 320,000', { amounts: { smr: 320000 } }, REQUEST, [change(['amounts', 'smr'], 320000, 340000)])).toEqual(
      [],
    );
  });

  it('reads figures with and without thousands separators, not digits inside dates or other numbers', () => {
    const rewritten = [change(['amounts', 'x'], 2026, 2027), change(['amounts', 'y'], 1606, 1607), change(['amounts', 'z'], 25, 26)];
    // 2026 and 25 only inside the date 2026-04-25 and the rate 4.925: not quotes of the values; 1606 plain is
    expect(staleFigures('paid 2026-04-25 at 4.925 %; EI 1606', { amounts: {} }, {}, rewritten).map((f) => f.quoted)).toEqual(['1606']);
  });

  it('judges nothing when nothing was rewritten, and no figure that was not a replaced value', () => {
    expect(staleFigures(DESCRIPTION, EXPECT, REQUEST, [])).toEqual([]);
    expect(staleFigures(DESCRIPTION, EXPECT, REQUEST, [change(['amounts', 'other'], 999, 1000)])).toEqual([]);
  });
});
