/** YAML reading: dates stay strings, values become Decimals at load, rounding tables load. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDecimal } from '../../engine/decimal.ts';
import { checkMasters, loadMasters } from '../../engine/loading/masters/load.ts';
import { masters } from './helpers.ts';
import { mutatedTree, replaceOnce } from './mutate.ts';

describe('dates', () => {
  it('unquoted YAML dates load as YYYY-MM-DD strings, not Date objects', () => {
    // alone in its tree the file must be the open-ended newest version, whatever its successors by now
    const alone = (t: string) => t.replace(/^effective_to: .*$/m, 'effective_to: null');
    const dir = mutatedTree(['employment_insurance/2026-04.yaml'], (t) =>
      alone(replaceOnce(t, 'effective_from: "2026-04-01"', 'effective_from: 2026-04-01')),
    );
    const r = loadMasters(dir).resolve('employment_insurance_rate_table', 'ei-general', '2026-04-01')!;
    expect(r.effective_from).toBe('2026-04-01');
    expect(typeof r.effective_from).toBe('string');
  });
  it('an impossible date is refused', () => {
    const dir = mutatedTree(['employment_insurance/2026-04.yaml'], (t) =>
      replaceOnce(t, 'effective_from: "2026-04-01"', 'effective_from: "2026-02-30"'),
    );
    expect(checkMasters(dir).map((p) => p.path)).toContain('/effective_from');
  });
});

describe('values are Decimals, converted once at load', () => {
  it('rates and amounts', () => {
    const m = masters();
    const t = m.resolve('income_tax_monthly_table', 'nta-withholding-monthly', '2026-06-25')!;
    expect(isDecimal(t.rows[0].kou[0]) && isDecimal(t.kou_brackets[0].rate) && isDecimal(t.otsu_below_table.rate)).toBe(true);
    const k = m.resolve('social_insurance_rate_table', 'kyokai-13', '2026-06-01')!;
    expect(isDecimal(k.health_insurance_employee_rate) && isDecimal(k.health_insurance_standard_bonus_annual_cap)).toBe(true);
    // resolve returns the same loaded object each time: nothing is re-parsed per request
    expect(m.resolve('social_insurance_rate_table', 'kyokai-13', '2026-07-01')).toBe(k);
  });
});

describe("rounding_rule_table (fixture copy of the lead's file)", () => {
  const fixture = resolve(import.meta.dirname, 'fixtures');
  it('loads the policy version', () => {
    const m = loadMasters(fixture);
    const t = m.resolve('rounding_rule_table', 'rounding-rules', '2026-04-25')!;
    expect(t.version).toBe('2020-01');
    expect(t).not.toHaveProperty('assignments');
  });
  it('refuses a per-step assignments map: each rule names its own rounding, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'masters-'));
    mkdirSync(join(dir, 'rounding_rules'));
    writeFileSync(
      join(dir, 'rounding_rules', '2020-01.yaml'),
      `kind: rounding_rule_table
id: rounding-rules
version: "2020-01"
effective_from: "2020-01-01"
effective_to: null
known_through: "2020-01-01"
effective_date_basis: payment_date
provider: test
source_artifact_id: null
sources: [{artifact_id: a, publisher: p, document: d, verification: v, confidence: c}]
assignments:
  "Bad Code": floor_yen
  income_tax.basis_amount: "Floor Yen"
`,
    );
    const problems = checkMasters(dir);
    expect(problems.map((p) => p.path)).toEqual(['/assignments']);
    expect(problems[0].message).toContain('unknown key "assignments"');
  });
});
