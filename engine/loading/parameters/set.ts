/**
 * The loaded parameters, by path ("local_levy.rate"). A rule reads `parameters.<area>.<name>` at its own
 * date basis: the pipeline runner puts the tree in force on that date in the context (`at(date)`,
 * remembered per date: calculations repeat a handful of dates, and the tree is frozen so no step can
 * change it for the next one). `uncovered` answers the loader's question: on which dates of a rule's
 * period has the parameter no value? `carriedAt` the result's: which values read on a date are used after
 * their parameter's known_through (MASTER_CARRIED_FORWARD), worked out once per date as the trees are.
 */
import type { MasterCarriedForward } from '../carried-forward.ts';
import { addDays } from '../../util/dates.ts';
import type { DatedValue, Parameter, ParameterValue } from './types.ts';

export type ParameterTree = Readonly<Record<string, Readonly<Record<string, ParameterValue | null>>>>;

/** Trees kept before the memo starts afresh (a bound, not a tuning). */
const MAX_DATES = 1024;

export class ParameterSet {
  private readonly byPath = new Map<string, Parameter>();
  private readonly trees = new Map<string, ParameterTree>();
  private readonly carried = new Map<string, ReadonlyMap<string, MasterCarriedForward> | null>();
  /** the earliest known_through: on or before it no value is carried forward */
  private readonly knownThrough: string;

  constructor(parameters: readonly Parameter[]) {
    for (const p of parameters) this.byPath.set(p.path, p);
    this.knownThrough = parameters.reduce((min, p) => (p.known_through < min ? p.known_through : min), '9999-12-31');
  }

  get size(): number {
    return this.byPath.size;
  }

  get(path: string): Parameter | undefined {
    return this.byPath.get(path);
  }

  all(): Parameter[] {
    return [...this.byPath.values()];
  }

  /** The dated value in force on `date`, or undefined (before the first value). */
  valueAt(path: string, date: string): DatedValue | undefined {
    const p = this.byPath.get(path);
    if (!p) return undefined;
    for (let i = p.values.length - 1; i >= 0; i--) if (p.values[i].effective_from <= date) return p.values[i];
    return undefined;
  }

  /** Every parameter's value in force on `date` (null where none), as `parameters.<area>.<name>` reads it. */
  at(date: string): ParameterTree {
    let tree = this.trees.get(date);
    if (!tree) {
      const out: Record<string, Record<string, ParameterValue | null>> = {};
      for (const p of this.byPath.values()) {
        const [area, name] = p.path.split('.');
        (out[area] ??= {})[name] = this.valueAt(p.path, date)?.value ?? null;
      }
      for (const a of Object.values(out)) Object.freeze(a);
      tree = Object.freeze(out);
      if (this.trees.size >= MAX_DATES) this.trees.clear();
      this.trees.set(date, tree);
    }
    return tree;
  }

  /**
   * By path, each parameter whose value in force on `date` is read after its known_through (its newest value:
   * the loader holds known_through at or after that value's date), frozen; null when there is none.
   */
  carriedAt(date: string): ReadonlyMap<string, MasterCarriedForward> | null {
    if (date <= this.knownThrough) return null;
    let found = this.carried.get(date);
    if (found === undefined) {
      const out = new Map<string, MasterCarriedForward>();
      for (const p of this.byPath.values()) {
        const v = p.known_through < date ? this.valueAt(p.path, date) : undefined;
        if (v && v.value !== null)
          out.set(p.path, Object.freeze({ type: 'parameter', id: p.path, version: v.effective_from, known_through: p.known_through }));
      }
      found = out.size ? out : null;
      if (this.carried.size >= MAX_DATES) this.carried.clear();
      this.carried.set(date, found);
    }
    return found;
  }

  /** The date from which the parameter is not imported to the open end (its last value), or null. */
  notImportedFrom(path: string): string | null {
    const last = this.byPath.get(path)?.values.at(-1);
    return last?.not_imported ? last.effective_from : null;
  }

  /** The periods within [from, to] (to null: open-ended) on which `path` has no value in force. */
  uncovered(path: string, from: string, to: string | null): [string, string | null][] {
    const p = this.byPath.get(path);
    if (!p) return [[from, to]];
    const gaps: [string, string | null][] = [];
    let cursor: string | null = from; // the first date not yet known to be covered
    const first = p.values[0].effective_from;
    if (cursor < first) {
      const end = addDays(first, -1);
      gaps.push([cursor, to !== null && to < end ? to : end]);
    }
    for (const v of p.values) {
      if (cursor === null || (to !== null && cursor > to)) break;
      const vEnd = v.effective_to;
      if (vEnd !== null && vEnd < cursor) continue;
      const start = v.effective_from > cursor ? v.effective_from : cursor;
      if (to !== null && start > to) break;
      const end = vEnd === null ? to : to === null ? vEnd : vEnd < to ? vEnd : to;
      if (v.value === null && !v.not_imported) gaps.push([start, end]);
      cursor = end === null ? null : addDays(end, 1);
    }
    return mergeAdjacent(gaps);
  }
}

function mergeAdjacent(gaps: [string, string | null][]): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const g of gaps) {
    const last = out[out.length - 1];
    if (last && last[1] !== null && addDays(last[1], 1) === g[0]) last[1] = g[1];
    else out.push([g[0], g[1]]);
  }
  return out;
}

/** "2020-01-01..2027-12-31" or "2028-01-01 on" */
export function periodText([from, to]: [string, string | null]): string {
  return to === null ? `${from} on (open-ended)` : `${from}..${to}`;
}
