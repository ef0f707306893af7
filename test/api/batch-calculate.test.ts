/**
 * POST /v1/payroll/monthly:batch-calculate and bonus:batch-calculate: one company and payment date for
 * many employees; each item answers what its single call answers, in order, a bad item alone fails with
 * the single call's envelope, and a problem of the batch itself is the ordinary error answer.
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const MONTHLY_BATCH = '/v1/payroll/monthly:batch-calculate';
const BONUS_BATCH = '/v1/payroll/bonus:batch-calculate';
const BATCH_FIELDS = ['company_id', 'calculation_date', 'payment_date', 'settings_lock', 'calculation_options'];

type Json = Record<string, any>;

/** A single call's body split into the batch's fields and the item's. */
function split(body: Json): { common: Json; item: Json } {
  const common: Json = {};
  const item: Json = {};
  for (const [k, v] of Object.entries(body)) (BATCH_FIELDS.includes(k) ? common : item)[k] = v;
  return { common, item };
}

/** The n-th employee's monthly request: a different pay, dependents and reference each. */
function monthlyRequest(n: number, trace = false): Json {
  const body: Json = bodies.monthly();
  body.base_pay = 180_000 + n * 997;
  body.employee_snapshot.employee_ref = `emp-${String(n).padStart(4, '0')}`;
  body.employee_snapshot.tax_dependent_count = n % 8;
  body.employee_snapshot.standard_monthly_remuneration = 300_000;
  body.calculation_options = { include_calculation_trace: trace };
  return body;
}

/** What a result says that does not change from call to call (its id and time do). */
function stable(result: Json): Json {
  const { calculation_id: _id, calculated_at: _at, ...rest } = result;
  return rest;
}

describe('batch calculate', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });

  it('1,000 monthly items answer what 1,000 single calls answer, in order', async () => {
    const requests = Array.from({ length: 1_000 }, (_, n) => monthlyRequest(n));
    const { common } = split(requests[0]!);
    const batch = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, items: requests.map((r) => split(r).item) },
    });
    expect(batch.status).toBe(200);
    expect(batch.headers.get('cache-control')).toBe('no-store');
    expect(batch.json.results).toHaveLength(1_000);
    const singles: { status: number; json: Json }[] = [];
    for (let i = 0; i < requests.length; i += 50) {
      singles.push(
        ...(await Promise.all(requests.slice(i, i + 50).map((body) => call(api.server, 'POST', PATHS.monthly, { key: api.key, body })))),
      );
    }
    const nets = new Set<number>();
    batch.json.results.forEach((entry: Json, n: number) => {
      expect(singles[n]!.status).toBe(200);
      expect(entry).toMatchObject({ index: n, employee_ref: `emp-${String(n).padStart(4, '0')}`, status: 200 });
      expect(entry.result.calculation_id).toMatch(/^calc_/);
      expect(stable(entry.result)).toEqual(stable(singles[n]!.json));
      nets.add(entry.result.amounts.net_payment);
    });
    // the items really differ: a batch answering one item's result 1,000 times would not pass
    expect(nets.size).toBeGreaterThan(900);
    expect(batch.json.results[0].result.amounts.gross_payment).toBe(singles[0]!.json.amounts.gross_payment);
  }, 120_000);

  it('a bad item fails alone with the envelope of its single call; the others are computed', async () => {
    const good = split(monthlyRequest(1)).item;
    const unknownField = { ...split(monthlyRequest(2)).item, bogus: 1 };
    const conflict = { ...split(monthlyRequest(3)).item, overtime_pay: 5000 };
    const { common } = split(monthlyRequest(0));
    const res = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, items: [good, unknownField, conflict, good] },
      headers: { 'X-Request-Id': 'batch-test-1' },
    });
    expect(res.status).toBe(200);
    const [first, second, third, fourth] = res.json.results;
    expect(first).toMatchObject({ index: 0, employee_ref: 'emp-0001', status: 200 });
    expect(fourth).toMatchObject({ index: 3, employee_ref: 'emp-0001', status: 200 });
    expect(fourth.result.amounts).toEqual(first.result.amounts);
    const single = await call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      body: { ...monthlyRequest(2), bogus: 1 },
      headers: { 'X-Request-Id': 'batch-test-1' },
    });
    expect(single.status).toBe(422);
    expect(second).toEqual({ index: 1, employee_ref: 'emp-0002', status: 422, error: single.json.error });
    expect(second.error).toMatchObject({ code: 'validation_error', details: [{ path: ['bogus'], code: 'unknown_field' }] });
    expect(third).toMatchObject({ index: 2, status: 422, error: { code: 'attendance_input_conflict', request_id: 'batch-test-1' } });
    expect(first.result).not.toHaveProperty('error');
    expect(second).not.toHaveProperty('result');
  });

  it('problems of the batch itself are the ordinary answers: unknown company 404, too many items and bad dates 422', async () => {
    const { common, item } = split(monthlyRequest(1));
    const unknown = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, company_id: 'nobody', items: [item] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('company_not_found');
    const tooMany = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, items: Array.from({ length: 1_001 }, () => ({})) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.details).toEqual([
      { path: ['items'], code: 'invalid_length', message: 'must NOT have more than 1000 items (has 1001).' },
    ]);
    const none = await call(api.server, 'POST', MONTHLY_BATCH, { key: api.key, body: { ...common, items: [] } });
    expect(none.status).toBe(422);
    expect(none.json.error.details[0].path).toEqual(['items']);
    const itemField = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, items: [{ ...item, company_id: 'x' }] },
    });
    expect(itemField.status).toBe(200);
    expect(itemField.json.results[0].error.details).toEqual([expect.objectContaining({ path: ['company_id'], code: 'unknown_field' })]);
    const dates = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, calculation_date: '2026-05-26', items: [item] },
    });
    expect(dates.status).toBe(422);
    expect(dates.json.error.details).toEqual([
      {
        path: ['calculation_date'],
        code: 'date_order',
        message: 'calculation_date (2026-05-26) must be on or before payment_date (2026-05-25).',
      },
    ]);
  });

  it('the trace of each item as its single call gives it, with include_calculation_trace', async () => {
    const requests = [monthlyRequest(5, true), monthlyRequest(6, true)];
    const { common } = split(requests[0]!);
    const res = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, items: requests.map((r) => split(r).item) },
    });
    expect(res.status).toBe(200);
    for (const [n, body] of requests.entries()) {
      const single = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body });
      expect(res.json.results[n].result.calculation_trace.length).toBeGreaterThan(10);
      expect(res.json.results[n].result.calculation_trace).toEqual(single.json.calculation_trace);
    }
    const off = await call(api.server, 'POST', MONTHLY_BATCH, {
      key: api.key,
      body: { ...common, calculation_options: { include_calculation_trace: false }, items: [split(requests[0]!).item] },
    });
    expect(off.json.results[0].result.calculation_trace).toEqual([]);
  });

  it('bonus batch: each item as its bonus call', async () => {
    const requests = [0, 1, 2].map((n) => {
      const body: Json = bodies.bonus();
      body.bonus_gross_amount = 400_000 + n * 123_457;
      body.employee_snapshot.employee_ref = `b-${n}`;
      return body;
    });
    const { common } = split(requests[0]!);
    const res = await call(api.server, 'POST', BONUS_BATCH, {
      key: api.key,
      body: { ...common, items: [...requests.map((r) => split(r).item), { ...split(requests[0]!).item, bonus_gross_amount: -1 }] },
    });
    expect(res.status).toBe(200);
    for (const [n, body] of requests.entries()) {
      const single = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body });
      expect(res.json.results[n]).toMatchObject({ index: n, employee_ref: `b-${n}`, status: 200 });
      expect(stable(res.json.results[n].result)).toEqual(stable(single.json));
    }
    expect(res.json.results[3]).toMatchObject({ index: 3, status: 422, error: { code: 'validation_error' } });
  });
});

describe('batch calculate between other work', () => {
  // a Free-plan account with room for every item: the quota it has used says how far the batch has got
  const clock = new Date('2026-05-20T03:00:00Z');
  const api = freshServer('sqlite', {
    engine: realEngine(),
    company: 'acme-tokyo',
    plan: 'free',
    now: () => clock,
    config: { freePlanMonthlyQuota: 10_000, rateLimitPerSecond: 100_000, rateLimitBurst: 100_000 },
  });

  it("lets the server's other work run while its 1,000 items compute, not only after them", async () => {
    const requests = Array.from({ length: 1_000 }, (_, n) => monthlyRequest(n));
    const { common } = split(requests[0]!);
    const batchOf = (n: number) => ({ ...common, items: requests.slice(0, n).map((r) => split(r).item) });
    expect((await call(api.server, 'POST', MONTHLY_BATCH, { key: api.key, body: batchOf(20) })).status).toBe(200);
    const before = await api.server.store.quotaUsed(api.accountId, '2026-05');
    const batch = call(api.server, 'POST', MONTHLY_BATCH, { key: api.key, body: batchOf(1_000) });
    // the server runs in this process: this timer fires only when the batch lets the event loop turn
    let seen = 0;
    while (seen === 0) {
      await new Promise((r) => setTimeout(r, 2));
      seen = (await api.server.store.quotaUsed(api.accountId, '2026-05')) - before;
    }
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(1_000);
    const res = await batch;
    expect(res.status).toBe(200);
    expect(res.json.results.filter((r: Json) => r.status === 200)).toHaveLength(1_000);
    expect((await api.server.store.quotaUsed(api.accountId, '2026-05')) - before).toBe(1_000);
  }, 120_000);
});
