/**
 * masters/parameters/<area>.yaml as masters:check sees it: unknown keys refused on every node, dates
 * ascending, values of their unit (hints for "9.8%" and unquoted rates), rates within 0..1 and the
 * declared range, table rows contiguous, known_through present and not before the newest value; every
 * message with file, JSON path and line.
 */
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMasters, loadMasters } from '../../engine/loading/masters/load.ts';
import { FIXTURES } from './helpers.ts';

const SRC = '{artifact_id: a, publisher: P, document: D, verification: V, confidence: high}';
const GOOD = `kind: parameters
area: levy
description: test parameters
parameters:
  rate:
    description: a rate
    unit: rate
    range: {min: "0", max: "0.01", basis: "art. 3 caps it at 1 %"}
    values:
      "2028-01-01":
        value: "0.001"
        source: ${SRC}
      "2029-04-01":
        value: "0.002"
        source: ${SRC}
        inferred: true
    known_through: "2030-03-31"
  cap:
    description: a yen cap
    unit: yen
    values:
      "2028-01-01": {value: 5000, source: ${SRC}}
    known_through: "2028-01-01"
`;

function check(text: string, name = 'levy') {
  const dir = mkdtempSync(join(tmpdir(), 'params-'));
  mkdirSync(join(dir, 'parameters'));
  writeFileSync(join(dir, 'parameters', `${name}.yaml`), text);
  return { problems: checkMasters(dir), dir };
}

const one = (text: string, name?: string) => check(text, name).problems.map((p) => `${p.file} ${p.path}: ${p.message}`);

describe('parameters master', () => {
  it('loads dated values with their sources, resolved by date', () => {
    const { problems, dir } = check(GOOD);
    expect(problems).toEqual([]);
    const set = loadMasters(dir).parameters!;
    expect(set.valueAt('levy.rate', '2027-12-31')).toBeUndefined();
    expect(set.valueAt('levy.rate', '2029-03-31')!.value!.toString()).toBe('0.001');
    expect(set.valueAt('levy.rate', '2029-03-31')!.effective_to).toBe('2029-03-31');
    const later = set.valueAt('levy.rate', '2029-04-01')!;
    expect([later.value!.toString(), later.inferred, later.effective_to, later.source.publisher]).toEqual(['0.002', true, null, 'P']);
    expect(set.at('2028-06-01')).toEqual({ levy: { rate: expect.anything(), cap: expect.anything() } });
    expect(set.at('2028-06-01').levy.cap!.toString()).toBe('5000');
    expect(set.uncovered('levy.rate', '2027-01-01', null)).toEqual([['2027-01-01', '2027-12-31']]);
  });

  it('refuses an unknown key on any node, with its line', () => {
    expect(one(GOOD.replace('        inferred: true', '        infered: true'))).toEqual([
      'parameters/levy.yaml /parameters/rate/values/2029-04-01/infered: unknown key "infered" (line 16)',
    ]);
    expect(one(GOOD.replace('    unit: yen', '    unit: yen\n    unti: yen'))).toEqual([
      'parameters/levy.yaml /parameters/cap/unti: unknown key "unti" (line 21)',
    ]);
  });

  it('refuses dates out of order', () => {
    expect(one(GOOD.replace('"2029-04-01":', '"2027-04-01":'))).toEqual([
      'parameters/levy.yaml /parameters/rate/values/2027-04-01: dates must be ascending: 2027-04-01 follows 2028-01-01 (line 14)',
    ]);
  });

  it('hints at the fraction for "9.8%" and at quoting for a YAML number', () => {
    expect(one(GOOD.replace('value: "0.001"', 'value: "9.8%"'))).toEqual([
      'parameters/levy.yaml /parameters/rate/values/2028-01-01/value: rate "9.8%" is a percentage: write the fraction ("0.098") (line 11)',
    ]);
    expect(one(GOOD.replace('value: "0.001"', 'value: 0.001'))).toEqual([
      expect.stringMatching(
        /\/parameters\/rate\/values\/2028-01-01\/value: must be string.*\(line 11\)|rate 0\.001 must be a quoted decimal string/,
      ),
    ]);
  });

  it('refuses a rate outside 0..1 and a value outside the declared range, citing its basis', () => {
    expect(one(GOOD.replace('value: "0.001"', 'value: "1.5"'))).toEqual([
      'parameters/levy.yaml /parameters/rate/values/2028-01-01/value: rate 1.5 is not within 0..1 (rates are fractions: 0.1 % is "0.001") (line 11)',
      'parameters/levy.yaml /parameters/rate/values/2028-01-01/value: 1.5 is outside the plausible range 0..0.01 (art. 3 caps it at 1 %) (line 11)',
    ]);
    expect(one(GOOD.replace('value: "0.002"', 'value: "0.02"'))).toEqual([
      'parameters/levy.yaml /parameters/rate/values/2029-04-01/value: 0.02 is outside the plausible range 0..0.01 (art. 3 caps it at 1 %) (line 14)',
    ]);
  });

  it('refuses a parameter without known_through, or with it before its newest value, with its line', () => {
    expect(one(GOOD.replace('    known_through: "2028-01-01"\n', ''))).toEqual([
      'parameters/levy.yaml /parameters/cap/known_through: missing required key "known_through" (line 19)',
    ]);
    expect(one(GOOD.replace('known_through: "2030-03-31"', 'known_through: "2029-03-31"'))).toEqual([
      "parameters/levy.yaml /parameters/rate/known_through: known_through 2029-03-31 is before its newest value's date 2029-04-01 (line 17)",
    ]);
  });

  it('takes a not_imported period for no value: known_through may end before it', () => {
    const closed = GOOD.replace(
      '    known_through: "2030-03-31"',
      `      "2030-04-01": {value: null, status: not_imported, source: ${SRC}}\n    known_through: "2030-03-31"`,
    );
    const { problems, dir } = check(closed);
    expect(problems).toEqual([]);
    const set = loadMasters(dir).parameters!;
    expect(set.get('levy.rate')!.known_through).toBe('2030-03-31');
    expect(set.carriedAt('2028-01-01')).toBeNull();
    // the cap, known on its first day only, is carried after it; the rate through its known_through, then not_imported
    const cap = { type: 'parameter', id: 'levy.cap', version: '2028-01-01', known_through: '2028-01-01' };
    expect([...set.carriedAt('2030-03-31')!.values()]).toEqual([cap]);
    expect([...set.carriedAt('2030-04-01')!.values()]).toEqual([cap]);
  });

  it('refuses an area that is not the file name, and a first value of null', () => {
    expect(one(GOOD, 'other')).toEqual([
      'parameters/other.yaml /area: area "levy" must be the file\'s name (other): rules read parameters.<area>.<name> (line 2)',
    ]);
    expect(one(GOOD.replace('value: "0.001"', 'value: null'))).toEqual([
      'parameters/levy.yaml /parameters/rate/values/2028-01-01/value: the first value cannot be null: a parameter starts with a value (or status: not_imported) (line 11)',
    ]);
  });

  it('refuses table rows with a gap between ranges', () => {
    const table = `kind: parameters
area: levy
description: t
parameters:
  brackets:
    description: b
    unit: table
    columns:
      from: {unit: yen, description: f}
      to: {unit: yen, description: t, nullable: true}
      rate: {unit: rate, description: r}
    range_convention: {upper_end: exclusive, outside: error, not_found_error: settings_not_resolved, index: null}
    values:
      "2028-01-01":
        rows:
          - {from: 0, to: 1000, rate: "0"}
          - {from: 1001, to: null, rate: "0.01"}
        source: ${SRC}
    known_through: "2028-01-01"
`;
    expect(one(table)).toEqual([
      'parameters/levy.yaml /parameters/brackets/values/2028-01-01/rows/1/from: from 1001 does not follow the previous row (expected 1000: gap) (line 17)',
    ]);
  });

  it('takes the plausibility bounds of the table masters from data: widening one there is all it takes', () => {
    const fixture = join(FIXTURES, 'masters-broken', 'rate-total-not-half');
    expect(checkMasters(fixture).map((p) => p.message)).toEqual([
      expect.stringMatching(/outside the plausible employee share 0\.05\.\.0\.1/),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'bounds-'));
    cpSync(fixture, dir, { recursive: true });
    const bounds = join(dir, 'plausibility', 'employee_rate_bounds.yaml');
    writeFileSync(bounds, readFileSync(bounds, 'utf8').replace('max: "0.1"', 'max: "0.2"'));
    expect(checkMasters(dir)).toEqual([]);
  });
});
