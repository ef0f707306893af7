/**
 * The rule interpreter: json-logic expressions compiled once into closures that compute with Decimal.
 *
 * Values flowing through an expression: Decimal (every number), string, boolean, null, arrays and plain
 * objects of those. A number literal in a rule becomes a Decimal at compile time.
 */
import type { Decimal } from '../decimal.ts';
import type { RuleScopeNames } from './rule-scope.ts';

export type Value = Decimal | string | boolean | null | Value[] | { [key: string]: Value };

/** Variables visible to an expression; `var` resolves dotted paths ("a.b.0.c") in it. */
export type Scope = { [key: string]: unknown };

export type Evaluator = (scope: Scope) => Value;

/** Compiles the operands' evaluators into the operator's evaluator; called once per occurrence at load. */
export type OperatorCompiler = (args: Evaluator[], raw: unknown[], ctx: CompileContext) => Evaluator;

export interface CompileContext {
  /** compiles a nested expression (used by operators that scope their operands, e.g. map/filter). */
  compile(expr: unknown): Evaluator;
  /** where the expression came from, for load problems ("rules/x.yaml /expression/+/1"). */
  where: string;
  /**
   * Names certainly set in the scope when this node runs over a RuleScope (a rule's inputs and earlier
   * bindings); undefined where the scope is something else (the item of map/filter/reduce/all/some/none).
   */
  ruleScope?: RuleScopeNames;
}

/** One operator of the interpreter: a file under operators/ (or a row of its family's table there), registered in operators/index.ts. */
export interface OperatorDef {
  /** json-logic operator names this definition answers to (e.g. ["if", "?:"]). */
  names: string[];
  /** [min, max] number of operands; max may be Infinity. Checked at compile time. */
  arity: [number, number];
  compile: OperatorCompiler;
  /**
   * What it yields, as far as its form tells (result-kinds.ts: the load's check that a rounded rule
   * yields a number): a kind it always yields, `operand` (one of its operands: and, or) or `branch` (one
   * of its branches, null when none is taken: if); absent, anything (var, lookups, map...).
   */
  yields?: ResultKind | 'operand' | 'branch';
  /**
   * The operands it takes as numbers (Decimals), by position from 0, or all of them: the load refuses an
   * operand there that can yield a string or a boolean as far as its form tells (result-kinds.ts).
   */
  numberOperands?: 'all' | readonly number[];
}

/** A kind of value an expression yields: a Decimal (number), a string, a boolean, null. */
export type ResultKind = 'number' | 'string' | 'boolean' | 'null';
