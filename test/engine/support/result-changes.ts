/**
 * Ways a calculation result can be changed after the engine made it, each enough to make a template or
 * dictionary entry of its rule version no longer fit. Every serialiser that writes traces from
 * per-rule-version parts (trace-json.ts's resultJson and resultUtf8, trace-compact.ts's writer) must
 * still write exactly what JSON.stringify writes after each of them: one list, so both are held to all.
 */
import type { CalculationResult } from '../../../engine/index.ts';

export type Step = Record<string, unknown>;
export const stepsOf = (r: CalculationResult) => r.calculation_trace as Step[];
/** The master_refs of the first step that read a master (its records are the settings' frozen objects: replace, not edit). */
const firstRefs = (r: CalculationResult) => stepsOf(r).find((s) => (s.master_refs as Step[]).length > 0)!.master_refs as Step[];

export const RESULT_CHANGES: [string, (r: CalculationResult) => void][] = [
  ['a constant changed', (r) => (stepsOf(r)[0].formula = 'changed')],
  ['the rule provenance changed', (r) => ((stepsOf(r)[1].rule as Step).sha256 = 'other')],
  ['an input ref added', (r) => (stepsOf(r)[2].input_refs as string[]).push('extra.ref')],
  ['an input added', (r) => ((stepsOf(r)[2].inputs as Step).extra = 1)],
  ['an input made undefined', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = undefined)],
  ['an input given a toJSON', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = { toJSON: (k: string) => k })],
  ['inputs made an array', (r) => (stepsOf(r)[2].inputs = [1, 2])],
  ['a key added', (r) => (stepsOf(r)[0].extra = { x: 1 })],
  ['a nested constant', (r) => (stepsOf(r)[0].formula = { nested: { x: 1 } })],
  ['a key removed', (r) => delete stepsOf(r)[0].formula],
  ['a key named __proto__', (r) => Object.defineProperty(stepsOf(r)[0], '__proto__', { value: 1, enumerable: true })],
  [
    'keys reordered',
    (r) => {
      const s = stepsOf(r)[0];
      const { step, ...rest } = s;
      for (const k of Object.keys(s)) delete s[k];
      Object.assign(s, rest, { step });
    },
  ],
  ['a variable value undefined', (r) => (stepsOf(r)[0].raw_amount = undefined)],
  ['a master ref replaced', (r) => (firstRefs(r)[0] = { type: 'other' })],
  ['a master ref changed', (r) => (firstRefs(r)[0] = { ...firstRefs(r)[0], version: 'other' })],
  ['a master ref added', (r) => firstRefs(r).push({ id: 'x' })],
  ['a master ref given a nested value', (r) => (firstRefs(r)[0] = { ...firstRefs(r)[0], id: { n: 1 } })],
  ['notes added', (r) => (stepsOf(r)[0].notes = '注記')],
  ['notes a number', (r) => (stepsOf(r)[0].notes = 5)],
  ['a long text with non-ASCII characters in a value', (r) => (stepsOf(r)[4].raw_amount = '計算'.repeat(40) + '\u2028"')],
  ['a step replaced', (r) => (stepsOf(r)[0] = { step: 'other' })],
  ['the trace replaced', (r) => (r.calculation_trace = [{ step: 'x' }])],
  ['a result key added', (r) => ((r as unknown as Step).extra = 1)],
  ['a step made a number', (r) => ((stepsOf(r) as unknown[])[3] = 5)],
  ['a step made an array', (r) => ((stepsOf(r) as unknown[])[3] = [0, 1])],
];
