/**
 * The formula zones of the monthly tables, through monthly_withholding on the loaded masters, against
 * values computed HERE from the statutory rules YAML (monthly_20xx_rules.yaml) copied below:
 * kou/otsu brackets from 740,000 (base + (A - from) x rate, floor_yen) and otsu below the first row
 * (A x 3.063 %). Nothing is read from the masters to compute an expected value.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../engine/decimal.ts';
import { D, getMasters, monthly, monthlyTable } from './helpers.ts';

type KouBracket = [from: number, upto: number | null, rate: string, bases: number[]];
type OtsuBracket = [from: number, upto: number | null, rate: string, base: number];

// ---- copied from statutory/income_tax/monthly_2025_rules.yaml ----------------------------------
const KOU_2025: KouBracket[] = [
  [740000, 780000, '0.2042', [73390, 66920, 60450, 53980, 47520, 41050, 34580, 28120]],
  [780000, 950000, '0.23483', [81560, 75090, 68620, 62150, 55690, 49220, 42750, 36290]],
  [950000, 1700000, '0.33693', [121480, 115010, 108540, 102070, 95610, 89140, 82670, 76210]],
  [1700000, 2170000, '0.4084', [374180, 367710, 361240, 354770, 348310, 341840, 335370, 328910]],
  [2170000, 2210000, '0.4084', [571570, 565090, 558630, 552160, 545690, 539230, 532760, 526290]],
  [2210000, 2250000, '0.4084', [593340, 586870, 580410, 573930, 567470, 561010, 554540, 548070]],
  [2250000, 3500000, '0.4084', [615120, 608650, 602190, 595710, 589250, 582790, 576310, 569850]],
  [3500000, null, '0.45945', [1125620, 1119150, 1112690, 1106210, 1099750, 1093290, 1086810, 1080350]],
];
const OTSU_2025: OtsuBracket[] = [
  [740000, 1700000, '0.4084', 259800],
  [1700000, null, '0.45945', 651900],
];
// ---- copied from statutory/income_tax/monthly_2026_rules.yaml ----------------------------------
const KOU_2026: KouBracket[] = [
  [740000, 790000, '0.2042', [71680, 65210, 58750, 52290, 45810, 39350, 32890, 26410]],
  [790000, 960000, '0.23483', [81890, 75420, 68960, 62500, 56020, 49560, 43100, 36620]],
  [960000, 1710000, '0.33693', [121820, 115340, 108880, 102420, 95940, 89480, 83020, 76540]],
  [1710000, 2130000, '0.4084', [374520, 368040, 361580, 355120, 348640, 342180, 335720, 329240]],
  [2130000, 2170000, '0.4084', [549440, 542970, 536500, 530040, 523570, 517110, 510640, 504170]],
  [2170000, 2210000, '0.4084', [571220, 564750, 558280, 551820, 545350, 538880, 532420, 525950]],
  [2210000, 2250000, '0.4084', [593000, 586520, 580060, 573600, 567120, 560660, 554200, 547730]],
  [2250000, 3500000, '0.4084', [614770, 608300, 601840, 595380, 588900, 582440, 575980, 569500]],
  [3500000, null, '0.45945', [1125270, 1118800, 1112340, 1105880, 1099400, 1092940, 1086480, 1080000]],
];
const OTSU_2026: OtsuBracket[] = [
  [740000, 1710000, '0.4084', 259200],
  [1710000, null, '0.45945', 655400],
];
// ---- copied from statutory/income_tax/monthly_2027_rules.yaml ----------------------------------
const KOU_2027: KouBracket[] = [
  [740000, 790000, '0.2042', [71000, 64540, 58060, 51600, 45140, 38670, 32200, 25740]],
  [790000, 960000, '0.23483', [81210, 74750, 68270, 61810, 55350, 48880, 42410, 35950]],
  [960000, 1720000, '0.33693', [121130, 114670, 108200, 101730, 95270, 88800, 82330, 75870]],
  [1720000, 2130000, '0.4084', [377200, 370740, 364270, 357800, 351340, 344870, 338400, 331940]],
  [2130000, 2170000, '0.4084', [549410, 542950, 536470, 530010, 523550, 517080, 510610, 504150]],
  [2170000, 2210000, '0.4084', [571190, 564730, 558250, 551790, 545330, 538850, 532390, 525930]],
  [2210000, 2250000, '0.4084', [592970, 586500, 580030, 573570, 567100, 560630, 554170, 547710]],
  [2250000, 3500000, '0.4084', [614740, 608280, 601810, 595350, 588880, 582410, 575950, 569480]],
  [3500000, null, '0.45945', [1125240, 1118780, 1112310, 1105850, 1099380, 1092910, 1086450, 1079980]],
];
const OTSU_2027: OtsuBracket[] = [
  [740000, 1720000, '0.4084', 259000],
  [1720000, null, '0.45945', 659300],
];
const OTSU_BELOW_RATE = '0.03063'; // all three years

const YEARS = [
  { year: 2025, version: '2020-01', kou: KOU_2025, otsu: OTSU_2025, first: 88000 },
  { year: 2026, version: '2026-01', kou: KOU_2026, otsu: OTSU_2026, first: 105000 },
  { year: 2027, version: '2027-01', kou: KOU_2027, otsu: OTSU_2027, first: 111000 },
];

/** Points in [from, upto): from, from + 1, from + 0.5 (a fraction), the midpoint, upto - 1; the open bracket up to 100M. */
function pointsIn(from: number, upto: number | null): Decimal[] {
  const pts = [D(from), D(from + 1), D(from).plus('0.5'), D(from + 12345)];
  if (upto === null) pts.push(D(from + 1_000_000), D(10_000_000), D(99_999_999));
  else pts.push(D(Math.floor((from + upto) / 2)), D(upto - 1), D(upto).minus('0.01'));
  return pts;
}

describe.each(YEARS)('monthly table $year (masters $version): formula zones', ({ version, kou, otsu, first }) => {
  const table = monthlyTable(version);

  it('kou brackets, every dependent count: base_by_dependents[n] + (A - from) x rate, floor_yen', () => {
    let checked = 0;
    for (const [from, upto, rate, bases] of kou) {
      for (const a of pointsIn(from, upto)) {
        for (let n = 0; n <= 7; n++) {
          const raw = D(bases[n]).plus(a.minus(from).times(rate));
          const r = monthly(table, a, 'kou', n);
          expect(r.tax, `kou ${n} at ${a}`).toBe(raw.toFixed());
          expect(r.floored).toBe(raw.floor().toNumber());
          expect(r.json).toMatchObject({
            method: 'bracket',
            dependent_count: null,
            row_index: null,
            taxable_from: from,
            taxable_to: upto,
            base_tax_amount: bases[n],
            rate: rate,
          });
          expect(String(r.json.excess_amount)).toBe(a.minus(from).toFixed());
          checked++;
        }
      }
    }
    expect(checked).toBe(kou.length * 7 * 8);
  });

  it('otsu brackets: base + (A - from) x rate, dependents ignored', () => {
    for (const [from, upto, rate, base] of otsu) {
      for (const a of pointsIn(from, upto)) {
        const raw = D(base).plus(a.minus(from).times(rate));
        for (const n of [null, 0, 7]) {
          const r = monthly(table, a, 'otsu', n);
          expect(r.tax, `otsu at ${a}`).toBe(raw.toFixed());
          expect(r.floored).toBe(raw.floor().toNumber());
          expect(r.json).toMatchObject({
            method: 'bracket',
            dependent_count: null,
            taxable_from: from,
            taxable_to: upto,
            base_tax_amount: base,
            rate,
          });
        }
      }
    }
  });

  it('otsu below the first row: A x 3.063 % (raw), excess_amount = A', () => {
    for (const a of [D(0), D(1), D(33), D(1000), D(50000), D(first - 1000), D(first - 1), D(first).minus('0.01')]) {
      const raw = a.times(OTSU_BELOW_RATE);
      const r = monthly(table, a, 'otsu', null);
      expect(r.tax).toBe(raw.toFixed());
      expect(r.floored).toBe(raw.floor().toNumber());
      expect(r.json).toMatchObject({
        method: 'below_table',
        dependent_count: null,
        row_index: null,
        taxable_from: 0,
        taxable_to: first,
        base_tax_amount: 0,
        rate: OTSU_BELOW_RATE,
      });
      expect(String(r.json.excess_amount)).toBe(a.toFixed());
    }
  });

  it('kou below the first row: 0 for every dependent count', () => {
    for (const a of [0, 1, first - 1]) {
      for (let n = 0; n <= 7; n++) {
        const r = monthly(table, a, 'kou', n);
        expect(r.json).toMatchObject({ method: 'below_table', tax: 0, dependent_count: n, row_index: null, taxable_to: first });
      }
    }
  });

  it('bracket continuity at 740,000: the bracket base continues the last row (no gap in the lookup)', () => {
    expect(monthly(table, 739999, 'kou', 0).method).toBe('row');
    expect(monthly(table, 740000, 'kou', 0).json.tax).toBe(kou[0][3][0]);
    expect(monthly(table, 740000, 'otsu', null).json.tax).toBe(otsu[0][3]);
  });
});

describe('named checks', () => {
  it('the masters resolve the three monthly versions by payment date', () => {
    const m = getMasters();
    expect(m.resolve('income_tax_monthly_table', 'nta-withholding-monthly', '2020-01-01')?.version).toBe('2020-01');
    expect(m.resolve('income_tax_monthly_table', 'nta-withholding-monthly', '2025-12-31')?.version).toBe('2020-01');
    expect(m.resolve('income_tax_monthly_table', 'nta-withholding-monthly', '2026-01-01')?.version).toBe('2026-01');
    expect(m.resolve('income_tax_monthly_table', 'nta-withholding-monthly', '2027-01-01')?.version).toBe('2027-01');
  });
  it('2026 kou, 0 dependents, 1,000,000: 121,820 + 40,000 x 33.693 % = 135,297.2 raw -> 135,297', () => {
    const r = monthly(monthlyTable('2026-01'), 1000000, 'kou', 0);
    expect(r.tax).toBe('135297.2');
    expect(r.floored).toBe(135297);
    expect(r.json).toMatchObject({ taxable_from: 960000, excess_amount: 40000, base_tax_amount: 121820, rate: '0.33693' });
  });
  it('2027 kou at 740,000 = 71,000; 2027 otsu at 1,720,000 = 659,300', () => {
    expect(monthly(monthlyTable('2027-01'), 740000, 'kou', 0).json.tax).toBe(71000);
    expect(monthly(monthlyTable('2027-01'), 1720000, 'otsu', null).json.tax).toBe(659300);
    expect(monthly(monthlyTable('2027-01'), 1719999, 'otsu', null).tax).toBe('659231.5916'); // 259,000 + 979,999 x 40.84 %
  });
  it('2026 otsu 100,000 = 3,063 raw; 2027 otsu 110,999 = 3,399.89937 raw -> 3,399', () => {
    expect(monthly(monthlyTable('2026-01'), 100000, 'otsu', null).tax).toBe('3063');
    const r = monthly(monthlyTable('2027-01'), 110999, 'otsu', null);
    expect(r.tax).toBe('3399.89937');
    expect(r.floored).toBe(3399);
  });
  it('2027 pinned values of the second extraction: 111,000 -> 140 (kou 0)', () => {
    expect(monthly(monthlyTable('2027-01'), 111000, 'kou', 0).json.tax).toBe(140);
    expect(monthly(monthlyTable('2027-01'), 110999, 'kou', 0).json.tax).toBe(0);
  });
  it('2025: 1,700,000 with 0 dependents = 374,180 (zeiri4 Q&A)', () => {
    expect(monthly(monthlyTable('2020-01'), 1700000, 'kou', 0).json.tax).toBe(374180);
  });
});
