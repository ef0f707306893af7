/**
 * employee_snapshot.leaves and birth in monthly payroll and bonus over HTTP (issue 42 item 2). Every
 * boundary is a golden case worked by hand (test/golden/monthly/leave-exemption.yaml,
 * test/golden/bonus/leave-exemption.yaml); here the API's answers: an exempt premium month or bonus answers
 * zero health, care, childcare support and pension premiums (employee and employer shares), the warning
 * SOCIAL_INSURANCE_EXEMPT_LEAVE and a trace step naming the exemption rule, with the same employment
 * insurance, income tax and net pay as the same request sent with is_social_insurance_subject false (what
 * callers did before); a month or bonus not exempt answers as without leaves; bad leaves are 422 at
 * employee_snapshot.leaves. The documented bodies: monthly pay of 2026-05-25 under next_month collection
 * (premium month 2026-04), bonus paid 2026-06-30 (premium month 2026-06).
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

type Leave = { leave_type: string; start_date: string; end_date: string; [k: string]: unknown };

function withLeaves(kind: 'monthly' | 'bonus', leaves?: Leave[], birth?: Record<string, unknown>): any {
  const body: any = bodies[kind]();
  if (leaves) body.employee_snapshot.leaves = leaves;
  if (birth) body.employee_snapshot.birth = birth;
  body.calculation_options = { include_calculation_trace: true };
  return body;
}

function workaround(kind: 'monthly' | 'bonus'): any {
  const body = withLeaves(kind);
  body.employee_snapshot.is_social_insurance_subject = false;
  return body;
}

const ZERO_PREMIUMS = { health_insurance: 0, care_insurance: 0, childcare_support_contribution: 0, employees_pension_insurance: 0 };
const ZERO_EMPLOYER = { health_insurance: '0', care_insurance: '0', childcare_support_contribution: '0', employees_pension_insurance: '0' };
const step = (json: any, name: string) => json.calculation_trace.find((s: any) => s.step === name);
/** The amounts but the social insurance subject amount (the remuneration is still reported while premiums are exempt). */
const payable = ({ social_insurance_subject_amount: _omit, ...rest }: any) => rest;
/** the warnings the calculation raised itself, without MASTER_CARRIED_FORWARD (data, docs/adr/0105) */
const own = (warnings: string[]) => warnings.filter((w) => w !== 'MASTER_CARRIED_FORWARD');

describe('leaves in monthly payroll and bonus', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  const post = (kind: 'monthly' | 'bonus', body: unknown) => call(api.server, 'POST', PATHS[kind], { key: api.key, body });

  it('monthly: a childcare leave over the April end exempts the 2026-04 premium month; EI, tax and net as with is_social_insurance_subject false', async () => {
    const res = await post(
      'monthly',
      withLeaves('monthly', [{ leave_type: 'childcare_leave', start_date: '2026-04-01', end_date: '2026-06-30' }]),
    );
    const old = await post('monthly', workaround('monthly'));
    const plain = await post('monthly', withLeaves('monthly'));
    expect([res.status, old.status, plain.status]).toEqual([200, 200, 200]);
    expect(res.json.amounts.statutory_deductions).toMatchObject(ZERO_PREMIUMS);
    expect(res.json.amounts.employer_contributions).toMatchObject({ ...ZERO_EMPLOYER, child_rearing_levy: '0' });
    expect(payable(res.json.amounts)).toEqual(payable(old.json.amounts));
    expect(res.json.amounts.social_insurance_subject_amount).toBe(plain.json.amounts.social_insurance_subject_amount);
    expect(res.json.amounts.statutory_deductions.employment_insurance).toBe(plain.json.amounts.statutory_deductions.employment_insurance);
    expect(res.json.amounts.statutory_deductions.income_tax).toBeGreaterThan(plain.json.amounts.statutory_deductions.income_tax);
    expect(own(res.json.warnings)).toEqual(['SOCIAL_INSURANCE_EXEMPT_LEAVE']);
    expect(own(old.json.warnings)).toEqual([]);
    const exemption = step(res.json, 'social_insurance_leave_exemption');
    expect(exemption).toMatchObject({ formula_code: 'leave_premium_exemption.payroll_month.v1', rounded_amount: 'month_end_in_leave' });
    expect(exemption.inputs).toMatchObject({ premium_month: '2026-04', exemption_rule: 'month_end_in_leave', exempt: true });
    expect(step(res.json, 'health_insurance').inputs).toMatchObject({
      health_insurance_subject: false,
      insured_by: 'leave_premium_exemption',
    });
  });

  it('monthly: a leave of 11 days within April exempts nothing and answers as without leaves', async () => {
    const res = await post(
      'monthly',
      withLeaves('monthly', [{ leave_type: 'childcare_leave', start_date: '2026-04-10', end_date: '2026-04-20' }]),
    );
    const plain = await post('monthly', withLeaves('monthly'));
    expect(res.status).toBe(200);
    expect(res.json.amounts).toEqual(plain.json.amounts);
    expect(res.json.warnings).toEqual(plain.json.warnings);
    expect(step(res.json, 'social_insurance_leave_exemption').inputs).toMatchObject({ exemption_rule: null, same_month_leave_days: 11 });
  });

  it('monthly: without leaves no exemption step runs', async () => {
    const plain = await post('monthly', withLeaves('monthly'));
    expect(plain.json.calculation_trace.map((s: any) => s.step)).not.toContain('social_insurance_leave_exemption');
  });

  it('bonus: a childcare leave longer than one month exempts the June bonus; EI, tax and net as with is_social_insurance_subject false', async () => {
    const res = await post(
      'bonus',
      withLeaves('bonus', [{ leave_type: 'childcare_leave', start_date: '2026-06-01', end_date: '2026-08-31' }]),
    );
    const old = await post('bonus', workaround('bonus'));
    expect([res.status, old.status]).toEqual([200, 200]);
    expect(res.json.amounts.statutory_deductions).toMatchObject(ZERO_PREMIUMS);
    expect(res.json.amounts.employer_contributions).toMatchObject({ ...ZERO_EMPLOYER, child_rearing_levy: '0' });
    expect(payable(res.json.amounts)).toEqual(payable(old.json.amounts));
    expect(own(res.json.warnings)).toEqual(['SOCIAL_INSURANCE_EXEMPT_LEAVE']);
    expect(step(res.json, 'social_insurance_leave_exemption')).toMatchObject({
      formula_code: 'leave_premium_exemption.payroll_bonus.v1',
      rounded_amount: 'childcare_leave_over_one_month',
    });
    // the leave rules' own steps, citing the parameters they read, before the verdict and the premiums
    const steps = res.json.calculation_trace.map((s: any) => s.step);
    expect(steps.slice(2, 6)).toEqual(['leave_units', 'exempt_months', 'social_insurance_leave_exemption', 'bonus_health_insurance']);
    expect(step(res.json, 'exempt_months').inputs).toMatchObject({ fourteen_days: 14 });
  });

  it('bonus: a leave of exactly one month (06-15 to 07-14) does not exempt it; answers as without leaves', async () => {
    const res = await post(
      'bonus',
      withLeaves('bonus', [{ leave_type: 'childcare_leave', start_date: '2026-06-15', end_date: '2026-07-14' }]),
    );
    const plain = await post('bonus', withLeaves('bonus'));
    expect(res.status).toBe(200);
    expect(res.json.amounts).toEqual(plain.json.amounts);
    expect(res.json.warnings).toEqual(plain.json.warnings);
    expect(step(res.json, 'social_insurance_leave_exemption').rounded_amount).toBe('childcare_leave_not_over_one_month');
    expect(plain.json.calculation_trace).toHaveLength(9);
  });

  it('bonus: a maternity leave around the birth exempts it, with birth in employee_snapshot', async () => {
    const res = await post(
      'bonus',
      withLeaves('bonus', [{ leave_type: 'maternity_leave', start_date: '2026-05-20', end_date: '2026-08-24' }], {
        expected_date: '2026-06-30',
        actual_date: '2026-06-29',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.amounts.statutory_deductions).toMatchObject(ZERO_PREMIUMS);
    expect(step(res.json, 'social_insurance_leave_exemption').rounded_amount).toBe('maternity_leave');
  });

  it('bad leaves are 422 validation_error at employee_snapshot.leaves, in monthly payroll and bonus alike', async () => {
    const cases: [Leave[], (string | number)[], string][] = [
      [
        [{ leave_type: 'childcare_leave', start_date: '2026-04-10', end_date: '2026-04-09' }],
        ['employee_snapshot', 'leaves', 0, 'end_date'],
        'date_order',
      ],
      [
        [
          { leave_type: 'childcare_leave', start_date: '2026-04-01', end_date: '2026-04-12' },
          { leave_type: 'childcare_leave', start_date: '2026-04-12', end_date: '2026-04-20' },
        ],
        ['employee_snapshot', 'leaves', 1, 'start_date'],
        'overlapping_leaves',
      ],
      [
        [{ leave_type: 'sick_leave', start_date: '2026-04-01', end_date: '2026-04-03' }],
        ['employee_snapshot', 'leaves', 0, 'leave_type'],
        'invalid_value',
      ],
      [
        [{ leave_type: 'childcare_leave', start_date: '9999-12-01', end_date: '9999-12-31' }],
        ['employee_snapshot', 'leaves', 0, 'end_date'],
        'out_of_range',
      ],
    ];
    for (const kind of ['monthly', 'bonus'] as const)
      for (const [leaves, path, code] of cases) {
        const res = await post(kind, withLeaves(kind, leaves));
        expect(res.status, `${kind} ${JSON.stringify(path)}`).toBe(422);
        expect(res.json.error.code).toBe('validation_error');
        expect(res.json.error.details).toContainEqual(expect.objectContaining({ path, code }));
      }
    const noExpected = await post(
      'monthly',
      withLeaves('monthly', [{ leave_type: 'maternity_leave', start_date: '2026-04-01', end_date: '2026-06-30' }], {}),
    );
    expect(noExpected.status).toBe(422);
    expect(noExpected.json.error.details).toContainEqual(
      expect.objectContaining({ path: ['employee_snapshot', 'birth', 'expected_date'] }),
    );
  });
});
