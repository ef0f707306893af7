/**
 * The longest string, value or key, that a request schema accepts anywhere, read from the schema's own
 * keywords (maxLength, enum, const, format, bounded patterns, a closed object's property names,
 * propertyNames): the same constants AJV validates with and openapi.json publishes. The body scan
 * refuses a longer string while the body arrives, before JSON.parse builds it (http/json-scan.ts).
 * Infinity when some place of the schema accepts a string it does not bound (then nothing is refused).
 */
import type { ValidationDetail } from '../../../engine/index.ts';
import { clipName } from './limits.ts';
import { allowsType } from './size-guard.ts';
import { schemaDetails } from './validate-body.ts';

interface Node {
  type?: string | readonly string[];
  maxLength?: number;
  enum?: readonly unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, Node>;
  additionalProperties?: boolean | Node;
  propertyNames?: Node;
  items?: Node | readonly Node[];
  allOf?: readonly Node[];
  anyOf?: readonly Node[];
  oneOf?: readonly Node[];
  then?: Node;
  else?: Node;
  $ref?: string;
}

/** ajv-formats' formats of a fixed length (RFC 3339 full-date, RFC 4122 UUID); other formats bound nothing. */
const FORMAT_LENGTH: Record<string, number> = { date: 10, uuid: 36 };

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Whether node may accept a value of this JSON type (a const or an enum accepts only its values' types). */
function accepts(node: Node, type: string): boolean {
  if (node.const !== undefined && typeOf(node.const) !== type) return false;
  if (node.enum !== undefined && !node.enum.some((v) => typeOf(v) === type)) return false;
  return allowsType(node, type);
}

/**
 * The most characters a string matching an anchored pattern can have, or Infinity: each atom (a
 * character, an escape, a class) is one character, a group its longest alternative, a quantifier its
 * upper bound (*, + and {n,} have none); a lookaround is zero, a backreference unbounded.
 */
export function patternLength(pattern: string): number {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return Infinity;
  let at = 1;
  const end = pattern.length - 1;
  function alternatives(): number {
    let longest = 0;
    let current = 0;
    while (at < end && pattern[at] !== ')') {
      if (pattern[at] === '|') {
        longest = Math.max(longest, current);
        current = 0;
        at++;
        continue;
      }
      let atom: number;
      const c = pattern[at];
      if (c === '(') {
        const lookaround = /^\(\?<?[=!]/.test(pattern.slice(at, at + 4));
        at += pattern.startsWith('(?:', at) ? 3 : lookaround ? (pattern[at + 2] === '<' ? 4 : 3) : 1;
        const inner = alternatives();
        if (pattern[at] !== ')') return Infinity;
        at++;
        atom = lookaround ? 0 : inner;
      } else if (c === '[') {
        at++;
        if (pattern[at] === '^') at++;
        if (pattern[at] === ']') at++;
        while (at < end && pattern[at] !== ']') at += pattern[at] === '\\' ? 2 : 1;
        if (pattern[at] !== ']') return Infinity;
        at++;
        atom = 1;
      } else if (c === '\\') {
        const next = pattern[at + 1];
        if (next === undefined || /[1-9kbB]/.test(next)) return Infinity; // backreferences, word boundaries
        at += next === 'u' && pattern[at + 2] === '{' ? pattern.indexOf('}', at) + 1 - at : next === 'u' ? 6 : next === 'x' ? 4 : 2;
        atom = 1;
      } else if (c === '^' || c === '$') {
        return Infinity; // an anchor inside: not the simple shape read here
      } else {
        at++;
        atom = 1;
      }
      const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})\??/.exec(pattern.slice(at, at + 24));
      let times = 1;
      if (quantifier) {
        at += quantifier[0].length;
        const q = quantifier[0][0];
        if (q === '*' || q === '+') times = Infinity;
        else if (q === '?') times = 1;
        else times = quantifier[2] === undefined ? Number(quantifier[1]) : quantifier[3] === '' ? Infinity : Number(quantifier[3]);
      }
      current += atom === 0 ? 0 : atom * times;
    }
    return Math.max(longest, current);
  }
  const length = alternatives();
  return at === end ? length : Infinity;
}

/** The longest string this node itself accepts (0 when it accepts none), its allOf, if/then/else and alternatives applied. */
function ownStringLength(node: Node): number {
  if (node.$ref !== undefined) return Infinity;
  let bound = accepts(node, 'string') ? Infinity : 0;
  if (node.maxLength !== undefined) bound = Math.min(bound, node.maxLength);
  const lengthOf = (values: readonly unknown[]) => Math.max(0, ...values.map((v) => (typeof v === 'string' ? [...v].length : 0)));
  if (node.enum !== undefined) bound = Math.min(bound, lengthOf(node.enum));
  if (node.const !== undefined) bound = Math.min(bound, lengthOf([node.const]));
  if (node.format !== undefined) bound = Math.min(bound, FORMAT_LENGTH[node.format] ?? Infinity);
  if (node.pattern !== undefined) bound = Math.min(bound, patternLength(node.pattern));
  for (const member of node.allOf ?? []) bound = Math.min(bound, ownStringLength(member));
  for (const alternatives of [node.anyOf, node.oneOf])
    if (alternatives) bound = Math.min(bound, Math.max(0, ...alternatives.map(ownStringLength)));
  if (node.then !== undefined || node.else !== undefined)
    bound = Math.min(bound, Math.max(node.then ? ownStringLength(node.then) : Infinity, node.else ? ownStringLength(node.else) : Infinity));
  return bound;
}

/** Whether node (with its allOf members) closes objects to the keys it names. */
function closed(node: Node): boolean {
  return node.additionalProperties === false || (node.allOf ?? []).some(closed);
}

/** The longest key an object this node accepts may have. */
function keyLength(node: Node): number {
  if (!accepts(node, 'object')) return 0;
  const named = Math.max(0, ...Object.keys(node.properties ?? {}).map((k) => [...k].length));
  if (closed(node)) return named;
  return Math.max(named, node.propertyNames ? ownStringLength(node.propertyNames) : Infinity);
}

/** The longest string at this place of a body or anywhere inside it. */
function longestAt(node: Node, seen: Set<Node>): number {
  if (seen.has(node)) return 0;
  seen.add(node);
  let longest = Math.max(ownStringLength(node), keyLength(node));
  const inside = (child: Node | boolean | undefined) => {
    if (child === undefined || child === false) return;
    longest = Math.max(longest, child === true ? Infinity : longestAt(child, seen));
  };
  for (const child of Object.values(node.properties ?? {})) inside(child);
  if (accepts(node, 'object') && !closed(node)) inside(node.additionalProperties ?? true);
  if (accepts(node, 'array')) {
    if (Array.isArray(node.items)) for (const item of node.items) inside(item);
    else inside((node.items as Node | undefined) ?? true);
  }
  // the places a member (allOf, then) names are places this node names too, or ones its closed object refuses
  return longest;
}

const memo = new WeakMap<object, number>();

/** The longest string (in characters, as maxLength counts them) a body valid under schema can hold. */
export function longestStringOf(schema: object): number {
  let longest = memo.get(schema);
  if (longest === undefined) {
    longest = longestAt(schema as Node, new Set());
    memo.set(schema, longest);
  }
  return longest;
}

/**
 * The most bytes, between its quotes, a string of the longest length can take in a body: a character
 * (a code point, as AJV's maxLength counts them) is at most 12 bytes, a surrogate pair written as two
 * \u escapes. A string of more bytes is longer than the schema accepts anywhere, however it is written.
 */
export const MAX_BYTES_PER_CHARACTER = 12;

export function maxStringBytesOf(schema: object): number {
  return longestStringOf(schema) * MAX_BYTES_PER_CHARACTER;
}

type Path = (string | number)[];

/** A body holding only the given value at path (null where an array needs items before it); null if an index is too large to build. */
function bodyWith(path: Path, value: unknown): unknown {
  let body = value;
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i];
    if (typeof step === 'number') {
      if (step > MAX_STAND_IN_INDEX) return null;
      const items: unknown[] = new Array<unknown>(step + 1).fill(null);
      items[step] = body;
      body = items;
    } else body = { [step]: body };
  }
  return body;
}

/** No request schema allows an array of more than 1,000 items (MAX_ARRAY_ITEMS). */
const MAX_STAND_IN_INDEX = 1_000;

const startsWith = (path: Path, prefix: Path) => prefix.every((step, i) => path[i] === step);

/**
 * The details the schema's own validation gives a string too long for it at this place, worded by
 * AJV itself: the schema validates a stand-in body holding only a string one character longer than
 * the longest it accepts (for a key, the key's first characters followed by as many), and the details
 * at that place are the answer: "padding is not a field of this object.", "must NOT have more than 64
 * characters." and so on. The body's other problems are not listed: it is refused before they are read.
 */
export function longStringDetails(schema: object, problem: { path: Path; name?: string }): ValidationDetail[] {
  const longer = 'x'.repeat(Math.min(longestStringOf(schema), MAX_STAND_IN_CHARACTERS) + 1);
  const key = problem.name === undefined ? undefined : `${problem.name}${longer}`;
  const at = key === undefined ? problem.path : [...problem.path, clipName(key)];
  const body = key === undefined ? bodyWith(problem.path, longer) : bodyWith(problem.path, { [key]: null });
  const details = body === null ? [] : schemaDetails(schema, body).filter((d) => startsWith(d.path, at));
  if (details.length > 0) return details;
  return [{ path: at, code: 'invalid_length', message: `must NOT have more than ${longestStringOf(schema)} characters.` }];
}

/** A schema whose strings are unbounded refuses none, so a stand-in is never this long in practice. */
const MAX_STAND_IN_CHARACTERS = 100_000;
