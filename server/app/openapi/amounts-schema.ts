/**
 * The JSON schema of a calculation's `amounts`, generated from the outputs its pipeline declares
 * (engine/loading/rules/outputs.ts): each declared type becomes its wire form here, each block a strict object
 * (additionalProperties false) whose required fields are the ones not declared optional. A new output is
 * thus in the response schema, openapi.json and the typed client as soon as its rule and declaration load.
 * Examples are the values of the documented example result where it has the field.
 */
import type { OutputDeclaration, OutputDeclarations, OutputType } from '../../../engine/index.ts';
import { MAX_YEN, signedYen, yen } from '../../../engine/contract/index.ts';
import { customDeductionListSchema, monthExclusionListSchema, monthSchema, previousEmployerListSchema } from '../schemas/results.ts';

type Json = Record<string, unknown>;

const DEFAULT_EXAMPLE: Record<OutputType, unknown> = {
  yen: 0,
  non_negative_yen: 0,
  integer: 1,
  decimal_string: '0',
  custom_deduction_list: [],
  boolean: true,
  month: '2026-09',
  month_list: ['2026-04', '2026-05', '2026-06'],
  month_exclusion_list: [],
  code: 'none',
  date: '2026-11-30',
  previous_employer_list: [],
  yen_list: [0],
};

/** Each declared type's wire form. */
function valueSchema(type: OutputType, description: string, example: unknown, values?: string[]): object {
  switch (type) {
    case 'yen':
      return signedYen(description, example as number);
    case 'non_negative_yen':
      return yen(description, example as number);
    case 'integer':
      return { type: 'integer', minimum: -MAX_YEN, maximum: MAX_YEN, description, examples: [example] };
    case 'decimal_string':
      return { type: 'string', description, examples: [example] };
    case 'custom_deduction_list':
      return { ...customDeductionListSchema, description, examples: [example] };
    case 'boolean':
      return { type: 'boolean', description, examples: [example] };
    case 'month':
      return { ...monthSchema, description, examples: [example] };
    case 'month_list':
      return { type: 'array', items: monthSchema, description, examples: [example] };
    case 'month_exclusion_list':
      return { ...monthExclusionListSchema, description, examples: [example] };
    case 'code':
      return { type: 'string', ...(values ? { enum: values } : {}), description, examples: [example] };
    case 'date':
      return { type: 'string', format: 'date', description, examples: [example] };
    case 'previous_employer_list':
      return { ...previousEmployerListSchema, description, examples: [example] };
    case 'yen_list':
      return { type: 'array', items: yen('An amount.'), description, examples: [example] };
  }
}

/** A nullable declaration's value schema also admits null (and so does its enum). */
function nullable(schema: Json): object {
  const values = schema.enum as unknown[] | undefined;
  return { ...schema, type: [schema.type, 'null'], ...(values ? { enum: [...values, null] } : {}) };
}

function declarationSchema(decl: OutputDeclaration, example: unknown): object {
  if (!decl.fields && decl.nullable)
    return nullable(
      valueSchema(decl.type!, decl.description, example === undefined ? DEFAULT_EXAMPLE[decl.type!] : example, decl.values) as Json,
    );
  if (!decl.fields) return valueSchema(decl.type!, decl.description, example ?? DEFAULT_EXAMPLE[decl.type!], decl.values);
  if (decl.list) {
    const first = Array.isArray(example) ? (example[0] as Json | undefined) : undefined;
    const items = blockSchema(decl.fields, `One item of ${decl.description}`, first) as { examples: unknown[] };
    return { type: 'array', description: decl.description, items, examples: [Array.isArray(example) ? example : items.examples] };
  }
  return blockSchema(decl.fields, decl.description, (example ?? undefined) as Json | undefined);
}

function blockSchema(fields: OutputDeclarations, description: string, example: Json | undefined): object {
  const properties = Object.fromEntries(Object.entries(fields).map(([name, d]) => [name, declarationSchema(d, example?.[name])]));
  const fallback = Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => !fields[name]!.optional)
      .map(([name, s]) => [name, (s as { examples: unknown[] }).examples[0]]),
  );
  return {
    type: 'object',
    description,
    additionalProperties: false,
    required: Object.keys(fields).filter((name) => !fields[name]!.optional),
    properties,
    examples: [example ?? fallback],
  };
}

/** The `amounts` schema of one calculation type, from its declarations and its example result's amounts. */
export function amountsSchema(type: string, outputs: OutputDeclarations, example: Json | undefined): object {
  return blockSchema(outputs, `Amounts of the ${type} calculation, in yen unless a field says otherwise.`, example);
}
