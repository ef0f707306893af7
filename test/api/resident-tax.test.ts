/**
 * POST /v1/resident-tax/special-collection-schedule:calculate and /v1/resident-tax/separation:calculate with the
 * real engine: the reference's worked examples through HTTP (R01 182,500 -> June 15,300 and 15,200 x 11; R03 a
 * January leaver's 41,500) with the envelope (calculation_id, settings_snapshot, a trace citing every rule file
 * and parameter version, warnings); 4xx with the field path for bad inputs (a first month outside the fiscal
 * year, an event date outside it, both or neither of the annual amount and the notified amounts, notified months
 * out of order, a missing payment amount, malformed values); the Free-plan quota and the rate limit like the
 * other calculations. Figures are worked by hand from the reference folder (resident_tax/README.md).
 */
import { describe, expect, it } from 'vitest';
import { residentTaxScheduleExample, residentTaxSeparationExample } from '../../engine/contract/index.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { expectFreePlanQuotaCounts } from './support/free-plan-quota.ts';
import { call } from './support/test-server.ts';

const SCHEDULE = '/v1/resident-tax/special-collection-schedule:calculate';
const SEPARATION = '/v1/resident-tax/separation:calculate';
const schedule = (patch: Record<string, unknown> = {}) => ({ ...structuredClone(residentTaxScheduleExample), ...patch });
const separation = (patch: Record<string, unknown> = {}) => ({ ...structuredClone(residentTaxSeparationExample), ...patch });

/** The months of collection from `first` (YYYY-MM), n of them. */
function monthsFrom(first: string, n: number): string[] {
  const [y, m] = first.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const index = y * 12 + m - 1 + i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

interface TraceStep {
  step: string;
  rule: { file: string; legal_source: string };
  master_refs: { type: string; id: string; version: string }[];
}

describeEachStore('resident tax endpoints (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), company: 'acme-tokyo' });

  it('R01: 182,500 -> June 15,300 and July-May 15,200, with the envelope and a trace citing rules and parameters', async () => {
    const res = await call(api.server, 'POST', SCHEDULE, { key: api.key, body: schedule() });
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('resident_tax_special_collection_schedule');
    expect(res.json.calculation_id).toMatch(/^calc_/);
    expect(res.json.settings_snapshot.company_profile_version).toMatch(/^2025-04-01\./);
    expect(res.json.warnings).toEqual([]);
    const months = monthsFrom('2026-06', 12);
    expect(res.json.amounts).toEqual({
      monthly_amounts: months.map((month, i) => ({ month, amount: i === 0 ? 15300 : 15200 })),
      total: 182500,
      rule: 'even_split_remainder_first_month',
    });
    const steps = res.json.calculation_trace as TraceStep[];
    expect(steps.map((s) => s.step)).toEqual(['settings_resolution', 'collection_months', 'monthly_split']);
    const split = steps[2];
    expect(split.rule.file).toBe('rules/resident_tax/resident_tax.monthly_split.v1.yaml');
    expect(split.rule.legal_source).toMatch(/地方税法第321条の5第1項/);
    expect(split.master_refs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'parameter', id: 'resident_tax.monthly_amount_unit', version: '2020-01-01' }),
        expect.objectContaining({ type: 'parameter', id: 'resident_tax.per_capita_levy_default', version: '2020-01-01' }),
      ]),
    );
    expect(steps[1].master_refs).toContainEqual(expect.objectContaining({ id: 'resident_tax.collection_first_month' }));
  });

  it('a late notice: 95,300 from August (R06) is 9,800 then 9,500 x 9; an amount at the levy is all in June', async () => {
    const late = await call(api.server, 'POST', SCHEDULE, {
      key: api.key,
      body: schedule({ annual_special_collection_amount: 95300, first_collection_month: '2026-08' }),
    });
    expect(late.status).toBe(200);
    expect(late.json.amounts.monthly_amounts).toEqual(
      monthsFrom('2026-08', 10).map((month, i) => ({ month, amount: i === 0 ? 9800 : 9500 })),
    );
    const small = await call(api.server, 'POST', SCHEDULE, { key: api.key, body: schedule({ annual_special_collection_amount: 5000 }) });
    expect(small.json.amounts.rule).toBe('at_most_per_capita_levy_all_in_first_month');
    expect(small.json.amounts.monthly_amounts.map((m: { amount: number }) => m.amount)).toEqual([5000, ...Array(11).fill(0)]);
  });

  it('R03: leaving 2027-01-20 collects January 8,300 and February-May 33,200 at once (required), remitted by 2027-02-10', async () => {
    const res = await call(api.server, 'POST', SEPARATION, { key: api.key, body: separation() });
    expect(res.status).toBe(200);
    expect(res.json.calculation_type).toBe('resident_tax_separation');
    expect(res.json.amounts).toEqual({
      method: 'lump_sum',
      regular_amount_in_event_month: 8300,
      lump_sum_amount: 33200,
      total_deducted_in_event_month: 41500,
      transferred_to_ordinary_collection: 0,
      remittance_deadline: '2027-02-10',
    });
    const steps = res.json.calculation_trace as TraceStep[];
    expect(steps.map((s) => s.step)).toEqual(['settings_resolution', 'collection_months', 'event_month', 'monthly_split', 'separation']);
    const last = steps[4];
    expect(last.rule.file).toBe('rules/resident_tax/resident_tax.separation.v1.yaml');
    expect(last.rule.legal_source).toMatch(/第321条の5第2項/);
    expect(last.master_refs).toContainEqual(
      expect.objectContaining({ type: 'parameter', id: 'resident_tax.mandatory_lump_sum_last_month', version: '2020-01-01' }),
    );
  });

  it('a last pay that does not exceed the remainder leaves it to ordinary collection, with a warning', async () => {
    const res = await call(api.server, 'POST', SEPARATION, {
      key: api.key,
      body: separation({ event_date: '2027-03-31', calculation_date: '2027-03-31', payments_by_may_31: 16600 }),
    });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      method: 'ordinary_collection',
      lump_sum_amount: 0,
      transferred_to_ordinary_collection: 16600,
    });
    expect(res.json.warnings).toEqual(['RESIDENT_TAX_LUMP_SUM_NOT_COLLECTIBLE']);
  });

  it('the notice’s own amounts win: leaving in June takes its June 9,000', async () => {
    const notified = monthsFrom('2026-06', 12).map((month, i) => ({ month, amount: i === 0 ? 9000 : 8300 }));
    const body = separation({ event_date: '2026-06-25', notified_monthly_amounts: notified });
    delete (body as { annual_special_collection_amount?: number }).annual_special_collection_amount;
    const res = await call(api.server, 'POST', SEPARATION, { key: api.key, body });
    expect(res.status).toBe(200);
    expect(res.json.amounts).toMatchObject({
      method: 'ordinary_collection',
      regular_amount_in_event_month: 9000,
      transferred_to_ordinary_collection: 91300,
    });
  });

  it('bad inputs are 422 validation_error with the field path', async () => {
    const expectDetails = async (path: string, body: unknown, paths: (string | number)[][]) => {
      const res = await call(api.server, 'POST', path, { key: api.key, body });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('validation_error');
      expect(res.json.error.details.map((d: { path: unknown }) => d.path)).toEqual(paths);
    };
    // a first collection month outside the fiscal year's June-May
    await expectDetails(SCHEDULE, schedule({ first_collection_month: '2027-06' }), [['first_collection_month']]);
    // the event date outside the fiscal year (a fiscal year that does not match the event)
    await expectDetails(SEPARATION, separation({ fiscal_year: 2027 }), [['event_date'], ['fiscal_year']]);
    // both and neither of the annual amount and the notified amounts
    const notified = monthsFrom('2026-06', 12).map((month) => ({ month, amount: 8300 }));
    await expectDetails(SEPARATION, separation({ notified_monthly_amounts: notified }), [
      ['annual_special_collection_amount'],
      ['notified_monthly_amounts'],
    ]);
    const neither = separation();
    delete (neither as { annual_special_collection_amount?: number }).annual_special_collection_amount;
    await expectDetails(SEPARATION, neither, [['annual_special_collection_amount'], ['notified_monthly_amounts']]);
    // notified months out of order
    const swapped = [notified[1], notified[0], ...notified.slice(2)];
    const outOfOrder = { ...neither, notified_monthly_amounts: swapped };
    await expectDetails(SEPARATION, outOfOrder, [['notified_monthly_amounts']]);
    // a lump sum in question without the payment it would come from
    const noPay = separation();
    delete (noPay as { payments_by_may_31?: number }).payments_by_may_31;
    await expectDetails(SEPARATION, noPay, [['payments_by_may_31']]);
    // schema: an unknown reason, a malformed month, a negative amount
    await expectDetails(SEPARATION, separation({ reason: 'retirement' }), [['reason']]);
    await expectDetails(SCHEDULE, schedule({ first_collection_month: '2026-8' }), [['first_collection_month']]);
    await expectDetails(SCHEDULE, schedule({ annual_special_collection_amount: -1 }), [['annual_special_collection_amount']]);
  });

  it('a fiscal year no table covers is 422 settings_not_resolved', async () => {
    const res = await call(api.server, 'POST', SCHEDULE, { key: api.key, body: schedule({ fiscal_year: 2019 }) });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('settings_not_resolved');
  });

  it('the schedule counts toward the Free-plan quota', () => expectFreePlanQuotaCounts(api.server, SCHEDULE, schedule));
  it('the separation counts toward the Free-plan quota', () => expectFreePlanQuotaCounts(api.server, SEPARATION, separation));
});

for (const path of [SCHEDULE, SEPARATION])
  describe(`${path}: rate limit like the other calculations`, () => {
    const api = freshServer('sqlite', {
      engine: realEngine(),
      company: 'acme-tokyo',
      config: { rateLimitPerSecond: 1, rateLimitBurst: 3 },
    });

    it('a burst beyond the limit is 429 with Retry-After', async () => {
      const body = path === SCHEDULE ? schedule() : separation();
      const answers = await Promise.all(Array.from({ length: 10 }, () => call(api.server, 'POST', path, { key: api.key, body })));
      const limited = answers.filter((r) => r.status === 429);
      expect(answers.some((r) => r.status === 200)).toBe(true);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0].json.error.code).toBe('rate_limit_exceeded');
      expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  });
