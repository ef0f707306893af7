/**
 * Every writer of a Calculation (engine/trace/) against one reference, JSON.stringify(calc.toResult()):
 * the JSON text and the UTF-8 bytes are it byte for byte, and the compact form read back gives it, for
 * every golden case with its trace and without, the bench's requests of each type, on first writes
 * (templates made) and later ones (templates reused).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import {
  calculationJson,
  calculationUtf8,
  CompactTraceReader,
  CompactTraceWriter,
  loadEngine,
  type Calculation,
  type CalculationType,
} from '../../engine/index.ts';
import { settleTraceValues, traceInputs } from '../../engine/trace/steps.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { SIMULATION_REQUESTS, attendanceRequest, bonusRequest, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { loadGoldenCases } from '../../tools/golden/runner.ts';

const engine = loadEngine();
const bench = benchProfile();

function withTrace(request: Record<string, unknown>, trace = true): Record<string, unknown> {
  const options = (request.calculation_options as Record<string, unknown> | undefined) ?? {};
  return { ...structuredClone(request), calculation_options: { ...options, include_calculation_trace: trace } };
}

interface Case {
  name: string;
  type: CalculationType;
  request: Record<string, unknown>;
  profile: Parameters<typeof engine.calculate>[2];
}

/** Every golden case that calculates, with trace and without, and the bench's requests of each type. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const c of loadGoldenCases(join(import.meta.dirname, '../golden'))) {
    if (c.expect.error) continue;
    for (const trace of [true, false])
      out.push({
        name: `${c.id}${trace ? '' : ' (no trace)'}`,
        type: c.calculation,
        request: withTrace(c.request, trace),
        profile: c.profile,
      });
  }
  for (let i = 0; i < 20; i++)
    out.push({ name: `bench monthly ${i}`, type: 'monthly_payroll', request: monthlyRequest(i, i % 5 !== 0), profile: bench });
  out.push({ name: 'bench attendance', type: 'monthly_payroll', request: withTrace(attendanceRequest()), profile: bench });
  out.push({ name: 'bench bonus', type: 'bonus', request: withTrace(bonusRequest()), profile: bench });
  for (const [name, type, request] of SIMULATION_REQUESTS)
    out.push({ name: `bench ${name}`, type, request: withTrace(request), profile: bench });
  return out;
}

const CASES = cases();
const calculate = (c: Case): Calculation => engine.calculate(c.type, structuredClone(c.request), c.profile);

/** One compact writer and its reader across all cases, as a batch output and its expansion. */
const writer = new CompactTraceWriter();
const reader = new CompactTraceReader();
function compactRoundTrip(calc: Calculation, w = writer, r = reader): { text: string; back: string } {
  const text = w.write(calc);
  const dictionary = w.takeDictionary();
  if (dictionary !== undefined) r.define(JSON.parse(dictionary));
  return { text, back: JSON.stringify(r.expand(JSON.parse(text) as Record<string, unknown>)) };
}

describe('the writers of a Calculation, against JSON.stringify(calc.toResult())', () => {
  it('covers many calculations, most with a trace', () => {
    expect(CASES.length).toBeGreaterThan(600);
    expect(CASES.filter((c) => calculate(c).records.length > 0).length).toBeGreaterThan(300);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    // twice: the first writes make the templates (and the compact entries), the second reuse them
    for (let round = 0; round < 2; round++) {
      const calc = calculate(c);
      const expected = JSON.stringify(calc.toResult());
      expect(calculationJson(calc)).toBe(expected);
      expect(calculationUtf8(calc).equals(Buffer.from(expected, 'utf8'))).toBe(true);
      expect(compactRoundTrip(calc).back).toBe(expected);
    }
  });
});

describe('Calculation', () => {
  it('gives a plain result of its own objects: changing it changes neither the calculation nor what is written', () => {
    // paid in June 2027: the employment insurance rates and the levy are read after their known_through
    const request = { ...monthlyRequest(1, true), calculation_date: '2027-06-20', payment_date: '2027-06-25' };
    const calc = engine.calculate('monthly_payroll', request, bench);
    const before = calculationJson(calc);
    const result = calc.toResult();
    expect(Object.keys(result)).toEqual([
      'calculation_id',
      'calculation_type',
      'company_id',
      'employee_ref',
      'calculated_at',
      'settings_snapshot',
      'amounts',
      'calculation_trace',
      'warnings',
      'masters_carried_forward', // docs/adr/0105-law-carried-forward.md
    ]);
    result.calculation_trace[0].master_refs[0].version = 'changed';
    result.masters_carried_forward![0].known_through = 'changed';
    result.calculation_trace[1].inputs.x = 1;
    (result.amounts as Record<string, unknown>).net_pay = 0;
    result.warnings.push('changed');
    expect(calculationJson(calc)).toBe(before);
    expect(JSON.stringify(calc.toResult())).toBe(before);
  });

  it('is frozen', () => {
    const calc = engine.calculate('monthly_payroll', monthlyRequest(1, false), bench);
    expect(Object.isFrozen(calc)).toBe(true);
    expect(calc.records).toEqual([]);
    expect(calc.toResult().calculation_trace).toEqual([]);
  });
});

describe('the UTF-8 writer', () => {
  it('hands out answers that later answers do not overwrite, across slabs', () => {
    const calcs = Array.from({ length: 40 }, (_, i) => engine.calculate('monthly_payroll', monthlyRequest(i, true), bench));
    // ~38 KB each: 40 answers fill more than two 512 KB slabs, and every earlier view must stay as written
    const answers = calcs.map(calculationUtf8);
    expect(answers.every((b, i) => b.equals(Buffer.from(JSON.stringify(calcs[i].toResult()), 'utf8')))).toBe(true);
  });
});

describe('the compact writer', () => {
  it('writes each rule version once: a later monthly result is about a tenth of its full text', () => {
    const w = new CompactTraceWriter();
    w.write(engine.calculate('monthly_payroll', monthlyRequest(1, true), bench));
    expect(w.takeDictionary()).toContain('"steps"');
    const later = engine.calculate('monthly_payroll', monthlyRequest(2, true), bench);
    const text = w.write(later);
    expect(w.takeDictionary()).toBeUndefined(); // nothing new: every entry was made for the first result
    expect(text).not.toContain('legal_source');
    expect(text).toContain('"calculation_trace_compact":[[');
    expect(text.length * 6).toBeLessThan(calculationJson(later).length);
  });

  it('writes a calculation without trace as the JSON writer does, with no dictionary', () => {
    const w = new CompactTraceWriter();
    const calc = engine.calculate('monthly_payroll', monthlyRequest(1, false), bench);
    expect(w.write(calc)).toBe(calculationJson(calc));
    expect(w.takeDictionary()).toBeUndefined();
  });

  it('writes values in place once the interned table is full, and still reads back exactly', () => {
    const w = new CompactTraceWriter({ maxValues: 1 });
    const r = new CompactTraceReader();
    for (let i = 0; i < 3; i++) {
      const calc = engine.calculate('monthly_payroll', withTrace(attendanceRequest()), bench);
      const { text, back } = compactRoundTrip(calc, w, r);
      expect(back).toBe(JSON.stringify(calc.toResult()));
      expect(text).toContain('[[{"type":'); // a master_refs value in place, wrapped
    }
  });

  it('two writers with their own ids, their outputs interleaved in order, read back through one reader', () => {
    const writers = [new CompactTraceWriter({ firstId: 0, idStep: 2 }), new CompactTraceWriter({ firstId: 1, idStep: 2 })];
    const r = new CompactTraceReader();
    for (let i = 0; i < 12; i++) {
      // chunks of three results alternate between the writers, as batch chunks alternate between workers
      const w = writers[Math.floor(i / 3) % 2];
      const bonus = i % 4 === 3;
      const calc = bonus
        ? engine.calculate('bonus', withTrace(bonusRequest()), bench)
        : engine.calculate('monthly_payroll', monthlyRequest(i, true), bench);
      expect(compactRoundTrip(calc, w, r).back).toBe(JSON.stringify(calc.toResult()));
    }
  });

  it('refuses a result whose entry was never defined, naming it', () => {
    const text = new CompactTraceWriter().write(engine.calculate('monthly_payroll', monthlyRequest(1, true), bench));
    expect(() => new CompactTraceReader().expand(JSON.parse(text) as Record<string, unknown>)).toThrow(/entry 0 is not defined/);
    expect(() => new CompactTraceReader().define({ steps: { 1: { keys: ['a'] } } })).toThrow(/entry 1 is malformed/);
  });
});

describe('settled values', () => {
  const GROSS = 'payment_aggregation.gross_payment.v1';
  const grossRecord = (calc: Calculation) => calc.records.find((r) => r.plan.rule.doc.formula_code === GROSS)!;
  const record = grossRecord(engine.calculate('monthly_payroll', monthlyRequest(2, true), bench));
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

  it("the caller's metadata is the engine's copy: changed by the caller after the calculation, the trace shows it as sent", () => {
    const request = monthlyRequest(3, true) as { allowances: { metadata?: Record<string, unknown> }[] };
    const metadata = { source: 'hr-system', batch: 7 };
    request.allowances[0].metadata = metadata;
    const calc = engine.calculate('monthly_payroll', request as Record<string, unknown>, bench);
    const kept = (grossRecord(calc).values[requestSlot] as { metadata: unknown }[])[0].metadata;
    expect(kept).toEqual(metadata);
    expect(kept).not.toBe(metadata);
    metadata.source = 'changed';
    metadata.batch = 8;
    const written = JSON.parse(calculationJson(calc)) as {
      calculation_trace: { formula_code: string; inputs: { allowances: { metadata: unknown }[] } }[];
    };
    const step = written.calculation_trace.find((s) => s.formula_code === GROSS)!;
    expect(step.inputs.allowances[0].metadata).toEqual({ source: 'hr-system', batch: 7 });
  });

  it('a value the trace cannot show fails when its step is recorded', () => {
    const values = record.values.slice();
    values[workSlot] = [{ amount: Number.NaN }];
    expect(() => settleTraceValues(record.plan, values)).toThrow('cannot serialize NaN');
  });

  it('Decimals and primitives are kept as they are (they cannot change)', () => {
    const values = record.values.slice();
    const amount = new Decimal('123.45');
    values[workSlot] = amount;
    settleTraceValues(record.plan, values);
    expect(values[workSlot]).toBe(amount);
  });

  it("writes an input kept as read from the calculation's inputs (Decimals and all) as its trace value, whatever it holds", () => {
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
        amount: new Decimal('1.5'),
        nested: { other_rate: new Decimal(0), list: [new Decimal('0.25')] },
      },
      [{ name: '通勤手当', 'key"quoted': 'line\nbreak' }],
      { deep: [[[[[[[[[[new Decimal(1)]]]]]]]]]] },
      [],
      {},
    ];
    for (const value of VALUES) {
      const calc = engine.calculate('monthly_payroll', monthlyRequest(1, true), bench);
      const rec = grossRecord(calc);
      rec.values[requestSlot] = value;
      const expected = JSON.stringify(calc.toResult());
      expect(calculationJson(calc), JSON.stringify(value)).toBe(expected);
      expect(calculationUtf8(calc).toString('utf8')).toBe(expected);
      expect(compactRoundTrip(calc).back).toBe(expected);
    }
  });
});
