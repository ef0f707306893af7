/**
 * The outputs a pipeline declares (its `amounts:` map): every field of the response's `amounts`, with
 * where its value is read in the context (`from`, top-level fields only: a block's fields are read inside
 * the block), its type and description, `optional: true` when it may be absent, and for a block its
 * `fields`. The response schemas, openapi.json and the typed client are generated from these
 * declarations (server/app/openapi), so an output is documented the moment its rule loads.
 *
 * `amounts.*` of the context is the output namespace: whatever a step or prepare writes there must be
 * declared, and every declared output must be written (checkOutputs); intermediate values go to `work.*`.
 * The engine only names the types; what each means on the wire (bounds, format) is the server's.
 */
import type { LoadProblem } from '../../errors.ts';

/**
 * yen: an integer amount of yen, possibly negative; non_negative_yen: one that is never negative;
 * integer: a whole number that is not money (a grade); decimal_string: a decimal written as a string
 * (never rounded to yen); custom_deduction_list: the request's custom deductions echoed in order;
 * boolean: true or false (whether a determination applies); month: a calendar month YYYY-MM; month_list:
 * months YYYY-MM in order; month_exclusion_list: months left out of a calculation, each with its reason
 * ({month, reason_code, reason}); code: a code word (a rule applied, a reason, a category; one of `values`
 * when declared); date: a day YYYY-MM-DD; previous_employer_list: a year-end request's previous employers
 * echoed; yen_list: integer amounts of yen in order.
 */
export const OUTPUT_TYPES = [
  'yen',
  'non_negative_yen',
  'integer',
  'decimal_string',
  'custom_deduction_list',
  'boolean',
  'month',
  'month_list',
  'month_exclusion_list',
  'code',
  'date',
  'previous_employer_list',
  'yen_list',
] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

export interface OutputDeclaration {
  /** Context path of the value (top-level fields only). */
  from?: string;
  /** A value's type; a block has `fields` instead. */
  type?: OutputType;
  description: string;
  /** The field may be absent from the response (e.g. a block only some requests produce). */
  optional?: boolean;
  /** type code: the values it may take. */
  values?: string[];
  fields?: Record<string, OutputDeclaration>;
  /** With `fields`: the value is a list of such blocks (one per month of a calculation), read whole. */
  list?: boolean;
  /** The value may be null (a rule that did not apply): a top-level field is then written as null, also
   * when no step wrote it, instead of being left out; so may a field of a list item. */
  nullable?: boolean;
}

export type OutputDeclarations = Record<string, OutputDeclaration>;

/** One declared value (a leaf): its place in the response's amounts and in the context. */
export interface DeclaredOutput {
  /** dotted path inside the response's amounts, e.g. statutory_deductions.health_insurance */
  field: string;
  /** dotted context path, e.g. amounts.statutory_deductions.health_insurance */
  from: string;
  type: OutputType;
}

const NAME = '^[a-z][a-z0-9_]*$';

function declarationSchema(top: boolean): object {
  return {
    type: 'object',
    additionalProperties: false,
    required: top ? ['from', 'description'] : ['description'],
    properties: {
      ...(top ? { from: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z0-9_]+)+$' } } : {}),
      type: { enum: OUTPUT_TYPES },
      description: { type: 'string', minLength: 1 },
      optional: { type: 'boolean' },
      list: { type: 'boolean' },
      nullable: { type: 'boolean' },
      values: { type: 'array', minItems: 1, items: { type: 'string', pattern: NAME } },
      fields: {
        type: 'object',
        minProperties: 1,
        propertyNames: { pattern: NAME },
        additionalProperties: { $ref: '#/$defs/output_field' },
      },
    },
  };
}

/** JSON schema of the pipeline's `amounts:` map (its $defs go into the pipeline schema). */
export const outputsSchema = {
  type: 'object',
  minProperties: 1,
  propertyNames: { pattern: NAME },
  additionalProperties: declarationSchema(true),
} as const;
export const outputsSchemaDefs = { output_field: declarationSchema(false) } as const;

/** Each declared value with its response field and context path, in declaration order. */
function declaredOutputs(decls: OutputDeclarations): DeclaredOutput[] {
  const out: DeclaredOutput[] = [];
  const walk = (d: OutputDeclarations, fieldPrefix: string, fromPrefix: string | null) => {
    for (const [name, decl] of Object.entries(d)) {
      const field = fieldPrefix + name;
      const from = fromPrefix === null ? decl.from! : `${fromPrefix}.${name}`;
      if (decl.fields && !decl.list) walk(decl.fields, `${field}.`, from);
      else if (decl.type) out.push({ field, from, type: decl.type });
    }
  };
  walk(decls, '', null);
  return out;
}

/** The top-level response field -> context path map the amounts builder reads. */
export function amountsMap(decls: OutputDeclarations): Record<string, string> {
  return Object.fromEntries(Object.entries(decls).map(([name, d]) => [name, d.from!]));
}

/** Response paths written as decimal strings even when whole (the hourly base). */
export function decimalStringFields(decls: OutputDeclarations): string[] {
  return declaredOutputs(decls)
    .filter((o) => o.type === 'decimal_string')
    .map((o) => o.field);
}

/** A declaration is either a value (type) or a block (fields), never both or neither. */
export function declarationProblems(file: string, decls: OutputDeclarations): LoadProblem[] {
  const problems: LoadProblem[] = [];
  const walk = (d: OutputDeclarations, at: string) => {
    for (const [name, decl] of Object.entries(d)) {
      const path = `${at}/${name}`;
      if (decl.type && decl.fields) problems.push({ file, path, message: 'declare either type (a value) or fields (a block), not both' });
      else if (decl.list && !decl.fields) problems.push({ file, path, message: 'a list declares the fields of its items' });
      else if (!decl.type && !decl.fields)
        problems.push({ file, path, message: `declare its type (one of ${OUTPUT_TYPES.join(', ')}) or, for a block, its fields` });
      if (decl.fields) walk(decl.fields, `${path}/fields`);
    }
  };
  walk(decls, '/amounts');
  return problems;
}

/** The declared nodes (values and blocks) by context path, and the context paths of the values. */
function declaredPaths(decls: OutputDeclarations): { nodes: Set<string>; values: Set<string> } {
  const nodes = new Set<string>();
  const values = new Set<string>();
  const walk = (d: OutputDeclarations, fromPrefix: string | null) => {
    for (const [name, decl] of Object.entries(d)) {
      const from = fromPrefix === null ? decl.from! : `${fromPrefix}.${name}`;
      nodes.add(from);
      if (decl.fields && !decl.list) walk(decl.fields, from);
      else values.add(from);
    }
  };
  walk(decls, null);
  return { nodes, values };
}

/** Where a written path would be declared: the declared block it falls in, for the message. */
function nearestBlock(path: string, nodes: Set<string>): string | null {
  const parts = path.split('.');
  for (let i = parts.length - 1; i > 1; i--) {
    const head = parts.slice(0, i).join('.');
    if (nodes.has(head)) return head;
  }
  return null;
}

export interface OutputWrite {
  /** the context path written */
  path: string;
  /** who writes it: a rule file, or the pipeline's prepare */
  by: string;
}

/**
 * Every context path under `amounts.` that prepare or a step's rule (any version) writes must be a
 * declared output (a value or a block), or lie inside a declared value; and every declared value must
 * be written (by a step, by prepare, or be read from the request or another context root). A step's
 * rule writing an undeclared output is refused at load: the response would carry a field its own
 * contract forbids.
 */
/** `complete`: every step's rule loaded (otherwise a declared output is not reported as unwritten: its rule's own problem says why). */
export function checkOutputs(file: string, decls: OutputDeclarations, writes: OutputWrite[], complete = true): LoadProblem[] {
  const problems: LoadProblem[] = [];
  const { nodes, values } = declaredPaths(decls);
  const written = new Set<string>();
  for (const w of writes) {
    if (!w.path.startsWith('amounts.')) continue;
    written.add(w.path);
    const inValue = [...values].some((v) => w.path.startsWith(`${v}.`));
    if (nodes.has(w.path) || inValue) continue;
    const block = nearestBlock(w.path, nodes);
    const hint = block
      ? ` (add it to the fields of the block read from ${block})`
      : ' (declare it under amounts:, with its type and description)';
    problems.push({ file, path: '/amounts', message: `${w.by} writes ${w.path}, an output this pipeline does not declare${hint}` });
  }
  if (!complete) return problems;
  const isWritten = (path: string) => [...written].some((w) => w === path || path.startsWith(`${w}.`) || w.startsWith(`${path}.`));
  for (const o of declaredOutputs(decls)) {
    if (!o.from.startsWith('amounts.')) continue; // read from the request (or another root): the path check proves it exists
    if (!isWritten(o.from))
      problems.push({
        file,
        path: `/amounts/${o.field.split('.').join('/fields/')}`,
        message: `declares ${o.field} (read from ${o.from}), which no step or prepare entry of this pipeline writes`,
      });
  }
  return problems;
}
