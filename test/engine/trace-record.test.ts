/**
 * A result's trace is kept as records and its steps made when first read (engine/trace/trace-record.ts):
 * every reader sees the steps the engine always made, in the same place among the result's keys; values a
 * later step could still change are settled when their step is recorded; and the writers write a trace
 * nobody has read from its records, exactly as JSON.stringify writes it once read.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { loadEngine, resultJson, resultUtf8, type CalculationResult } from '../../engine/index.ts';
import { settleTraceValues, traceInputs } from '../../engine/trace/trace.ts';
import { appendTrace, pendingRecords } from '../../engine/trace/trace-record.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { hasFastProperties } from '../support/v8-natives.ts';

const engine = loadEngine();
const bench = benchProfile();
const monthly = (i: number) => engine.calculate('monthly_payroll', monthlyRequest(i, true), bench);
const RESULT_KEYS = [
  'calculation_id',
  'calculation_type',
  'company_id',
  'employee_ref',
  'calculated_at',
  'settings_snapshot',
  'amounts',
  'calculation_trace',
  'warnings',
];
/** The result without what differs between two calculations of the same request (its id and time). */
const same = (r: CalculationResult) => JSON.stringify({ ...r, calculation_id: '', calculated_at: '' });

describe('a trace kept as records', () => {
  it('is made when first read, and from then on is a plain data property in its place', () => {
    const r = monthly(1);
    expect(Object.keys(r)).toEqual(RESULT_KEYS);
    expect(pendingRecords(r)!.length).toBeGreaterThan(20);
    expect(typeof Object.getOwnPropertyDescriptor(r, 'calculation_trace')!.get).toBe('function');
    const steps = r.calculation_trace;
    expect(steps.length).toBe(pendingRecordsLength(monthly(1)));
    const descriptor = Object.getOwnPropertyDescriptor(r, 'calculation_trace')!;
    expect(descriptor).toEqual({ value: steps, writable: true, enumerable: true, configurable: true });
    expect(r.calculation_trace).toBe(steps);
    expect(Object.keys(r)).toEqual(RESULT_KEYS);
    expect(pendingRecords(r)).toBeUndefined();
    expect(steps[0]).toMatchObject({ formula_code: expect.any(String), inputs: expect.any(Object), master_refs: expect.any(Array) });
  });

  it('is added as a new property, which leaves the result a fast-mode object (V8), and never over a key the result has', () => {
    const [withTrace, withoutTrace] = [monthly(2), engine.calculate('monthly_payroll', monthlyRequest(2, false), bench)];
    expect(hasFastProperties(withTrace)).toBe(true);
    expect(hasFastProperties(withoutTrace)).toBe(true);
    // a data property redefined as an accessor (how the trace was put in before) makes a dictionary
    const redefined: Record<string, unknown> = { a: 1, calculation_trace: [], b: 2 };
    Object.defineProperty(redefined, 'calculation_trace', { get: () => [], enumerable: true, configurable: true });
    expect(hasFastProperties(redefined)).toBe(false);
    expect(() => appendTrace({ calculation_trace: [] }, pendingRecords(monthly(2))!.slice())).toThrow(TypeError);
  });

  it('makes the same steps whether read at once or after other calculations ran', () => {
    const first = monthly(3);
    const atOnce = monthly(3);
    const atOnceText = same(atOnce); // read now
    for (let i = 0; i < 30; i++) resultUtf8(monthly(i)); // other employees, written from their records
    expect(same(first)).toBe(atOnceText);
    expect(first.calculation_trace).toEqual(atOnce.calculation_trace);
  });

  it('is copied as the steps by a spread and by structuredClone', () => {
    const expected = JSON.parse(same(monthly(4))) as Record<string, unknown>;
    const spread = { ...monthly(4), calculation_id: '', calculated_at: '' };
    expect(JSON.parse(JSON.stringify(spread))).toEqual(expected);
    const clone = structuredClone(monthly(4)) as unknown as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify({ ...clone, calculation_id: '', calculated_at: '' }))).toEqual(expected);
    expect(Object.getOwnPropertyDescriptor(clone, 'calculation_trace')!.value).toBeInstanceOf(Array);
  });

  it('of a frozen result: read as the same steps each time, written exactly, not assignable', () => {
    const r = Object.freeze(monthly(5));
    expect(pendingRecords(r)).toBeDefined();
    const bytes = resultUtf8(r)!;
    const steps = r.calculation_trace;
    expect(r.calculation_trace).toBe(steps);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(r));
    expect(resultJson(r)).toBe(JSON.stringify(r));
    expect(() => ((r as { calculation_trace: unknown }).calculation_trace = [])).toThrow(TypeError);
    expect(r.calculation_trace).toBe(steps);
  });

  it('deleted or redefined before it was read: the writers write what JSON.stringify writes', () => {
    const deleted = monthly(6) as unknown as Record<string, unknown>;
    delete deleted.calculation_trace;
    expect(Object.keys(deleted)).not.toContain('calculation_trace');
    expect(resultJson(deleted)).toBe(JSON.stringify(deleted));
    const redefined = monthly(6);
    Object.defineProperty(redefined, 'calculation_trace', { value: [{ step: 'mine' }], enumerable: true });
    expect(pendingRecords(redefined)).toBeUndefined();
    expect(resultJson(redefined)).toBe(JSON.stringify(redefined));
    expect(resultJson(redefined)).toContain('"calculation_trace":[{"step":"mine"}]');
  });

  it('copied with its descriptors: the copy shares the steps, as a shallow copy shares them; the accessor alone, a clear TypeError', () => {
    const r = monthly(8);
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(r)) as CalculationResult;
    expect(copy.calculation_trace.length).toBeGreaterThan(20);
    expect(r.calculation_trace).toBe(copy.calculation_trace);
    expect(resultJson(r)).toBe(JSON.stringify(r));
    const fresh = monthly(8);
    const accessorOnly = Object.defineProperty(
      {},
      'calculation_trace',
      Object.getOwnPropertyDescriptor(fresh, 'calculation_trace')!,
    ) as CalculationResult;
    expect(() => accessorOnly.calculation_trace).toThrow(
      new TypeError("calculation_trace was copied as an accessor without its result: copy the result's values instead"),
    );
    expect(fresh.calculation_trace.length).toBeGreaterThan(20);
  });

  it('read and changed by a toJSON written before it: written as changed', () => {
    const r = monthly(7);
    (r as unknown as Record<string, unknown>).amounts = {
      toJSON: () => {
        (r.calculation_trace[0] as Record<string, unknown>).formula = 'changed meanwhile';
        return 'amounts';
      },
    };
    const bytes = resultUtf8(r)!.toString('utf8');
    expect(bytes).toContain('"formula":"changed meanwhile"');
    expect(bytes).toBe(JSON.stringify(r));
  });
});

function pendingRecordsLength(r: CalculationResult): number {
  return pendingRecords(r)!.length;
}

describe('settled values', () => {
  const record = pendingRecords(monthly(2))!.find((r) => r.plan.rule.doc.formula_code === 'payment_aggregation.gross_payment.v1')!;
  // base_pay is read under work (a later step could write into what is there), allowances from the request
  const workSlot = record.plan.index.get('base_pay')!;
  const requestSlot = record.plan.index.get('allowances')!;
  const allowances = () => [{ code: 'commute', name: '通勤手当', amount: new Decimal(12000), taxable: false }];
  const SHOWN = [{ code: 'commute', name: '通勤手当', amount: 12000, taxable: false }];

  /** The record's values with fresh allowances in `slot`, its trace inputs made at once, then settled. */
  function settledWith(slot: number) {
    const value = allowances();
    const values = record.values.slice();
    values[slot] = value;
    const atOnce = traceInputs(record.plan, values);
    settleTraceValues(record.plan, values);
    return { value, values, atOnce };
  }

  it('an object read under work or amounts is shown as it was when its step ran', () => {
    const { value, values, atOnce } = settledWith(workSlot);
    expect(values[workSlot]).not.toBe(value);
    value[0].amount = new Decimal(1);
    value.push({ code: 'x', name: 'x', amount: new Decimal(2), taxable: true });
    expect(traceInputs(record.plan, values)).toEqual(atOnce);
    expect(atOnce.base_pay).toEqual(SHOWN);
  });

  it("an object read from the calculation's inputs is kept as read (never written), and shown the same", () => {
    const { value, values, atOnce } = settledWith(requestSlot);
    expect(values[requestSlot]).toBe(value);
    expect(traceInputs(record.plan, values)).toEqual(atOnce);
    expect(atOnce.allowances).toEqual(SHOWN);
  });

  it("the caller's metadata is the engine's copy too: changed by the caller after the calculation, the trace shows it as sent", () => {
    const request = monthlyRequest(3, true) as { allowances: { metadata?: Record<string, unknown> }[] };
    const metadata = { source: 'hr-system', batch: 7 };
    request.allowances[0].metadata = metadata;
    const r = engine.calculate('monthly_payroll', request as Record<string, unknown>, bench);
    const rec = pendingRecords(r)!.find((x) => x.plan.rule.doc.formula_code === 'payment_aggregation.gross_payment.v1')!;
    const kept = (rec.values[requestSlot] as { metadata: unknown }[])[0].metadata;
    expect(kept).toEqual(metadata);
    expect(kept).not.toBe(metadata);
    metadata.source = 'changed';
    metadata.batch = 8;
    const written = JSON.parse(resultJson(r)!) as {
      calculation_trace: { formula_code: string; inputs: { allowances: { metadata: unknown }[] } }[];
    };
    const step = written.calculation_trace.find((s) => s.formula_code === 'payment_aggregation.gross_payment.v1')!;
    expect(step.inputs.allowances[0].metadata).toEqual({ source: 'hr-system', batch: 7 });
  });

  it('a value the trace cannot show fails when its step is recorded, as it did when the step was made', () => {
    const values = record.values.slice();
    values[workSlot] = [{ amount: Number.NaN }];
    expect(() => traceInputs(record.plan, values)).toThrow('cannot serialize NaN');
    expect(() => settleTraceValues(record.plan, values)).toThrow('cannot serialize NaN');
  });

  it('Decimals and primitives are kept as they are (they cannot change)', () => {
    const values = record.values.slice();
    const amount = new Decimal('123.45');
    values[workSlot] = amount;
    settleTraceValues(record.plan, values);
    expect(values[workSlot]).toBe(amount);
  });
});
