/**
 * After `--update` rewrites a case's values, its description (the hand-worked arithmetic) may still quote
 * the old figures. A figure of the description is stale when it equals a value --update replaced and
 * appears nowhere in the case any more (neither in the new expected values nor in the request): the
 * description then describes a result the case no longer expects, and a person must rework it. Figures
 * that are not replaced values (table bounds, rates, intermediate steps) are not judged: they may well
 * still hold, and flagging them all would bury the real ones.
 */
import { Decimal } from '../../engine/tooling.ts';
import { pathText, type Mismatch } from './compare.ts';

export interface StaleFigure {
  /** as written in the description, e.g. "6,220" */
  quoted: string;
  /** the expected value it was, where */
  was: string;
  now: unknown;
}

/** Figures in free text: 6,220 / 6220 / 252,986.5 / 4.925 (commas as thousands separators); not the parts of a date. */
const FIGURE = /(?<![\d.,]|\d-)(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d,]\d|\d|-\d)/g;

function key(v: string | number): string | null {
  const text = String(v).replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return new Decimal(text).abs().toFixed();
}

/** Every number in a value (numbers and numeric strings), as normalised keys. */
function figuresOf(v: unknown, into = new Set<string>()): Set<string> {
  if (typeof v === 'number' || typeof v === 'string') {
    const k = key(v);
    if (k !== null) into.add(k);
  } else if (Array.isArray(v)) v.forEach((x) => figuresOf(x, into));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => figuresOf(x, into));
  return into;
}

function setAt(target: unknown, path: Mismatch['path'], value: unknown): unknown {
  if (!path.length) return value;
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<string | number, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), value);
  return copy;
}

export function staleFigures(description: string, expect: unknown, request: unknown, rewritten: Mismatch[]): StaleFigure[] {
  let now = expect;
  for (const m of rewritten) now = setAt(now, m.path, m.actual);
  const still = figuresOf(request, figuresOf(now));
  const old = new Map<string, Mismatch>();
  for (const m of rewritten) for (const k of figuresOf(m.expected)) if (!old.has(k)) old.set(k, m);
  const out: StaleFigure[] = [];
  const seen = new Set<string>();
  for (const match of description.matchAll(FIGURE)) {
    const k = key(match[0])!;
    const m = old.get(k);
    if (!m || still.has(k) || seen.has(k)) continue;
    seen.add(k);
    out.push({ quoted: match[0], was: pathText(m.path), now: m.actual });
  }
  return out;
}
