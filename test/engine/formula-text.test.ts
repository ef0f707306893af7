/**
 * A rule's formula text is held to its rounding at load (engine/loading/rules/check-formula.ts): the trace
 * never shows a formula that rounds differently from the amount beside it.
 */
import { describe, expect, it } from 'vitest';
import { checkFormulaText } from '../../engine/loading/rules/check-formula.ts';

const rule = (
  formula: string,
  rounding_rule: string | null,
  expression: unknown = { '*': [{ var: 'a' }, { var: 'b' }] },
  bindings?: Record<string, unknown>,
) => ({
  formula,
  rounding_rule,
  expression,
  bindings,
});
const messages = (doc: ReturnType<typeof rule>) => checkFormulaText('rules/x/x.y.v1.yaml', doc).map((p) => `${p.path}: ${p.message}`);

describe('formula text against rounding', () => {
  it('accepts a formula that shows its rounding by name or short form', () => {
    expect(messages(rule('floor_yen(a x b)', 'floor_yen'))).toEqual([]);
    expect(messages(rule('round_50_sen(a x b)', 'round_50_sen_or_less_down_over_50_sen_up_to_yen'))).toEqual([]);
    expect(messages(rule('round_half_up(a / 100) x 100', 'round_half_up_to_100_yen'))).toEqual([]);
    expect(messages(rule('a x b', null))).toEqual([]);
  });

  it("refuses a formula that hides the rule's rounding", () => {
    expect(messages(rule('a x b', 'ceil_yen'))).toEqual([
      "/formula: the formula does not show the rule's rounding_rule ceil_yen (write it by name, e.g. ceil_yen(...))",
    ]);
  });

  it('refuses a formula that shows a rounding the rule does not apply', () => {
    expect(messages(rule('floor_yen(a x b)', 'ceil_yen'))).toEqual([
      "/formula: the formula does not show the rule's rounding_rule ceil_yen (write it by name, e.g. ceil_yen(...))",
      '/formula: the formula shows the rounding floor_yen, which neither rounding_rule nor the expression applies',
    ]);
    expect(messages(rule('round_50_sen(a x b)', null))).toEqual([
      '/formula: the formula shows the rounding round_50_sen_or_less_down_over_50_sen_up_to_yen, which neither rounding_rule nor the expression applies',
    ]);
  });

  it('a rounding applied inside the expression or a binding may be shown', () => {
    const rounded = { round: ['round_half_up_to_yen', { var: 'a' }] };
    expect(messages(rule('round_half_up_to_yen(a) x b', null, { '*': [rounded, { var: 'b' }] }))).toEqual([]);
    expect(messages(rule('ceil_yen(round_half_up_to_yen(a) x b)', 'ceil_yen', { var: 'x' }, { x: rounded }))).toEqual([]);
  });
});
