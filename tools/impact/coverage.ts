/**
 * Which payment dates the report must include to see a change at all. A new version of a table or rule is
 * in force from its own date (a 2029 pension grade table, a 2028 levy); a population paid only on this
 * year's dates compares two identical results and reports "0 changed". So the versions that differ
 * between the two sides (files added, removed or changed under masters/ and rules/) are found with their
 * dates, the default payment dates include the first payments each one governs, and dates given with
 * --on or --dates that reach none of a version's days are said in a warning.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { Side } from './sides.ts';

export interface ChangedVersion {
  /** e.g. masters/employees_pension/2029-09.yaml */
  file: string;
  change: 'added' | 'removed' | 'changed';
  from: string;
  to: string | null;
  /** premium_month: chosen by the premium month, paid in that month or (翌月徴収) the next */
  basis: 'payment_date' | 'premium_month';
}

function yamlFiles(dir: string, base = dir, out = new Map<string, string>()): Map<string, string> {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yamlFiles(path, base, out);
    else if (/\.ya?ml$/.test(name)) out.set(relative(base, path), path);
  }
  return out;
}

function datesOf(path: string): { from: string; to: string | null; basis: ChangedVersion['basis'] } | null {
  let doc: Record<string, unknown>;
  try {
    doc = parse(readFileSync(path, 'utf8'), { schema: 'core' }) as Record<string, unknown>;
  } catch {
    return null; // the engine's load reports a broken file; here it has no dates to offer
  }
  if (!doc || typeof doc !== 'object' || typeof doc.effective_from !== 'string') return null;
  const basis = doc.effective_date_basis ?? doc.date_basis;
  return {
    from: doc.effective_from,
    to: typeof doc.effective_to === 'string' ? doc.effective_to : null,
    basis: basis === 'premium_month' ? 'premium_month' : 'payment_date',
  };
}

/** The dated files (masters and rule versions) that differ between the two sides. */
export function changedVersions(base: Side, head: Side): ChangedVersion[] {
  const out: ChangedVersion[] = [];
  for (const [folder, b, h] of [
    ['masters', base.mastersDir, head.mastersDir],
    ['rules', base.rulesDir, head.rulesDir],
  ] as const) {
    if (b === h) continue;
    const bf = yamlFiles(b);
    const hf = yamlFiles(h);
    for (const name of new Set([...bf.keys(), ...hf.keys()])) {
      const bp = bf.get(name);
      const hp = hf.get(name);
      if (bp && hp && readFileSync(bp).equals(readFileSync(hp))) continue;
      const change = !bp ? 'added' : !hp ? 'removed' : 'changed';
      const dates = datesOf(hp ?? bp!);
      if (dates) out.push({ file: `${folder}/${name}`, change, ...dates });
    }
  }
  return out.sort((a, b) => a.from.localeCompare(b.from) || a.file.localeCompare(b.file));
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
function monthPlus(date: string, months: number): Date {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1));
}
/** The 25th of the month `months` after the month of `date`. */
const payday = (date: string, months = 0) => ymd(monthPlus(date, months)).slice(0, 8) + '25';

/** The first payments a version governs: its first month's 25th (a mid-month start: the next month's too); premium-month versions also the next month (翌月徴収). */
export function firstPayments(v: ChangedVersion): string[] {
  const dates = [payday(v.from)];
  if (payday(v.from) < v.from || v.basis === 'premium_month') dates.push(payday(v.from, 1));
  return dates.filter((d) => d >= v.from || v.basis === 'premium_month');
}

/** Whether a payment on `date` can be governed by the version (premium month: the payment month or the month before). */
export function reaches(v: ChangedVersion, date: string): boolean {
  const inForce = (d: string) => d >= v.from && (v.to === null || d <= v.to);
  if (v.basis === 'payment_date') return inForce(date);
  return inForce(`${date.slice(0, 7)}-01`) || inForce(ymd(monthPlus(date, -1)));
}

/** Default payment dates: the 25th of every month of `year`, plus the first payments of each changed version. */
export function defaultDates(year: number, changed: ChangedVersion[]): string[] {
  const dates = new Set(Array.from({ length: 12 }, (_, m) => `${year}-${String(m + 1).padStart(2, '0')}-25`));
  for (const v of changed) for (const d of firstPayments(v)) dates.add(d);
  return [...dates].sort();
}

/** A warning per changed version that none of the dates reaches. */
export function uncoveredWarnings(changed: ChangedVersion[], dates: string[]): string[] {
  return changed
    .filter((v) => !dates.some((d) => reaches(v, d)))
    .map(
      (v) =>
        `WARNING: no payment date reaches ${v.file} (${v.change}; in force ${v.from} to ${v.to ?? 'open'}, by ${v.basis}): results under it are not compared; add --on ${firstPayments(v).join(',')} (or leave --on out)`,
    );
}
