/**
 * FromSchema: the TypeScript type a schema constant describes, derived at compile time, so the schema
 * stays the single definition (no hand-kept interface to drift). It covers the JSON Schema subset our
 * constants use: type (single or union), properties/required, items, enum, const,
 * additionalProperties as a schema. Keywords that only restrict values (ranges, patterns) do not
 * change the type.
 */
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequiredKeys<S> = S extends { required: readonly (infer R)[] } ? R : never;

type FromObject<S> = S extends { properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P & RequiredKeys<S>]: FromSchema<P[K]> } & {
        -readonly [K in Exclude<keyof P, RequiredKeys<S>>]?: FromSchema<P[K]>;
      }
    >
  : S extends { additionalProperties: infer A extends object }
    ? Record<string, FromSchema<A>>
    : Record<string, unknown>;

type FromType<T, S> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? FromObject<S>
            : unknown;

export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { type: readonly (infer T)[] }
      ? T extends unknown
        ? FromType<T, S>
        : never
      : S extends { type: infer T }
        ? FromType<T, S>
        : S extends { oneOf: readonly (infer O)[] }
          ? FromSchema<O>
          : unknown;
