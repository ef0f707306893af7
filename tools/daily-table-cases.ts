/**
 * Writes the golden cases of every 日額表 row boundary (test/golden-boundaries/daily-2026/<column>.yaml)
 * from the statutory reference, never from the engine: the rows of daily_2026.csv and the rules outside them in
 * its rules.yaml (year_2026). For each boundary B (every row's lower bound, and 24,000 where the formulas start,
 * then each formula's start) the amounts B - 1 and B are cases, paid for one day: 甲 with 0-7 dependents, 乙 and 丙.
 * Below the first row the reference's below-table rule gives the value, above the rows its formulas (base + (A -
 * from) x rate, cut down to the yen), worked here with decimal arithmetic. Run once when the reference changes:
 *   npx tsx tools/daily-table-cases.ts <reference folder daily_table/>
 * The output is committed; the project never reads the reference folder itself. The files sit outside test/golden
 * (4,258 cases: the suites that walk every golden case, such as the trace encoders' equivalence, would take
 * minutes more); test/tables/daily-table-boundaries.test.ts runs them, as `npm run golden -- --dir
 * test/golden-boundaries` does.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { Document, isMap, isSeq, parse } from 'yaml';

const folder = process.argv[2];
if (!folder) throw new Error('usage: npx tsx tools/daily-table-cases.ts <statutory reference daily_table folder>');
const OUT = join(import.meta.dirname, '../test/golden-boundaries/daily-2026');

type Column = 'kou_0' | 'kou_1' | 'kou_2' | 'kou_3' | 'kou_4' | 'kou_5' | 'kou_6' | 'kou_7' | 'otsu' | 'hei';
const COLUMNS: Column[] = ['kou_0', 'kou_1', 'kou_2', 'kou_3', 'kou_4', 'kou_5', 'kou_6', 'kou_7', 'otsu', 'hei'];

const [header, ...lines] = readFileSync(join(folder, 'daily_2026.csv'), 'utf8').trim().split('\n');
const names = header.split(',');
const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], Number(v)])));
interface Segment {
  from: number;
  rate: number;
  base: number | number[];
  confidence?: string;
}
interface Formulas {
  segments: Segment[];
  confidence?: string;
}
const y2026 = (
  parse(readFileSync(join(folder, 'rules.yaml'), 'utf8')) as {
    year_2026: { below_table: { upper_excl: number; kou: number; hei: number } } & Record<`${string}_24000_and_over`, Formulas>;
  }
).year_2026;
const first = rows[0].lower_incl;
const last = rows[rows.length - 1].upper_excl;
if (y2026.below_table.upper_excl !== first) throw new Error('the below-table rule does not end at the first row');

/** Segments per column: {from, rate, base} with base per column. */
const segments = (col: Column): { from: number; rate: string; base: number; confidence: string }[] => {
  const kou = col.startsWith('kou_') ? Number(col.slice(4)) : null;
  const block = kou !== null ? y2026.kou_24000_and_over : col === 'otsu' ? y2026.otsu_24000_and_over : y2026.hei_24000_and_over;
  return block.segments.map((s) => ({
    from: s.from,
    rate: String(s.rate),
    base: kou !== null ? (s.base as number[])[kou] : (s.base as number),
    confidence: s.confidence ?? block.confidence ?? 'unmarked',
  }));
};

/** The reference's tax of one day's amount A in a column, and how it is reached (for the description). */
function tax(col: Column, a: number): { tax: number; how: string } {
  if (a < first) {
    if (col === 'otsu') {
      const t = new Decimal(a).times(new Decimal('0.03063')).floor().toNumber();
      return { tax: t, how: `below ${first}: floor(${a} x 3.063%) = ${t}` };
    }
    return { tax: y2026.below_table[col === 'hei' ? 'hei' : 'kou'], how: `below ${first}: 0` };
  }
  if (a < last) {
    const row = rows.find((r) => r.lower_incl <= a && a < r.upper_excl)!;
    return { tax: row[col], how: `row [${row.lower_incl}, ${row.upper_excl}) ${col} = ${row[col]}` };
  }
  const seg = segments(col)
    .filter((s) => s.from <= a)
    .pop()!;
  const t = new Decimal(seg.base)
    .plus(new Decimal(a - seg.from).times(seg.rate))
    .floor()
    .toNumber();
  return { tax: t, how: `formula from ${seg.from} (${seg.confidence}): ${seg.base} + floor(${a - seg.from} x ${seg.rate}) = ${t}` };
}

const boundaries = [...rows.map((r) => r.lower_incl), last];
const formulaStarts = (col: Column) =>
  segments(col)
    .map((s) => s.from)
    .filter((f) => f > last);

mkdirSync(OUT, { recursive: true });
let written = 0;
for (const col of COLUMNS) {
  const cases: unknown[] = [];
  const type = col.startsWith('kou_') ? 'kou' : col;
  const dependents = col.startsWith('kou_') ? Number(col.slice(4)) : 0;
  for (const b of [...boundaries, ...formulaStarts(col)]) {
    for (const a of [b - 1, b]) {
      const { tax: t, how } = tax(col, a);
      cases.push({
        id: `sim-daily-boundary-${col.replace('_', '')}-${a}`,
        description: `令和8年分 日額表 ${col} at ${a} a day (boundary ${b} ${a < b ? '- 1' : ''}): ${how}.`.replace(' )', ')'),
        calculation: 'income_tax_simulation',
        request: {
          company_id: 'golden-sim-tax-daily-boundaries',
          calculation_date: '2026-06-25',
          payment_date: '2026-06-25',
          taxable_payment: a,
          social_insurance_deduction_amount: 0,
          tax_table_type: type,
          tax_dependent_count: dependents,
          pay_period: { unit: 'day' },
        },
        expect: { amounts: { withholding_table: 'daily', unit_tax: t, income_tax: t } },
      });
    }
  }
  write(col, cases);
  written += cases.length;
}
console.log(`${written} cases -> ${OUT}`);

function write(col: Column, cases: unknown[]) {
  const doc = {
    company: {
      company_id: 'golden-sim-tax-daily-boundaries',
      profile_puts: [
        {
          effective_from: '2025-01-01',
          social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
          employment_insurance_business_type: 'general',
        },
      ],
    },
    cases,
  };
  const head = `# GENERATED by tools/daily-table-cases.ts from the statutory reference daily_table/ (daily_2026.csv, rules.yaml):
# every row boundary of the 令和8年分 日額表 and each formula start, at B - 1 and B, column ${col}, paid for one day.
# Expected values are the reference's, never the engine's. Do not edit: run the tool again.
`;
  // one case in four lines: its request and its expectation each on one line
  const out = new Document(doc);
  const items = out.get('cases');
  if (isSeq(items))
    for (const c of items.items)
      if (isMap(c)) for (const k of ['request', 'expect']) (c.get(k, true) as unknown as { flow: boolean }).flow = true;
  writeFileSync(join(OUT, `${col.replace('_', '')}.yaml`), head + out.toString({ lineWidth: 0 }));
}
