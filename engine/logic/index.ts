/** The rule interpreter: compile json-logic to Decimal closures; serialize values for traces. */
export { compileExpression, ExpressionCompileError, joinWhere } from './compile.ts';
export { variablesOf, rootVariablesOf } from './variables.ts';
export { serializeValue, toDecString, type Json } from './serialize.ts';
export { getOperator, operatorNames, OPERATORS, SCOPED_OPERATORS } from './operators/index.ts';
export { truthy, looseEquals, strictEquals } from './values.ts';
export type * from './types.ts';
