/**
 * No body up to PAYROLL_MAX_BODY_BYTES can make a 422 or the heap grow with it. Before the
 * fix 300,000 empty allowances gave a 184.7 MB answer after 8.6 s and 2.1 GB of heap. Each worst-case
 * body here is built close to the 1 MiB limit; the answer must stay under 64 KB and the heap must not
 * grow by more than 200 MB (generous: garbage is not collected on demand here).
 */
import { expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';

const MAX_BODY = 1024 * 1024;

/** Fills an array with copies of item until the serialized body nearly reaches the limit. */
function fillTo(body: Record<string, unknown>, key: string, item: unknown): Record<string, unknown> {
  const base = JSON.stringify({ ...body, [key]: [] }).length;
  const each = JSON.stringify(item).length + 1;
  return { ...body, [key]: Array.from({ length: Math.floor((MAX_BODY - base - 16) / each) }, () => item) };
}

function worstBodies(): [string, string, Record<string, unknown>][] {
  const monthly = bodies.monthly() as Record<string, unknown>;
  const manyKeys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i]));
  return [
    ['300,000-ish empty allowances', PATHS.monthly, fillTo(monthly, 'allowances', {})],
    ['allowances of wrong type', PATHS.monthly, fillTo(monthly, 'allowances', 1)],
    ['custom deductions with bad amounts', PATHS.monthly, fillTo(monthly, 'custom_deductions', { code: 'x', name: 'y', amount: -1 })],
    [
      'bonus items, all duplicates',
      PATHS.bonus,
      fillTo(bodies.bonus() as Record<string, unknown>, 'bonus_items', {
        code: 'a',
        name: 'b',
        amount: 1,
        taxable: true,
        social_insurance_included: true,
        employment_insurance_included: true,
      }),
    ],
    ['60,000 unknown top-level fields', PATHS.monthly, { ...monthly, ...manyKeys }],
    [
      'metadata with 60,000 keys',
      PATHS.monthly,
      {
        ...monthly,
        allowances: [
          {
            code: 'a',
            name: 'b',
            amount: 1,
            taxable: true,
            social_insurance_included: true,
            employment_insurance_included: true,
            metadata: manyKeys,
          },
        ],
      },
    ],
    ['one unknown field with a 900 KB name', PATHS.monthly, { ...monthly, ['n'.repeat(900_000)]: 1 }],
    ['employee_snapshot with 60,000 unknown fields', PATHS.socialInsurance, { ...bodies.socialInsurance(), settings_lock: manyKeys }],
  ];
}

describeEachStore('request bounds (%s)', (kind) => {
  const api = freshServer(kind, { engine: realEngine(), config: { maxBodyBytes: MAX_BODY }, company: 'acme-tokyo' });

  it.each(worstBodies())('%s: a small 422, bounded heap', async (_name, path, body) => {
    const raw = JSON.stringify(body);
    expect(raw.length).toBeLessThanOrEqual(MAX_BODY);
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await fetch(`${api.server.url}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': api.key, 'Content-Type': 'application/json' },
      body: raw,
    });
    const text = await res.text();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(res.status).toBe(422);
    expect(text.length).toBeLessThan(64 * 1024);
    expect(heapGrowth).toBeLessThan(200 * 1024 * 1024);
    const error = JSON.parse(text).error;
    expect(error.code).toBe('validation_error');
    expect(error.details.length).toBeGreaterThan(0);
    expect(error.details.length).toBeLessThanOrEqual(100);
    for (const d of error.details) expect(JSON.stringify(d).length).toBeLessThan(600);
  });

  it('an oversize array is reported by its size, and nothing inside it is validated', async () => {
    const body = fillTo(bodies.monthly() as Record<string, unknown>, 'allowances', {});
    const res = await fetch(`${api.server.url}${PATHS.monthly}`, {
      method: 'POST',
      headers: { 'X-API-Key': api.key, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const { details } = (await res.json()).error;
    const count = (body.allowances as unknown[]).length;
    expect(details).toEqual([
      { path: ['allowances'], code: 'invalid_length', message: `must NOT have more than 50 items (has ${count}).` },
    ]);
  });

  it('lists the first 100 problems and counts the rest in details_omitted', async () => {
    const monthly = bodies.monthly() as Record<string, unknown>;
    // 50 empty allowances (within maxItems): six required fields missing in each, 300 problems.
    const body = { ...monthly, allowances: Array.from({ length: 50 }, () => ({})) };
    const res = await fetch(`${api.server.url}${PATHS.monthly}`, {
      method: 'POST',
      headers: { 'X-API-Key': api.key, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const { error } = await res.json();
    expect(res.status).toBe(422);
    expect(error.details).toHaveLength(100);
    expect(error.details_omitted).toBe(200);
    expect(error.details[0]).toEqual({ path: ['allowances', 0, 'code'], code: 'required', message: 'code is required.' });
  });

  it('echoes an unknown field name clipped to 64 characters', async () => {
    const res = await fetch(`${api.server.url}${PATHS.monthly}`, {
      method: 'POST',
      headers: { 'X-API-Key': api.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...bodies.monthly(), ['q'.repeat(5000)]: 1 }),
    });
    const { details } = (await res.json()).error;
    expect(details).toEqual([
      { path: [`${'q'.repeat(64)}…`], code: 'unknown_field', message: `${'q'.repeat(64)}… is not a field of this object.` },
    ]);
  });
});
