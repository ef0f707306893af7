/**
 * The engine fills request defaults from a plan of the schema (engine/contract/request-defaults.ts) and
 * builds the context's request in one walk (engine/calculating/request-context.ts). Both must give exactly
 * what AJV's useDefaults, then the in-place Decimal conversion, gave: the same keys in the same order,
 * the same values. Checked against AJV itself on schema-generated requests with defaulted fields
 * dropped, set to undefined or of the wrong type, at every depth.
 */
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalculationType } from '../../engine/calculation-type.ts';
import { defaultsPlanOf, withRequestDefaults } from '../../engine/contract/request-defaults.ts';
import { REQUEST_SCHEMAS } from '../../engine/contract/request-schemas.ts';
import { Decimal, isDecimal } from '../../engine/decimal.ts';
import { toContextValueInPlace } from '../../engine/calculating/context.ts';
import { requestContext } from '../../engine/calculating/request-context.ts';
import { schemaArbitrary } from '../fuzz/schema-arbitrary.ts';

const ajv = new Ajv({ useDefaults: true, allErrors: true, strict: false, validateFormats: false });
const types = Object.keys(REQUEST_SCHEMAS) as CalculationType[];
const ajvFillers = new Map(types.map((t) => [t, ajv.compile(REQUEST_SCHEMAS[t])]));

/** What the engine did before: a structured copy, AJV's defaults, then the conversion in place. */
function reference(type: CalculationType, request: unknown): unknown {
  const copy = structuredClone(request);
  ajvFillers.get(type)!(copy);
  return copy;
}

/** Keys in order, undefined and Decimals told apart from everything else. */
function shape(v: unknown): string {
  return JSON.stringify(v, function (this: unknown, k, x) {
    const raw = k === '' ? v : (this as Record<string, unknown>)[k];
    if (raw === undefined) return '<undefined>';
    if (isDecimal(raw)) return `<Decimal ${(raw as Decimal).toString()} ${(raw as Decimal).isNeg() ? '-' : '+'}>`;
    return x;
  });
}

/** A seeded variation of a request: defaulted (and other) keys dropped, made undefined or retyped. */
function vary(v: unknown, rand: () => number): unknown {
  if (Array.isArray(v)) return v.map((x) => vary(x, rand));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const r = rand();
    if (r < 0.25) continue;
    if (r < 0.3) out[k] = undefined;
    else if (r < 0.34) out[k] = typeof x === 'object' ? 'not an object' : {};
    else if (r < 0.37) out[k] = [{}, 3, null];
    else out[k] = vary(x, rand);
  }
  if (rand() < 0.2) out.calculation_options = rand() < 0.5 ? {} : { include_calculation_trace: false };
  if (rand() < 0.2) out.attendance_input = {};
  if (rand() < 0.2) out.allowances = [{}, { amount: 5 }];
  return out;
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('request defaults plan', () => {
  it.each(types)('%s: fills exactly as AJV useDefaults, and the one-walk context request equals fill-then-convert', (type) => {
    const samples = fc.sample(schemaArbitrary(REQUEST_SCHEMAS[type] as never), { seed: 20261123, numRuns: 120 });
    const rand = seeded(7);
    let compared = 0;
    for (const body of samples) {
      for (const request of [body, vary(body, rand), vary(body, rand), {}]) {
        const before = shape(request);
        const expected = reference(type, request);
        expect(shape(withRequestDefaults(type, request as Record<string, unknown>))).toBe(shape(expected));
        let converted: unknown;
        try {
          converted = toContextValueInPlace(reference(type, request));
        } catch (e) {
          converted = `throws ${(e as Error).message}`;
        }
        let ours: unknown;
        try {
          ours = requestContext(type, request as Record<string, unknown>);
        } catch (e) {
          ours = `throws ${(e as Error).message}`;
        }
        expect(shape(ours)).toBe(shape(converted));
        expect(shape(request)).toBe(before); // the caller's object is never changed
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('takes odd data the way the copy did: class instances, null prototypes, holes, bad decimal strings', () => {
    const odd: Record<string, unknown>[] = [
      { calculation_options: Object.create(null), employee_snapshot: { monthly_standard_working_hours: '7.5' } },
      { attendance_input: new Date(0), allowances: [new Map()] },
      { allowances: [, {}] }, // eslint-disable-line no-sparse-arrays
      { employee_snapshot: { monthly_standard_working_hours: 'eight' } },
      { base_pay: Number.NaN },
      { resident_tax_amount: -0, overtime_pay: 0.5, metadata: { x: 1n } },
    ];
    for (const request of odd) {
      let expected: unknown;
      try {
        expected = shape(toContextValueInPlace(reference('monthly_payroll', request)));
      } catch (e) {
        expected = `throws ${(e as Error).message}`;
      }
      let ours: unknown;
      try {
        ours = shape(requestContext('monthly_payroll', request));
      } catch (e) {
        ours = `throws ${(e as Error).message}`;
      }
      expect(ours).toBe(expected);
    }
  });

  it('refuses a schema whose defaults it cannot place', () => {
    expect(() => defaultsPlanOf({ type: 'object', anyOf: [{ properties: { a: { default: 1 } } }] })).toThrow(/anyOf holds a default/);
    expect(() => defaultsPlanOf({ type: 'object', additionalProperties: { type: 'object', properties: { a: { default: 1 } } } })).toThrow(
      /additionalProperties/,
    );
    expect(() => defaultsPlanOf({ type: 'array', items: [{ default: 1 }] })).toThrow(/tuple/);
    expect(defaultsPlanOf({ type: 'object', properties: { a: { type: 'integer', examples: [{ default: 1 }] } } })).toBeNull();
  });
});
