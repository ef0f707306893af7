/**
 * A calculation as the JSON text of its plain result, JSON.stringify(calc.toResult()) byte for byte,
 * without making that object: each step's constant part comes from its rule version's template
 * (template.ts), about half of a monthly answer with trace; only the step's own values are written per
 * call, straight from its record (records.ts).
 *
 * calculationUtf8 writes the same text as UTF-8 bytes, the templates' pieces added already encoded: the
 * text of a traced answer is two-byte (the legal sources are Japanese), and building it as a string to
 * encode it afterwards cost as much again as writing it. Text the writer knows to be ASCII is added as it
 * is; all of it gathered as one string of bytes and written with one call (slab-writer.ts).
 */
import type { Calculation } from './calculation.ts';
import { keyText, traceJson, treeJson } from './json-text.ts';
import { rawAmount, recordInputs, roundedAmount, type StepRecord } from './records.ts';
import { SlabWriter, utf8Bytes } from './slab-writer.ts';
import { traceValueOf } from './steps.ts';
import { refsText, templateBytes, templateOf, type StepTemplate } from './template.ts';

/** Where a calculation's text goes: a string, or UTF-8 bytes. */
export interface JsonSink {
  /** text known to be ASCII */
  ascii(s: string): void;
  /** any text */
  text(s: string): void;
  /** a template's i-th piece */
  piece(t: StepTemplate, i: number): void;
  /** a step's master refs */
  refs(r: { json: string; bytes?: string }): void;
}

export class TextSink implements JsonSink {
  out = '';
  ascii(s: string): void {
    this.out += s;
  }
  text(s: string): void {
    this.out += s;
  }
  piece(t: StepTemplate, i: number): void {
    this.out += t.texts[i];
  }
  refs(r: { json: string }): void {
    this.out += r.json;
  }
}

class ByteSink implements JsonSink {
  readonly out = new SlabWriter();
  ascii(s: string): void {
    this.out.ascii(s);
  }
  text(s: string): void {
    this.out.text(s);
  }
  piece(t: StepTemplate, i: number): void {
    this.out.bytes(templateBytes(t)[i]);
  }
  refs(r: { json: string; bytes?: string }): void {
    this.out.bytes((r.bytes ??= utf8Bytes(r.json)));
  }
}

/** JSON.stringify(calc.toResult()). */
export function calculationJson(calc: Calculation): string {
  const sink = new TextSink();
  writeCalculation(calc, sink, 'calculation_trace', writeTrace);
  return sink.out;
}

/** The UTF-8 bytes of calculationJson(calc), as a view of a shared slab (slab-writer.ts). */
export function calculationUtf8(calc: Calculation): Buffer {
  const sink = new ByteSink();
  writeCalculation(calc, sink, 'calculation_trace', writeTrace);
  return sink.out.finish();
}

/** A value JSON.stringify writes (never undefined here): ASCII when walked as a plain tree. */
export function writeValue(sink: Pick<JsonSink, 'ascii' | 'text'>, v: unknown): void {
  const tree = treeJson(v);
  if (tree !== undefined) sink.ascii(tree);
  else sink.text(JSON.stringify(v));
}

function member(sink: Pick<JsonSink, 'ascii' | 'text'>, first: boolean, k: string, v: unknown): void {
  sink.ascii((first ? '{' : ',') + keyText(k)!);
  writeValue(sink, v);
}

/**
 * The result's text, its keys in the result's order, the trace written by `trace` under `traceKey`:
 * shared with the compact writer, whose results differ only there.
 */
export function writeCalculation<S extends Pick<JsonSink, 'ascii' | 'text'>>(
  calc: Calculation,
  sink: S,
  traceKey: string,
  trace: (records: readonly StepRecord[], sink: S) => void,
): void {
  const m = calc.metadata;
  member(sink, true, 'calculation_id', m.calculation_id);
  member(sink, false, 'calculation_type', m.calculation_type);
  member(sink, false, 'company_id', m.company_id);
  if (m.employee_ref !== undefined) member(sink, false, 'employee_ref', m.employee_ref);
  member(sink, false, 'calculated_at', m.calculated_at);
  member(sink, false, 'settings_snapshot', m.settings_snapshot);
  member(sink, false, 'amounts', calc.amounts);
  sink.ascii(',"' + traceKey + '":[');
  trace(calc.records, sink);
  sink.ascii(']');
  member(sink, false, 'warnings', calc.warnings);
  if (m.masters_carried_forward) member(sink, false, 'masters_carried_forward', m.masters_carried_forward);
  sink.ascii('}');
}

function writeTrace(records: readonly StepRecord[], sink: JsonSink): void {
  for (let i = 0; i < records.length; i++) {
    if (i > 0) sink.ascii(',');
    writeStep(records[i], sink);
  }
}

/** A recorded step: its template's pieces, and between them its own values. */
function writeStep(rec: StepRecord, sink: JsonSink): void {
  const t = templateOf(rec);
  const variables = t.variables;
  sink.piece(t, 0);
  for (let i = 0; i < variables.length; i++) {
    switch (variables[i]) {
      case 'inputs':
        writeInputs(rec, sink);
        break;
      case 'raw_amount':
        writeValue(sink, rawAmount(rec));
        break;
      case 'rounded_amount':
        writeValue(sink, roundedAmount(rec));
        break;
      case 'master_refs':
        sink.refs(refsText(rec.refs));
        break;
      case 'notes':
        writeValue(sink, rec.notes);
        break;
    }
    sink.piece(t, i + 1);
  }
}

/** JSON.stringify(recordInputs(rec)), written straight from the values where the rule's fields are known. */
function writeInputs(rec: StepRecord, sink: JsonSink): void {
  const shape = rec.shape;
  if (shape === null || !shape.plainKeys) return writeValue(sink, recordInputs(rec));
  const { fields, keyJson } = shape;
  const values = rec.values;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const v = values[field[2]];
    sink.ascii(keyJson[i]);
    // a settled value (steps.ts), or one read from the calculation's inputs, kept as read
    const json = traceJson(field[1], v);
    if (json !== undefined) sink.ascii(json);
    else sink.text(JSON.stringify(traceValueOf(field[1], v)));
  }
  if (rec.basis !== 'payment_date') {
    sink.ascii(fields.length === 0 ? '{' : ',');
    sink.ascii('"rule_date_basis":');
    writeValue(sink, rec.basis);
    sink.ascii(',"rule_version_date":');
    writeValue(sink, rec.date);
  } else if (fields.length === 0) sink.ascii('{');
  sink.ascii('}');
}
