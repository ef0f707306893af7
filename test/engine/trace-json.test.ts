/**
 * resultJson (engine/trace/trace-json.ts) writes exactly JSON.stringify(result), and resultUtf8 exactly
 * its UTF-8 bytes (or nothing, for a result the engine made no trace for): over every golden
 * case and the bench's requests, with the trace on, first call (from the trace's records) and later ones
 * (from its steps, read by then: the templates reused), and
 * for results changed after the calculation (a changed constant, an added or reordered key, a replaced
 * trace), which must not be written from a template that no longer fits.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { loadEngine, resultJson, resultUtf8, type CalculationResult } from '../../engine/index.ts';
import { pendingRecords } from '../../engine/trace/trace-record.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { SIMULATION_REQUESTS, attendanceRequest, bonusRequest, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { loadGoldenCases } from '../../tools/golden/runner.ts';
import { RESULT_CHANGES, stepsOf } from './support/result-changes.ts';

const engine = loadEngine();
const bench = benchProfile();

function withTrace(request: Record<string, unknown>): Record<string, unknown> {
  const options = (request.calculation_options as Record<string, unknown> | undefined) ?? {};
  return { ...structuredClone(request), calculation_options: { ...options, include_calculation_trace: true } };
}

/** Results with a trace: every golden case that calculates, and the bench's requests of each type. */
function tracedResults(): CalculationResult[] {
  const results: CalculationResult[] = [];
  for (const c of loadGoldenCases(join(import.meta.dirname, '../golden'))) {
    try {
      results.push(engine.calculate(c.calculation, withTrace(c.request), c.profile));
    } catch {
      // error cases: no result to write
    }
  }
  for (let i = 0; i < 20; i++) results.push(engine.calculate('monthly_payroll', monthlyRequest(i, true), bench));
  results.push(engine.calculate('monthly_payroll', withTrace(attendanceRequest()), bench));
  results.push(engine.calculate('bonus', withTrace(bonusRequest()), bench));
  for (const [, type, request] of SIMULATION_REQUESTS) results.push(engine.calculate(type, withTrace(request), bench));
  return results;
}

/**
 * resultJson's text, and resultUtf8's bytes decoded, each where it differs from JSON.stringify's; [] when
 * both agree. Both are written before JSON.stringify reads the result: a trace nobody has read yet is
 * written from its records (trace-record.ts), a read one from its steps.
 */
function differences(v: unknown): string[] {
  const bytes = resultUtf8(v);
  const text = resultJson(v);
  const expected = JSON.stringify(v);
  const out: string[] = [];
  if (text !== expected) out.push('text');
  if (bytes !== undefined && !bytes.equals(Buffer.from(expected, 'utf8'))) out.push('bytes');
  return out;
}

describe('resultJson', () => {
  it('writes what JSON.stringify writes, for every golden case and bench request, on first and later calls', () => {
    const results = tracedResults();
    expect(results.length).toBeGreaterThan(300);
    const withSteps = results.filter((r) => r.calculation_trace.length > 0);
    expect(withSteps.length).toBeGreaterThan(300);
    for (let round = 0; round < 2; round++) {
      const differing = results.filter((r) => differences(r).length > 0).map((r) => `${r.calculation_type}: ${differences(r).join()}`);
      expect(differing).toEqual([]);
      // every traced result has bytes (a result without steps has no plans: the caller serialises it)
      expect(withSteps.filter((r) => resultUtf8(r) === undefined)).toEqual([]);
    }
  });

  it('hands out answers that later answers do not overwrite, across slabs and for an answer larger than a slab', () => {
    const results = Array.from({ length: 40 }, (_, i) => engine.calculate('monthly_payroll', monthlyRequest(i, true), bench));
    // ~38 KB each: 40 answers fill more than two 512 KB slabs, and every earlier view must stay as written
    const answers = results.map((r) => resultUtf8(r)!);
    expect(answers.map((b, i) => b.equals(Buffer.from(JSON.stringify(results[i]), 'utf8')))).toEqual(results.map(() => true));
    const huge = engine.calculate('monthly_payroll', monthlyRequest(3, true), bench);
    (huge.warnings as string[]).push('x'.repeat(700_000));
    const bytes = resultUtf8(huge)!;
    expect(bytes.length).toBeGreaterThan(700_000);
    expect(bytes.equals(Buffer.from(JSON.stringify(huge), 'utf8'))).toBe(true);
    expect(answers.every((b, i) => b.equals(Buffer.from(JSON.stringify(results[i]), 'utf8')))).toBe(true);
  });

  it("writes an input kept as read from the calculation's inputs (Decimals and all) as its trace value, whatever it holds", () => {
    // the values a request input can hold, put in a record's allowances slot (kept as read: trace.ts, settleTraceValues)
    const VALUES: unknown[] = [
      [{ code: 'c', amount: new Decimal(12000), taxable: false }],
      [
        { amount: new Decimal('0.123456789012345678901234567') },
        new Decimal('-0'),
        new Decimal('1e21'),
        null,
        undefined,
        [[new Decimal(2)]],
      ],
      {
        employee_rate: new Decimal('0.0915'),
        flat_rate: new Decimal(1),
        amount: new Decimal('1.5'),
        nested: { other_rate: new Decimal(0), list: [new Decimal('0.25')] },
        gone: undefined,
      },
      [{ name: '通勤手当', 'key"quoted': 'line\nbreak' }],
      { deep: [[[[[[[[[[new Decimal(1)]]]]]]]]]] },
      [],
      {},
    ];
    for (const value of VALUES) {
      const r = engine.calculate('monthly_payroll', monthlyRequest(1, true), bench);
      const rec = pendingRecords(r)!.find((x) => x.plan.rule.doc.formula_code === 'payment_aggregation.gross_payment.v1')!;
      rec.values[rec.plan.index.get('allowances')!] = value;
      expect(differences(r), JSON.stringify(value)).toEqual([]);
    }
    // a value the trace cannot show throws as JSON.stringify of the steps throws
    const r = engine.calculate('monthly_payroll', monthlyRequest(1, true), bench);
    const rec = pendingRecords(r)!.find((x) => x.plan.rule.doc.formula_code === 'payment_aggregation.gross_payment.v1')!;
    rec.values[rec.plan.index.get('allowances')!] = [{ amount: Number.NaN }];
    expect(() => resultJson(r)).toThrow('cannot serialize NaN');
  });

  it('writes a result without trace, and any other value, as JSON.stringify', () => {
    const r = engine.calculate('monthly_payroll', monthlyRequest(1, false), bench);
    expect(r.calculation_trace).toEqual([]);
    for (const v of [r, { a: 1, b: [null, 'x'] }, [1, { c: undefined }], null, 'text']) {
      expect(resultJson(v)).toBe(JSON.stringify(v));
      expect(resultUtf8(v)).toBeUndefined();
    }
  });

  it('writes a frozen master ref with a getter as it reads now, not as it was (frozen, but its text can change)', () => {
    let version = 'first';
    const r = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    const refs = stepsOf(r).find((s) => (s.master_refs as Record<string, unknown>[]).length > 0)!.master_refs as Record<string, unknown>[];
    refs[0] = Object.freeze(Object.defineProperty({ ...refs[0] }, 'version', { get: () => version, enumerable: true }));
    expect(differences(r)).toEqual([]);
    expect(resultUtf8(r)!.toString()).toContain('"version":"first"');
    version = 'second';
    expect(differences(r)).toEqual([]);
    expect(resultUtf8(r)!.toString()).toContain('"version":"second"');
  });

  it('writes a constant that is, or holds, the same object as when its template was made, but changed since, as it is now', () => {
    const date = new Date(0);
    const held = { n: 1 };
    const change = (r: ReturnType<typeof engine.calculate>) => {
      stepsOf(r)[0].formula = date;
      stepsOf(r)[1].input_refs = ['a', held];
      (stepsOf(r)[2].rule as Record<string, unknown>).held = held;
    };
    const a = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    change(a);
    expect(differences(a)).toEqual([]);
    date.setTime(1000);
    held.n = 2;
    const b = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    change(b);
    expect(resultJson(b)).toContain('"formula":"1970-01-01T00:00:01.000Z"');
    expect(resultJson(b)).toContain('"input_refs":["a",{"n":2}]');
    expect(resultJson(b)).toContain('"held":{"n":2}');
    expect(differences(b)).toEqual([]);
  });

  it('throws as JSON.stringify does for a result with a cycle', () => {
    const r = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    const cycle: Record<string, unknown> = { a: [1] };
    (cycle.a as unknown[]).push(cycle);
    (r as unknown as Record<string, unknown>).extra = cycle;
    expect(() => JSON.stringify(r)).toThrow(TypeError);
    expect(() => resultJson(r)).toThrow(TypeError);
    expect(() => resultUtf8(r)).toThrow(TypeError);
  });

  it('writes exactly when a toJSON inside a step writes another answer meanwhile (a nested call)', () => {
    const other = engine.calculate('monthly_payroll', monthlyRequest(3, true), bench);
    const r = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    // raw_amount comes after the step's inputs: their text is already written down when the nested call runs
    stepsOf(r)[2].raw_amount = { toJSON: () => (resultUtf8(other), resultJson(other), 'after a nested answer') };
    const expected = JSON.stringify(r);
    expect(resultJson(r)).toBe(expected);
    expect(resultUtf8(r)!.toString('utf8')).toBe(expected);
  });

  it.each(RESULT_CHANGES)('writes what JSON.stringify writes after the result was changed: %s', (_name, change) => {
    // a fresh result of the same rule versions: their templates exist from the test above or are made now
    const warm = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    expect(differences(warm)).toEqual([]);
    const r = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    const before = resultJson(r);
    change(r);
    expect(JSON.stringify(r)).not.toBe(before);
    expect(differences(r)).toEqual([]);
    // and an unchanged result after it is still written exactly (a template replaced by a changed step is replaced back)
    const after = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    expect(differences(after)).toEqual([]);
  });
});
