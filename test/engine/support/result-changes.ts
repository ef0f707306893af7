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
export const firstRefs = (r: CalculationResult) => stepsOf(r).find((s) => (s.master_refs as Step[]).length > 0)!.master_refs as Step[];
/** The inputs of the first step whose inputs are all primitives (no nested value to make their text not ASCII anyway). */
const flatInputs = (r: CalculationResult) =>
  stepsOf(r)
    .map((s) => s.inputs as Step)
    .find((inputs) => Object.values(inputs).every((v) => typeof v !== 'object' || v === null))!;

export const RESULT_CHANGES: [string, (r: CalculationResult) => void][] = [
  ['a constant changed', (r) => (stepsOf(r)[0].formula = 'changed')],
  ['the rule provenance changed', (r) => ((stepsOf(r)[1].rule as Step).sha256 = 'other')],
  ['an input ref added', (r) => (stepsOf(r)[2].input_refs as string[]).push('extra.ref')],
  ['an input added', (r) => ((stepsOf(r)[2].inputs as Step).extra = 1)],
  ['an input made undefined', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = undefined)],
  ['an input given a toJSON', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = { toJSON: (k: string) => k })],
  ['inputs made an array', (r) => (stepsOf(r)[2].inputs = [1, 2])],
  // inputs are written key by key (trace-json.ts): every value it writes itself, and every one it must not
  ['an input with a quote and a backslash', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = 'a"b\\c')],
  ['an input with a lone surrogate', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = 'x\ud800y\udc00')],
  [
    'an input with control and non-ASCII characters',
    (r) => Object.assign(flatInputs(r), { [Object.keys(flatInputs(r))[0]]: '\u0001\n計\u007f\u2028😀' }),
  ],
  [
    'inputs not finite, and a negative zero',
    (r) =>
      Object.assign(stepsOf(r)[2].inputs as Step, {
        base_pay: NaN,
        overtime_pay: -Infinity,
        absence_deduction: -0,
        late_early_leave_deduction: 1e21,
      }),
  ],
  ['an input key needing escaping', (r) => (flatInputs(r)['k"\\\n\ud800計'] = 'v')],
  ['an input a symbol', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = Symbol('s'))],
  ['an input a function', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = () => 1)],
  ['an input a date', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = new Date(0))],
  ['an input a nested object', (r) => ((stepsOf(r)[2].inputs as Step).base_pay = { a: [1, '"', undefined], b: undefined, c: new Date(0) })],
  ['an input a getter', (r) => Object.defineProperty(stepsOf(r)[2].inputs, 'base_pay', { get: () => 'got', enumerable: true })],
  ['an input not enumerable', (r) => Object.defineProperty(stepsOf(r)[2].inputs, 'base_pay', { value: 1, enumerable: false })],
  ['inputs given an enumerable toJSON', (r) => ((stepsOf(r)[2].inputs as Step).toJSON = () => ({ x: 1 }))],
  [
    'inputs without a prototype',
    (r) => (stepsOf(r)[2].inputs = Object.assign(Object.create(null) as Step, stepsOf(r)[2].inputs, { extra: 'x' })),
  ],
  ['inputs with an inherited key', (r) => (stepsOf(r)[2].inputs = Object.assign(Object.create({ inherited: 1 }) as Step, { own: 2 }))],
  ['inputs given an inherited toJSON', (r) => Object.setPrototypeOf(stepsOf(r)[2].inputs, { toJSON: () => ({ inherited: true }) })],
  ['inputs emptied', (r) => (stepsOf(r)[2].inputs = {})],
  [
    'inputs with keys in another order',
    (r) => (stepsOf(r)[2].inputs = Object.fromEntries(Object.entries(stepsOf(r)[2].inputs as Step).reverse())),
  ],
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
  ['a master ref replaced by another frozen one', (r) => (firstRefs(r)[0] = Object.freeze({ ...firstRefs(r)[0], version: 'other' }))],
  ['the master refs given a toJSON that reads its key', (r) => ((firstRefs(r) as unknown as Step).toJSON = (k: string) => 'refs at ' + k)],
  ['a master ref added', (r) => firstRefs(r).push({ id: 'x' })],
  ['a master ref given a nested value', (r) => (firstRefs(r)[0] = { ...firstRefs(r)[0], id: { n: 1 } })],
  ['notes added', (r) => (stepsOf(r)[0].notes = '注記')],
  ['notes a number', (r) => (stepsOf(r)[0].notes = 5)],
  ['a long text with non-ASCII characters in a value', (r) => (stepsOf(r)[4].raw_amount = '計算'.repeat(40) + '\u2028"')],
  ['a master ref with non-ASCII text', (r) => (firstRefs(r)[0] = { ...firstRefs(r)[0], id: '協会けんぽ東京' })],
  ['a result value with non-ASCII text before the trace', (r) => ((r as unknown as Step).employee_ref = '従業員'.repeat(30))],
  ['a result value with non-ASCII text after the trace', (r) => (r.warnings as string[]).push('注意\u2028😀')],
  [
    'result values with undefined, holes, a key to escape, a date, a map and non-ASCII text inside',
    (r) => {
      const sparse: unknown[] = [undefined, 1];
      sparse[4] = 'x';
      Object.assign(r as unknown as Step, {
        extra: { a: undefined, b: sparse, 'k"\n': 1 },
        date: { c: new Date(0) },
        map: { d: new Map([[1, 2]]) },
      });
      Object.assign(r.amounts as unknown as Step, { nested: { deeper: [{ n: -0, f: NaN, e: ['計'] }] } });
    },
  ],
  [
    'nested result values given a toJSON that reads its key (on an array, and not enumerable)',
    (r) => {
      const amounts = r.amounts as unknown as Record<string, Step>;
      Object.defineProperty(amounts.custom_deductions, 'toJSON', { value: (k: string) => 'deductions at ' + k });
      const items: unknown[] = [];
      (items as unknown as Step).toJSON = (k: string) => 'items at ' + k;
      (r.settings_snapshot as unknown as Step).items = items;
    },
  ],
  ['a result key with non-ASCII text', (r) => ((r as unknown as Step)['結果'] = 1)],
  [
    'a result value nested deeper than written by hand',
    (r) => ((r as unknown as Step).extra = JSON.parse('['.repeat(20) + '1' + ']'.repeat(20))),
  ],
  ['an allowance with non-ASCII text', (r) => ((stepsOf(r)[2].inputs as Step).allowances = [{ code: 'x', name: '通勤手当', amount: 1 }])],
  [
    'the result given a prototype with an enumerable key (and an own key)',
    (r) => Object.assign(Object.setPrototypeOf(r, { inherited: 1 }) as Step, { own: 1 }),
  ],
  // a toJSON is given the key of its value in the holder (a step's its index), not '' as JSON.stringify(value) gives it
  ['a step given a toJSON that reads its key', (r) => (stepsOf(r)[3].toJSON = (k: string) => 'step at ' + k)],
  ['an amount given a toJSON that reads its key', (r) => (stepsOf(r)[0].raw_amount = { toJSON: (k: string) => 'amount at ' + k })],
  ['inputs given a toJSON that reads its key', (r) => ((stepsOf(r)[2].inputs as Step).toJSON = (k: string) => 'inputs at ' + k)],
  ['a result value given a toJSON that reads its key', (r) => ((r.warnings as unknown as Step).toJSON = (k: string) => 'warnings at ' + k)],
  ['a step replaced', (r) => (stepsOf(r)[0] = { step: 'other' })],
  ['the trace replaced', (r) => (r.calculation_trace = [{ step: 'x' }])],
  ['a result key added', (r) => ((r as unknown as Step).extra = 1)],
  // the trace left unread: a writer writes it from its records (trace-record.ts), the result's keys around it by hand
  [
    'a result value made undefined, another a function',
    (r) => Object.assign(r as unknown as Step, { warnings: undefined, extra: () => 1 }),
  ],
  [
    'a result key named __proto__',
    (r) => Object.defineProperty(r, '__proto__', { value: { x: 1 }, enumerable: true, writable: true, configurable: true }),
  ],
  ['a step made a number', (r) => ((stepsOf(r) as unknown[])[3] = 5)],
  ['a step made an array', (r) => ((stepsOf(r) as unknown[])[3] = [0, 1])],
  [
    'a step given a toJSON not enumerable',
    (r) => Object.defineProperty(stepsOf(r)[1], 'toJSON', { value: () => ({ step: 'as toJSON says' }) }),
  ],
  ['inputs given a toJSON not enumerable', (r) => Object.defineProperty(stepsOf(r)[2].inputs, 'toJSON', { value: () => 'x' })],
  ['the input refs given a toJSON', (r) => ((stepsOf(r)[0].input_refs as unknown as Record<string, unknown>).toJSON = () => 'refs')],
  [
    'the rule provenance given a toJSON not enumerable',
    (r) => Object.defineProperty(stepsOf(r)[1].rule, 'toJSON', { value: () => 'rule' }),
  ],
  [
    'the trace given a toJSON that reads its key',
    (r) => ((r.calculation_trace as unknown as Record<string, unknown>).toJSON = (k: string) => 'trace at ' + k),
  ],
  [
    'a master ref given a toJSON not enumerable',
    (r) => (firstRefs(r)[0] = Object.defineProperty({ ...firstRefs(r)[0] }, 'toJSON', { value: () => 'ref' })),
  ],
];
