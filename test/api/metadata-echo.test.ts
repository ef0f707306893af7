/**
 * Issue 22 item 6: metadata is echoed exactly as sent. Numbers come back as the same JSON numbers (1.5
 * was echoed as the string "1.5"), and a number JSON cannot carry exactly (12345678901234567890 came
 * back as 12345678901234567000) is refused with 422 inexact_number at its path. Monthly and bonus
 * through the real engine.
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

const METADATA = { ratio: 1.5, max: 9007199254740991, tiny: -0.000123, big: 1e21, text: 'CC-100', flag: true, none: null };

/** The result's custom deduction items, wherever the result type keeps them. */
function customItems(result: unknown): { code: string; metadata: unknown }[] {
  const found: { code: string; metadata: unknown }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.code === 'fee' && 'metadata' in o) found.push(o as { code: string; metadata: unknown });
      else Object.values(o).forEach(walk);
    }
  };
  walk(result);
  return found;
}

describe('metadata is echoed exactly as sent', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  const fee = (metadata: unknown) => [{ code: 'fee', name: 'Fee', amount: 1000, metadata }];

  it.each([
    ['monthly', PATHS.monthly, bodies.monthly],
    ['bonus', PATHS.bonus, bodies.bonus],
  ] as const)('%s: numbers come back as the same JSON numbers', async (_name, path, body) => {
    const res = await fetch(`${api.server.url}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': api.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body(), custom_deductions: fee(METADATA) }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const items = customItems(JSON.parse(text));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.metadata).toEqual(METADATA);
    // as JSON text too: 1.5, not "1.5"
    expect(text).toContain('"ratio":1.5,');
    expect(text).toContain('"big":1e+21,');
  });

  it('a number JSON cannot carry exactly is refused at its path, not rounded', async () => {
    const raw = JSON.stringify({ ...bodies.monthly(), custom_deductions: fee({ ref: 1 }) }).replace(
      '"ref":1',
      '"ref":12345678901234567890',
    );
    const res = await call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      rawBody: raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      {
        path: ['custom_deductions', 0, 'metadata', 'ref'],
        code: 'inexact_number',
        message:
          '12345678901234567890 cannot be read exactly as a JSON number (more than 15-17 significant digits, or out of range); send it as a string.',
      },
    ]);
  });
});
