/**
 * Statute is never a number written in a rule: a number the law gives is a master parameter (docs/rules.md
 * "Parameters"). The only literals a rule or pipeline expression may hold are arithmetic, not law: 0 (an
 * absent amount, a floor of 0), 60 (minutes to hours, for amounts per hour applied to minutes) and 12 (months
 * to a year, for a date a year of months later); see docs/rules.md "Number literals". A new literal fails
 * here until it is either moved to a master or argued into that list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlFilesUnder } from '../../engine/util/yaml-file.ts';

const ARITHMETIC = new Set(['0', '1', '-1', '60', '12']);

/** Every number in an expression tree, by file. */
function literals(node: unknown, out: Set<string>): Set<string> {
  if (typeof node === 'number') out.add(String(node));
  else if (Array.isArray(node)) node.forEach((n) => literals(n, out));
  else if (node && typeof node === 'object') Object.values(node).forEach((n) => literals(n, out));
  return out;
}

describe('number literals in rules', () => {
  const files = yamlFilesUnder(join(import.meta.dirname, '../../rules'));

  it('sees a literal where there is one (the check can fail)', () => {
    expect([...literals({ '*': [{ var: 'x' }, 1610] }, new Set())]).toEqual(['1610']);
  });

  it.each(files.map(([abs, rel]) => [rel, abs]))('%s holds only arithmetic literals (0, 60, 12)', (_rel, abs) => {
    const doc = parse(readFileSync(abs, 'utf8')) as Record<string, unknown> & { steps?: { when?: unknown }[] };
    const found = new Set<string>();
    for (const key of ['expression', 'bindings', 'warnings', 'prepare']) literals(doc[key], found);
    for (const step of doc.steps ?? []) literals(step.when, found);
    expect([...found].filter((n) => !ARITHMETIC.has(n))).toEqual([]);
  });
});
