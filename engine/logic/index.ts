/** The rule interpreter: compile json-logic to Decimal closures, and name the variables an expression reads. */
export { compileExpression, ExpressionCompileError } from './compile.ts';
export { variablesOf, rootVariablesOf } from './variables.ts';
export type * from './types.ts';
