/**
 * Each request default is written once, in the request schema: the engine fills it in (on a copy) before
 * the pipeline runs, and no pipeline `prepare` restates it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { withRequestDefaults } from '../../engine/contract/request-defaults.ts';
import { REQUEST_SCHEMAS } from '../../engine/contract/request-schemas.ts';
import { bonusRequestExample, monthlyPayrollRequestExample, standardMonthlyRemunerationExample } from '../../engine/contract/examples.ts';
import type { CalculationType } from '../../engine/calculation-type.ts';
import { loadEngine } from '../../engine/index.ts';
import { applyProfilePut } from '../../engine/loading/profile/apply-put.ts';

describe('withRequestDefaults', () => {
  it('fills top-level, nested-object and array-item defaults without touching the caller’s object', () => {
    const request = {
      ...monthlyPayrollRequestExample,
      allowances: [
        {
          code: 'A1',
          name: 'commute',
          amount: 10000,
          taxable: false,
          social_insurance_included: true,
          employment_insurance_included: true,
        },
      ],
      attendance_input: { overtime_minutes: 90 },
    } as Record<string, unknown>;
    delete request.resident_tax_amount;
    delete request.custom_deductions;
    const before = structuredClone(request);
    const filled = withRequestDefaults('monthly_payroll', request);
    expect(request).toEqual(before);
    expect(filled).toMatchObject({
      pay_type: 'monthly',
      resident_tax_amount: 0,
      overtime_pay: 0,
      previous_adjustments: [],
      custom_deductions: [],
      calculation_options: { include_calculation_trace: true },
      attendance_input: { overtime_minutes: 90, late_night_minutes: 0, absence_minutes: 0 },
    });
    expect((filled.allowances as Record<string, unknown>[])[0].overtime_base_included).toBe(false);
    // no default in the schema: nothing is invented
    expect(filled.attendance_input).not.toHaveProperty('base_work_minutes');
  });

  it('fills a defaulted object and then its own defaults (bonus_tax_context)', () => {
    const request = { ...bonusRequestExample } as Record<string, unknown>;
    delete request.bonus_tax_context;
    expect(withRequestDefaults('bonus', request).bonus_tax_context).toEqual({ calculation_method: 'standard' });
  });

  it('takes the trace default of each calculation from its schema (off for the grade lookup)', () => {
    expect(
      withRequestDefaults('standard_monthly_remuneration_resolution', { ...standardMonthlyRemunerationExample }).calculation_options,
    ).toEqual({ include_calculation_trace: false });
  });
});

describe('the engine reads a request with its defaults', () => {
  const engine = loadEngine();
  const versions = applyProfilePut(
    [],
    {
      effective_from: '2025-01-01',
      social_insurance: { health_insurance_provider: 'kyokai', prefecture_code: '13' },
      employment_insurance_business_type: 'general',
      attendance_premium_rates: { overtime: '1.25', late_night_additional: '0.25', legal_holiday: '1.35', non_legal_holiday: '1.25' },
    },
    { company_id: monthlyPayrollRequestExample.company_id, profile_id: 'p-defaults' },
  ).versions;

  it('omitting every defaulted field gives the same amounts and trace as sending the defaults', () => {
    const explicit = {
      ...monthlyPayrollRequestExample,
      pay_type: 'monthly',
      allowances: [],
      previous_adjustments: [],
      custom_deductions: [],
      resident_tax_amount: 0,
      overtime_pay: 0,
      absence_deduction: 0,
      late_early_leave_deduction: 0,
    };
    const omitted: Record<string, unknown> = { ...explicit };
    for (const key of [
      'pay_type',
      'allowances',
      'previous_adjustments',
      'custom_deductions',
      'resident_tax_amount',
      'overtime_pay',
      'absence_deduction',
      'late_early_leave_deduction',
    ])
      delete omitted[key];
    const a = engine.calculate('monthly_payroll', explicit, versions).toResult();
    const b = engine.calculate('monthly_payroll', omitted, versions).toResult();
    expect(b.amounts).toEqual(a.amounts);
    expect(b.calculation_trace).toEqual(a.calculation_trace);
    expect(b.amounts.net_payment).toBeGreaterThan(0);
  });
});

/** Request paths that carry a schema default, e.g. request.allowances, request.attendance_input.absence_minutes. */
function defaultedPaths(schema: unknown, prefix: string, out: Set<string>): Set<string> {
  const props = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  for (const [name, sub] of Object.entries(props)) {
    if ((sub as { default?: unknown }).default !== undefined) out.add(`${prefix}.${name}`);
    defaultedPaths(sub, `${prefix}.${name}`, out);
  }
  return out;
}

/** Every `var` with a fallback (`{var: [path, fallback]}`) in an expression. */
function varsWithFallback(expr: unknown, out: string[] = []): string[] {
  if (Array.isArray(expr)) expr.forEach((e) => varsWithFallback(e, out));
  else if (expr && typeof expr === 'object') {
    for (const [op, arg] of Object.entries(expr)) {
      if (op === 'var' && Array.isArray(arg) && arg.length > 1 && typeof arg[0] === 'string') out.push(arg[0]);
      varsWithFallback(arg, out);
    }
  }
  return out;
}

describe('no pipeline restates a request default', () => {
  const dir = join(import.meta.dirname, '../../rules/pipelines');
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

  it('finds the defaulted request paths it guards (the check can see a restatement)', () => {
    const paths = defaultedPaths(REQUEST_SCHEMAS.monthly_payroll, 'request', new Set());
    expect(paths).toContain('request.allowances');
    expect(paths).toContain('request.attendance_input.overtime_minutes');
    expect(varsWithFallback({ if: [true, { var: ['request.allowances', []] }, 0] })).toEqual(['request.allowances']);
  });

  it.each(files)('%s', (file) => {
    const pipeline = parse(readFileSync(join(dir, file), 'utf8')) as {
      calculation_type: CalculationType;
      prepare?: Record<string, unknown>;
    };
    const defaulted = defaultedPaths(REQUEST_SCHEMAS[pipeline.calculation_type], 'request', new Set());
    const restated = Object.entries(pipeline.prepare ?? {}).flatMap(([at, expr]) =>
      varsWithFallback(expr)
        .filter((p) => defaulted.has(p))
        .map((p) => `${at}: ${p}`),
    );
    expect(restated).toEqual([]);
  });
});
