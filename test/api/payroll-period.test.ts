/**
 * Issue 22 item 6: payroll_month is checked against the period (decisions.md). It must be one of the
 * months from period.start_date's to payment_date's (or to period.end_date's, for a payment before the
 * period ends), and a period is at most 31 days; both are 422 naming the field (a 2019-01 payroll month with May 2026 dates, or a ten-year period, was answered 200).
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

describe('payroll_month and the period', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  const monthly = (period: Record<string, string>, payment_date = '2026-05-25') =>
    call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      body: { ...bodies.monthly(), calculation_date: '2026-05-20', payment_date, period },
    });

  it.each([
    ['the calendar month', { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' }, '2026-05-25'],
    [
      'a period across two months, named by its first',
      { payroll_month: '2026-04', start_date: '2026-04-21', end_date: '2026-05-20' },
      '2026-05-25',
    ],
    [
      'a period across two months, named by its second',
      { payroll_month: '2026-05', start_date: '2026-04-21', end_date: '2026-05-20' },
      '2026-05-25',
    ],
    ['paid the month after', { payroll_month: '2026-05', start_date: '2026-05-01', end_date: '2026-05-31' }, '2026-06-10'],
    [
      'paid the month after, named by the payment month',
      { payroll_month: '2026-06', start_date: '2026-05-01', end_date: '2026-05-31' },
      '2026-06-10',
    ],
  ])('accepts %s', async (_name, period, paymentDate) => {
    const res = await monthly(period, paymentDate);
    expect(res.status).toBe(200);
  });

  it('refuses a payroll month outside the months from the period start to the payment date', async () => {
    for (const month of ['2019-01', '2026-04', '2026-06']) {
      const res = await monthly({ payroll_month: month, start_date: '2026-05-01', end_date: '2026-05-31' });
      expect(res.status).toBe(422);
      expect(res.json.error.details).toEqual([
        {
          path: ['period', 'payroll_month'],
          code: 'date_order',
          message: `payroll_month (${month}) must be a month from period.start_date's (2026-05) to payment_date's (2026-05).`,
        },
      ]);
    }
  });

  it("paid before the period ends, the payroll month is one of the period's months", async () => {
    const period = { start_date: '2026-05-01', end_date: '2026-05-31' };
    const res = await call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      body: {
        ...bodies.monthly(),
        calculation_date: '2026-04-20',
        payment_date: '2026-04-25',
        period: { ...period, payroll_month: '2026-05' },
      },
    });
    expect(res.status).toBe(200);
    const early = await call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      body: {
        ...bodies.monthly(),
        calculation_date: '2026-04-20',
        payment_date: '2026-04-25',
        period: { ...period, payroll_month: '2026-04' },
      },
    });
    expect(early.json.error.details).toEqual([
      {
        path: ['period', 'payroll_month'],
        code: 'date_order',
        message: "payroll_month (2026-04) must be a month from period.start_date's (2026-05) to period.end_date's (2026-05).",
      },
    ]);
  });

  it('refuses a period longer than 31 days', async () => {
    for (const [end, days] of [
      ['2026-06-01', 32],
      ['2036-04-30', 3653],
    ] as const) {
      const res = await monthly({ payroll_month: '2026-05', start_date: '2026-05-01', end_date: end });
      expect(res.status).toBe(422);
      expect(res.json.error.details).toEqual([
        {
          path: ['period', 'end_date'],
          code: 'out_of_range',
          message: `the period from period.start_date (2026-05-01) to period.end_date (${end}) is ${days} days; a payroll period is at most 31 days.`,
        },
      ]);
    }
  });
});
