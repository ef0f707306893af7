/** Reads the verbatim statutory copies in test/fixtures/statutory (never /work/shared). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { Decimal } from '../../engine/decimal.ts';
import { FIXTURES } from './helpers.ts';

const dir = resolve(FIXTURES, 'statutory');

export function csv(path: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(resolve(dir, path), 'utf8').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => {
    const v = l.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, v[i]]));
  });
}

export function yaml(path: string): any {
  return parse(readFileSync(resolve(dir, path), 'utf8'));
}

/** A YAML number or numeric string as Decimal (shortest float form = the literal written). */
export const d = (v: unknown) => new Decimal(String(v));
/** Percent as written in the data -> fraction. */
export const pct = (v: string) => new Decimal(v).div(100);
