/**
 * The one template of a rule version's trace steps, shared by every writer. A step is the same for
 * every calculation of its rule version but for its own values (`VARIABLES`: inputs, amounts, master
 * refs, notes); its template holds the rest once: the keys in order, the constant values, and their
 * JSON text cut around the variable values. The JSON writers splice the texts (json-writer.ts); the
 * compact writer puts the keys and constants in its dictionary once (compact.ts).
 *
 * Exact by construction: a template is made from the step made from a record (records.ts, stepOf),
 * key by key as JSON.stringify walks it, and used only for records of the same rule plan, rule hash and
 * notes or none, whose steps have the same keys and constants. A key whose constant JSON.stringify
 * leaves out (undefined) is no key of the template.
 */
import type { MasterRef } from '../loading/rules/slots.ts';
import { stepOf, type StepRecord } from './records.ts';
import { utf8Bytes } from './slab-writer.ts';

/** A step's own values: everything else in a trace step is its rule version's. */
export const VARIABLES = ['inputs', 'raw_amount', 'rounded_amount', 'master_refs', 'notes'] as const;
export type Variable = (typeof VARIABLES)[number];

export interface StepTemplate {
  /** the rule hash its constants hold */
  sha: string | null;
  /** the step's keys in order, variables included */
  keys: readonly string[];
  /** the constant keys and their values, in order */
  constant: Readonly<Record<string, unknown>>;
  /** the variable keys in order */
  variables: readonly Variable[];
  /** texts[i] comes before the i-th variable's value (its key included), texts[n] after the last */
  texts: readonly string[];
  /** texts' UTF-8 bytes, one character per byte (slab-writer.ts), made at their first use */
  bytes: string[] | undefined;
}

/** Per rule plan, its template without notes and with. */
const templates = new WeakMap<object, [StepTemplate | undefined, StepTemplate | undefined]>();

/** The template of a record's step. */
export function templateOf(rec: StepRecord): StepTemplate {
  let pair = templates.get(rec.plan);
  if (pair === undefined) templates.set(rec.plan, (pair = [undefined, undefined]));
  const slot = rec.notes === undefined ? 0 : 1;
  let t = pair[slot];
  if (t === undefined || t.sha !== rec.sha) pair[slot] = t = makeTemplate(rec);
  return t;
}

const IS_VARIABLE: ReadonlySet<string> = new Set(VARIABLES);

function makeTemplate(rec: StepRecord): StepTemplate {
  const step = stepOf(rec) as unknown as Record<string, unknown>;
  const keys: string[] = [];
  const constant: Record<string, unknown> = {};
  const variables: Variable[] = [];
  const texts: string[] = [];
  let text = '{';
  for (const k of Object.keys(step)) {
    const json = JSON.stringify(step[k]) as string | undefined;
    if (IS_VARIABLE.has(k)) {
      variables.push(k as Variable);
      texts.push(text + (keys.length ? ',' : '') + JSON.stringify(k) + ':');
      text = '';
    } else {
      if (json === undefined) continue;
      constant[k] = step[k];
      text += (keys.length ? ',' : '') + JSON.stringify(k) + ':' + json;
    }
    keys.push(k);
  }
  texts.push(text + '}');
  return { sha: rec.sha, keys, constant, variables, texts, bytes: undefined };
}

/** A template's texts as UTF-8 bytes. */
export function templateBytes(t: StepTemplate): readonly string[] {
  return (t.bytes ??= t.texts.map(utf8Bytes));
}

/**
 * The JSON text of a step's master refs, kept per array: a rule plan hands the same array to every step
 * under the same masters (calculating/plan.ts, traceRefs), and nobody changes it.
 */
const refsTexts = new WeakMap<readonly MasterRef[], { json: string; bytes?: string }>();
export function refsText(refs: readonly MasterRef[]): { json: string; bytes?: string } {
  let text = refsTexts.get(refs);
  if (text === undefined) refsTexts.set(refs, (text = { json: JSON.stringify(refs) }));
  return text;
}
