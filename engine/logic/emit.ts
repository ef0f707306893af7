/**
 * A rule's expression as one generated function, where its operators can say what they do as source.
 *
 * Why: compile.ts makes each node a closure, and every `+` of every rule is the same function literal:
 * V8 keeps one feedback vector and one optimised code for all of them, so the calls to their operands
 * see every rule's operands (megamorphic) and nothing is inlined. An operator that gives `emit` writes
 * its node as a JS expression over its operands' expressions, calling the same helpers its closure
 * calls (requireDecimal, plus, truthy, compareValues...): the whole expression becomes one function of
 * its own per rule, each call site monomorphic. An operator without `emit` (map, range_lookup,
 * bracket_formula...) is called as its closure from inside the generated function (docs/performance.md,
 * tenth round, measures it).
 *
 * The generated function answers as the closures answer (test/logic/emit.test.ts holds them together,
 * messages of the errors included); PAYROLL_CODEGEN=off keeps the closures (engine/util/codegen.ts).
 * Sources embed no value as text: constants, helpers and messages are passed in as parameters.
 */
import { generatedFunction } from '../util/codegen.ts';
import { RuleScope, type RuleScopeNames } from './rule-scope.ts';
import type { Evaluator } from './types.ts';

/**
 * A piece of generated source: text, a value passed in, a variable of the generated function, or
 * another expression's pieces as they are (nested, not copied: a parent holds its operands' code, so
 * building a rule's expression costs its size, where copying each operand's pieces into its parent
 * cost its size times its depth; generateExpression walks the tree once).
 */
export type Part = string | { readonly ref: unknown } | { readonly temp: object } | Code;
/** A JS expression, as pieces. */
export type Code = readonly Part[];

/** What an operator's emit is given besides its operands' code. */
export interface EmitContext {
  /** where the node came from, as its closure's error messages say it */
  where: string;
  /** the rule's slots where the node runs over its RuleScope (compile.ts's ruleScope), else undefined */
  ruleScope?: RuleScopeNames;
  /** a value the code uses as it is (a helper, a Decimal, a message) */
  ref(value: unknown): Code;
  /** a variable of its own in the generated function */
  temp(): Code;
}

/** Source from a template: `js\`${ref(plus)}(${a}, ${b})\``. */
export function js(strings: TemplateStringsArray, ...codes: Code[]): Code {
  const out: Part[] = [strings[0]];
  for (let i = 0; i < codes.length; i++) out.push(codes[i], strings[i + 1]);
  return out;
}

/** Codes joined by a separator. */
export function joinCode(codes: readonly Code[], separator: string): Code {
  const out: Part[] = [];
  for (let i = 0; i < codes.length; i++) {
    if (i > 0) out.push(separator);
    out.push(codes[i]);
  }
  return out;
}

/** An EmitContext's ref and temp (compile.ts adds where and ruleScope per node). */
export const EMIT_CONTEXT_BASE = {
  ref: (value: unknown): Code => [{ ref: value }],
  temp: (): Code => [{ temp: {} }],
};

/** The code of a node compiled as a closure only: a call of it. */
export function callOf(evaluator: Evaluator): Code {
  return [{ ref: evaluator }, '(s)'];
}

/**
 * The generated function of an expression's code, or `closure` itself when the code is only a call of
 * closures (nothing gained) or code generation is off. With `ruleScope`, the code may read the rule's
 * slots directly: a scope that is not that rule's RuleScope goes to the closure (as each var would).
 */
export function generateExpression(code: Code, closure: Evaluator, ruleScope: RuleScopeNames | undefined): Evaluator {
  const parts: Exclude<Part, Code>[] = [];
  flatten(code, parts);
  if (!parts.some((p) => typeof p === 'string' && p !== '(s)')) return closure;
  const names = new Map<unknown, string>();
  const temps = new Map<object, string>();
  let text = '';
  for (const p of parts) {
    if (typeof p === 'string') text += p;
    else if ('ref' in p) {
      let name = names.get(p.ref);
      if (name === undefined) names.set(p.ref, (name = `r${names.size}`));
      text += name;
    } else {
      let name = temps.get(p.temp);
      if (name === undefined) temps.set(p.temp, (name = `t${temps.size}`));
      text += name;
    }
  }
  const params = [...names.values(), 'RuleScope', 'index', 'closure'];
  const lets = temps.size ? `let ${[...temps.values()].join(', ')};\n` : '';
  const guard = ruleScope ? 'if (!(s instanceof RuleScope) || s.index !== index) return closure(s);\n' : '';
  const body = `"use strict";\nreturn function expression(s) {\n${lets}${guard}return ${text};\n};`;
  const make = generatedFunction<(...args: unknown[]) => Evaluator>(params, body, () => () => closure);
  return make(...names.keys(), RuleScope, ruleScope?.index, closure);
}

/** The pieces of `code` in order, its nested operands' pieces in their places. */
function flatten(code: Code, out: Exclude<Part, Code>[]): void {
  for (const p of code) {
    if (Array.isArray(p)) flatten(p as Code, out);
    else out.push(p as Exclude<Part, Code>);
  }
}
