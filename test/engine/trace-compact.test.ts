/**
 * The compact trace (engine/trace/trace-compact.ts) loses nothing: written by CompactTraceWriter and
 * read back by CompactTraceReader, every result gives exactly JSON.stringify(result), over every golden
 * case and the bench's requests, with and without trace, on first and later calls, for results changed
 * after the calculation (which must not be written through an entry that no longer fits), with the
 * interned values' table full, and with two writers whose outputs interleave. And it is compact: the
 * steps' constant parts are not repeated per result.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CompactTraceReader, CompactTraceWriter, loadEngine, resultJson, type CalculationResult } from '../../engine/index.ts';
import { benchProfile } from '../../tools/bench/engine-bench.ts';
import { SIMULATION_REQUESTS, attendanceRequest, bonusRequest, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { loadGoldenCases } from '../../tools/golden/runner.ts';
import { RESULT_CHANGES, stepsOf } from './support/result-changes.ts';

const engine = loadEngine();
const bench = benchProfile();

function withTrace(request: Record<string, unknown>, trace = true): Record<string, unknown> {
  const options = (request.calculation_options as Record<string, unknown> | undefined) ?? {};
  return { ...structuredClone(request), calculation_options: { ...options, include_calculation_trace: trace } };
}

/** Every golden case that calculates, and the bench's requests of each type, with trace and without. */
function results(): CalculationResult[] {
  const out: CalculationResult[] = [];
  for (const c of loadGoldenCases(join(import.meta.dirname, '../golden'))) {
    for (const trace of [true, false]) {
      try {
        out.push(engine.calculate(c.calculation, withTrace(c.request, trace), c.profile));
      } catch {
        // error cases: no result to write
      }
    }
  }
  for (let i = 0; i < 20; i++) out.push(engine.calculate('monthly_payroll', monthlyRequest(i, i % 5 !== 0), bench));
  out.push(engine.calculate('monthly_payroll', withTrace(attendanceRequest()), bench));
  out.push(engine.calculate('bonus', withTrace(bonusRequest()), bench));
  for (const [, type, request] of SIMULATION_REQUESTS) out.push(engine.calculate(type, withTrace(request), bench));
  return out;
}

/** Writes each value through the writer and reads it back through the reader, as a batch output and its expansion do. */
function roundTrip(writer: CompactTraceWriter, reader: CompactTraceReader, value: unknown): { text: string; back: string } {
  const text = writer.resultJson(value);
  const dictionary = writer.takeDictionary();
  if (dictionary !== undefined) reader.define(JSON.parse(dictionary));
  return { text, back: JSON.stringify(reader.expand(JSON.parse(text) as Record<string, unknown>)) };
}

describe('compact trace', () => {
  it('reads back to exactly JSON.stringify(result), for every golden case and bench request, on first and later calls', () => {
    const all = results();
    const writer = new CompactTraceWriter();
    const reader = new CompactTraceReader();
    // the first round writes traces nobody has read (from their records, trace-record.ts), the second read ones
    for (let round = 0; round < 2; round++) {
      const differing = all.filter((r) => roundTrip(writer, reader, r).back !== JSON.stringify(r)).map((r) => r.calculation_type);
      expect(differing).toEqual([]);
    }
    expect(all.filter((r) => r.calculation_trace.length > 0).length).toBeGreaterThan(300);
    // notes are among the steps (the attendance request's overtime pay): an interned slot of their own
    expect(all.some((r) => stepsOf(r).some((s) => typeof s.notes === 'string'))).toBe(true);
  });

  it('writes each rule version once: a later monthly result is about a tenth of its full text', () => {
    const writer = new CompactTraceWriter();
    writer.resultJson(engine.calculate('monthly_payroll', monthlyRequest(1, true), bench));
    expect(writer.takeDictionary()).toContain('"steps"');
    const later = engine.calculate('monthly_payroll', monthlyRequest(2, true), bench);
    const text = writer.resultJson(later);
    expect(writer.takeDictionary()).toBeUndefined(); // nothing new: every entry was made for the first result
    expect(text).not.toContain('legal_source');
    expect(text).toContain('"calculation_trace_compact":[[');
    expect(text.length * 6).toBeLessThan(JSON.stringify(later).length);
  });

  it('writes a result without trace, and any other value, as JSON.stringify', () => {
    const writer = new CompactTraceWriter();
    const r = engine.calculate('monthly_payroll', monthlyRequest(1, false), bench);
    for (const v of [r, { a: 1, b: [null, 'x'] }, [1, { c: undefined }], null, 'text']) {
      expect(writer.resultJson(v)).toBe(JSON.stringify(v));
      expect(writer.takeDictionary()).toBeUndefined();
    }
  });

  it.each(RESULT_CHANGES)('reads back exactly after the result was changed: %s', (_name, change) => {
    const writer = new CompactTraceWriter();
    const reader = new CompactTraceReader();
    const warm = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    expect(roundTrip(writer, reader, warm).back).toBe(JSON.stringify(warm));
    const r = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    // resultJson leaves a trace unread: a change that does not read it is written from the records
    const before = resultJson(r);
    change(r);
    expect(roundTrip(writer, reader, r).back).toBe(JSON.stringify(r));
    expect(JSON.stringify(r)).not.toBe(before);
    // an unchanged result after it is still written exactly, and through the entries made before
    const after = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    expect(roundTrip(writer, reader, after).back).toBe(JSON.stringify(after));
  });

  it('writes values in place once the interned table is full, and still reads back exactly', () => {
    const writer = new CompactTraceWriter({ maxValues: 1 });
    const reader = new CompactTraceReader();
    for (let i = 0; i < 3; i++) {
      const r = engine.calculate('monthly_payroll', withTrace(attendanceRequest()), bench);
      const { text, back } = roundTrip(writer, reader, r);
      expect(back).toBe(JSON.stringify(r));
      expect(text).toContain('[[{"type":'); // a master_refs value in place, wrapped
    }
  });

  it('two writers with their own ids, their outputs interleaved in order, read back through one reader', () => {
    const writers = [new CompactTraceWriter({ firstId: 0, idStep: 2 }), new CompactTraceWriter({ firstId: 1, idStep: 2 })];
    const reader = new CompactTraceReader();
    for (let i = 0; i < 12; i++) {
      // chunks of three results alternate between the writers, as batch chunks alternate between workers
      const writer = writers[Math.floor(i / 3) % 2];
      const r = engine.calculate(
        i % 4 === 3 ? 'bonus' : 'monthly_payroll',
        i % 4 === 3 ? withTrace(bonusRequest()) : monthlyRequest(i, true),
        bench,
      );
      expect(roundTrip(writer, reader, r).back).toBe(JSON.stringify(r));
    }
  });

  it('writes in full a result written with the same writer from a toJSON met meanwhile, and keeps the entries for the outer result', () => {
    const writer = new CompactTraceWriter();
    const reader = new CompactTraceReader();
    const other = engine.calculate('monthly_payroll', monthlyRequest(3, true), bench);
    const r = engine.calculate('monthly_payroll', monthlyRequest(7, true), bench);
    let inner: string | undefined;
    let innerDictionary: string | undefined = 'not asked';
    (r as unknown as Record<string, unknown>).warnings = {
      toJSON: () => {
        inner = writer.resultJson(other);
        innerDictionary = writer.takeDictionary();
        return 'after a nested answer';
      },
    };
    const { text, back } = roundTrip(writer, reader, r);
    expect(inner).toBe(JSON.stringify(other));
    expect(innerDictionary).toBeUndefined();
    expect(text).toContain('"calculation_trace_compact":[[');
    expect(back).toBe(JSON.stringify(r));
  });

  it('refuses a result whose entry was never defined, naming it', () => {
    const writer = new CompactTraceWriter();
    const text = writer.resultJson(engine.calculate('monthly_payroll', monthlyRequest(1, true), bench));
    expect(() => new CompactTraceReader().expand(JSON.parse(text) as Record<string, unknown>)).toThrow(/entry 0 is not defined/);
    expect(() => new CompactTraceReader().define({ steps: { 1: { keys: ['a'] } } })).toThrow(/entry 1 is malformed/);
  });
});
