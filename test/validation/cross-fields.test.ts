/** Cross-field rules (engine/calculating/validation): the pay-type matrix, dates, codes, gross, subjects, hours. */
import { describe, expect, it } from 'vitest';
import { findAttendanceConflict, validateCrossFields } from '../../engine/calculating/validation/index.ts';
import * as ex from '../../engine/contract/examples.ts';

type Body = Record<string, any>;
const monthly = (patch: (b: Body) => void = () => {}): Body => {
  const b = structuredClone(ex.monthlyPayrollRequestExample) as Body;
  patch(b);
  return b;
};
const hourly = (patch: (b: Body) => void = () => {}): Body =>
  monthly((b) => {
    b.pay_type = 'hourly';
    delete b.base_pay;
    b.hourly_rate = 1500;
    b.attendance_input = { base_work_minutes: 9600, overtime_minutes: 60 };
    b.allowances = [];
    delete b.employee_snapshot.monthly_standard_working_hours;
    patch(b);
  });
const daily = (patch: (b: Body) => void = () => {}): Body =>
  monthly((b) => {
    b.pay_type = 'daily';
    delete b.base_pay;
    b.daily_rate = 12000;
    b.attendance_input = { attendance_days: 20 };
    b.allowances = [];
    b.employee_snapshot.daily_standard_working_hours = '8';
    delete b.employee_snapshot.monthly_standard_working_hours;
    patch(b);
  });
const codes = (b: Body, type: any = 'monthly_payroll') => validateCrossFields(type, b).map((d) => [d.path, d.code]);

describe('pay type matrix', () => {
  it('accepts valid monthly, hourly and daily bodies', () => {
    expect(validateCrossFields('monthly_payroll', monthly())).toEqual([]);
    expect(validateCrossFields('monthly_payroll', hourly())).toEqual([]);
    expect(validateCrossFields('monthly_payroll', daily())).toEqual([]);
  });

  it('monthly: base_pay required; hourly_rate, daily_rate, daily hours, base_work_minutes and attendance_days forbidden', () => {
    const b = monthly((x) => {
      delete x.base_pay;
      x.hourly_rate = 1;
      x.daily_rate = 1;
      x.employee_snapshot.daily_standard_working_hours = '8';
      x.attendance_input.base_work_minutes = 10;
      x.attendance_input.attendance_days = 1;
    });
    expect(codes(b)).toEqual([
      [['base_pay'], 'required'],
      [['hourly_rate'], 'forbidden_field'],
      [['daily_rate'], 'forbidden_field'],
      [['employee_snapshot', 'daily_standard_working_hours'], 'forbidden_field'],
      [['attendance_input', 'base_work_minutes'], 'forbidden_field'],
      [['attendance_input', 'attendance_days'], 'forbidden_field'],
    ]);
  });

  it('monthly with attendance_input requires monthly_standard_working_hours; without it, not', () => {
    expect(codes(monthly((b) => delete b.employee_snapshot.monthly_standard_working_hours))).toEqual([
      [['employee_snapshot', 'monthly_standard_working_hours'], 'required'],
    ]);
    expect(
      codes(
        monthly((b) => {
          delete b.employee_snapshot.monthly_standard_working_hours;
          delete b.attendance_input;
        }),
      ),
    ).toEqual([]);
  });

  it('hourly: hourly_rate, attendance_input and base_work_minutes required; absence and late/early only 0', () => {
    expect(
      codes(
        hourly((b) => {
          delete b.hourly_rate;
          b.base_pay = 1;
          b.attendance_input = { absence_minutes: 5, late_early_leave_minutes: 5, attendance_days: 2 };
        }),
      ),
    ).toEqual([
      [['base_pay'], 'forbidden_field'],
      [['hourly_rate'], 'required'],
      [['attendance_input', 'base_work_minutes'], 'required'],
      [['attendance_input', 'attendance_days'], 'forbidden_field'],
      [['attendance_input', 'absence_minutes'], 'out_of_range'],
      [['attendance_input', 'late_early_leave_minutes'], 'out_of_range'],
    ]);
    expect(codes(hourly((b) => delete b.attendance_input))).toEqual([[['attendance_input'], 'required']]);
    expect(codes(hourly((b) => (b.attendance_input.absence_minutes = 0)))).toEqual([]);
  });

  it('daily: daily_rate, daily hours and attendance_days required; late/early allowed; absence only 0', () => {
    expect(
      codes(
        daily((b) => {
          delete b.daily_rate;
          delete b.employee_snapshot.daily_standard_working_hours;
          b.attendance_input = { late_early_leave_minutes: 30, absence_minutes: 60 };
        }),
      ),
    ).toEqual([
      [['daily_rate'], 'required'],
      [['employee_snapshot', 'daily_standard_working_hours'], 'required'],
      [['attendance_input', 'attendance_days'], 'required'],
      [['attendance_input', 'absence_minutes'], 'out_of_range'],
    ]);
  });

  it('hourly and daily need monthly_standard_working_hours only with an overtime-base allowance', () => {
    const allowance = {
      code: 'pos',
      name: 'Position',
      amount: 5000,
      taxable: true,
      social_insurance_included: true,
      employment_insurance_included: true,
      overtime_base_included: true,
    };
    for (const make of [hourly, daily]) {
      expect(codes(make((b) => (b.allowances = [allowance])))).toEqual([
        [['employee_snapshot', 'monthly_standard_working_hours'], 'required'],
      ]);
      expect(codes(make((b) => (b.allowances = [{ ...allowance, overtime_base_included: false }])))).toEqual([]);
    }
  });
});

describe('dates, codes and amounts', () => {
  it('calculation_date after payment_date and period end before start', () => {
    const b = monthly((x) => {
      x.calculation_date = '2026-05-26';
      x.period.end_date = '2026-04-30';
    });
    expect(codes(b)).toEqual([
      [['calculation_date'], 'date_order'],
      [['period', 'end_date'], 'date_order'],
    ]);
    expect(codes({ ...ex.incomeTaxSimulationExample, calculation_date: '2026-06-01' }, 'income_tax_simulation')).toEqual([
      [['calculation_date'], 'date_order'],
    ]);
  });

  it('duplicate codes in each array, pointing at the later item', () => {
    const item = ex.monthlyPayrollRequestExample.allowances[0];
    const b = monthly((x) => {
      x.allowances = [item, { ...item, code: 'other' }, item];
      x.custom_deductions = [
        { code: 'a', name: 'A', amount: 1 },
        { code: 'a', name: 'B', amount: 2 },
      ];
    });
    expect(validateCrossFields('monthly_payroll', b).filter((d) => d.code === 'duplicate_code')).toEqual([
      { path: ['allowances', 2, 'code'], code: 'duplicate_code', message: expect.stringContaining('allowances[0]') },
      { path: ['custom_deductions', 1, 'code'], code: 'duplicate_code', message: expect.any(String) },
    ]);
  });

  it('negative candidate gross total, with base pay from the request per pay type', () => {
    const adjustment = (amount: number) => [
      { code: 'adj', name: 'Adj', amount, taxable: true, social_insurance_included: true, employment_insurance_included: true },
    ];
    // monthly: 280,000 + 10,000 allowance - 290,001 = -1
    expect(codes(monthly((b) => (b.previous_adjustments = adjustment(-290001))))).toEqual([[[], 'negative_candidate_gross']]);
    expect(codes(monthly((b) => (b.previous_adjustments = adjustment(-290000))))).toEqual([]);
    // hourly: ceil(1,500 x 9,601 / 60) = ceil(240,025) ... 1,500 x 9,601 = 14,401,500 / 60 = 240,025
    expect(
      codes(
        hourly((b) => {
          b.attendance_input.base_work_minutes = 9601;
          b.previous_adjustments = adjustment(-240025);
        }),
      ),
    ).toEqual([]);
    expect(
      codes(
        hourly((b) => {
          b.hourly_rate = 1001; // 1,001 x 1 / 60 = 16.68 -> ceil 17
          b.attendance_input.base_work_minutes = 1;
          b.previous_adjustments = adjustment(-18);
        }),
      ),
    ).toEqual([[[], 'negative_candidate_gross']]);
    // daily: 12,000 x 20 = 240,000; precomputed deductions count (no attendance_input)
    expect(codes(daily((b) => (b.previous_adjustments = adjustment(-240001))))).toEqual([[[], 'negative_candidate_gross']]);
    const noAttendance = monthly((b) => {
      delete b.attendance_input;
      b.absence_deduction = 290001;
    });
    expect(codes(noAttendance)).toEqual([[[], 'negative_candidate_gross']]);
  });

  it('leaves a negative term the schema refuses to the schema: one mistake, one detail', () => {
    // each total below is negative, so the rule would speak if it judged the term
    expect(codes(monthly((b) => (b.base_pay = -20000)))).toEqual([]);
    expect(codes(hourly((b) => (b.hourly_rate = -1500)))).toEqual([]);
    expect(codes(daily((b) => (b.attendance_input.attendance_days = -1)))).toEqual([]);
    expect(codes(monthly((b) => (b.allowances[0].amount = -300000)))).toEqual([]);
    const noAttendance = (patch: (b: Body) => void) =>
      monthly((b) => {
        delete b.attendance_input;
        patch(b);
      });
    expect(codes(noAttendance((b) => (b.overtime_pay = -300000)))).toEqual([]);
    // in range, the same total is still judged: a deduction of 290,001 against 290,000 of pay
    expect(codes(noAttendance((b) => (b.absence_deduction = 290_001)))).toEqual([[[], 'negative_candidate_gross']]);
  });

  it('insurance subjects: care needs social insurance; bases above 0 when subject', () => {
    expect(
      codes(
        monthly((b) => {
          b.employee_snapshot.is_social_insurance_subject = false;
          b.employee_snapshot.care_insurance_subject = true;
        }),
      ),
    ).toEqual([[['employee_snapshot', 'care_insurance_subject'], 'inconsistent_value']]);
    expect(codes(monthly((b) => (b.employee_snapshot.standard_monthly_remuneration = 0)))).toEqual([
      [['employee_snapshot', 'standard_monthly_remuneration'], 'out_of_range'],
    ]);
    // Bonus does not use the standard monthly remuneration.
    expect(
      codes(
        {
          ...structuredClone(ex.bonusRequestExample),
          employee_snapshot: { ...ex.bonusRequestExample.employee_snapshot, standard_monthly_remuneration: 0 },
        },
        'bonus',
      ),
    ).toEqual([]);
    expect(codes({ ...ex.socialInsuranceSimulationExample, standard_monthly_remuneration: 0 }, 'social_insurance_simulation')).toEqual([
      [['standard_monthly_remuneration'], 'out_of_range'],
    ]);
    expect(
      codes(
        { ...ex.socialInsuranceSimulationExample, is_social_insurance_subject: false, care_insurance_subject: true },
        'social_insurance_simulation',
      ),
    ).toEqual([[['care_insurance_subject'], 'inconsistent_value']]);
    expect(codes({ ...ex.employmentInsuranceSimulationExample, subject_wage_total: 0 }, 'employment_insurance_simulation')).toEqual([
      [['subject_wage_total'], 'out_of_range'],
    ]);
    expect(
      codes(
        { ...ex.employmentInsuranceSimulationExample, is_employment_insurance_subject: false, subject_wage_total: 0 },
        'employment_insurance_simulation',
      ),
    ).toEqual([]);
  });

  it('bonus of 0 with no items; a 0 gross with items is fine', () => {
    const zero = { ...structuredClone(ex.bonusRequestExample), bonus_gross_amount: 0 };
    expect(validateCrossFields('bonus', zero)).toEqual([
      {
        path: ['bonus_gross_amount'],
        code: 'out_of_range',
        message: 'The bonus must be above 0: bonus_gross_amount is 0 and bonus_items is empty.',
      },
    ]);
    const { bonus_items: _omit, ...withoutItems } = zero;
    expect(codes(withoutItems, 'bonus')).toEqual([[['bonus_gross_amount'], 'out_of_range']]);
    expect(
      codes(
        {
          ...zero,
          bonus_items: [
            { code: 'p', name: 'P', amount: 1000, taxable: true, social_insurance_included: true, employment_insurance_included: true },
          ],
        },
        'bonus',
      ),
    ).toEqual([]);
  });

  it('scheduled hours ranges, compared exactly as decimals', () => {
    const hours = (monthlyHours: string, dailyHours?: string) =>
      codes(
        daily((b) => {
          b.employee_snapshot.monthly_standard_working_hours = monthlyHours;
          if (dailyHours !== undefined) b.employee_snapshot.daily_standard_working_hours = dailyHours;
        }),
      );
    expect(hours('1')).toEqual([]);
    expect(hours('744')).toEqual([]);
    expect(hours('0.99')).toEqual([[['employee_snapshot', 'monthly_standard_working_hours'], 'out_of_range']]);
    expect(hours('744.0000000001')).toEqual([[['employee_snapshot', 'monthly_standard_working_hours'], 'out_of_range']]);
    expect(hours('160', '24')).toEqual([]);
    expect(hours('160', '0')).toEqual([[['employee_snapshot', 'daily_standard_working_hours'], 'out_of_range']]);
    expect(hours('160', '24.01')).toEqual([[['employee_snapshot', 'daily_standard_working_hours'], 'out_of_range']]);
  });
});

describe('attendance conflict', () => {
  it('names the nonzero precomputed amounts combined with attendance_input', () => {
    expect(findAttendanceConflict(monthly())).toBeNull();
    expect(findAttendanceConflict(monthly((b) => (b.overtime_pay = 0)))).toBeNull();
    const message = findAttendanceConflict(
      monthly((b) => {
        b.overtime_pay = 100;
        b.late_early_leave_deduction = 5;
      }),
    );
    expect(message).toContain('overtime_pay, late_early_leave_deduction');
    expect(
      findAttendanceConflict(
        monthly((b) => {
          delete b.attendance_input;
          b.overtime_pay = 100;
        }),
      ),
    ).toBeNull();
  });
});

describe('malformed input never throws', () => {
  const junk: unknown[] = [
    null,
    1,
    'x',
    [],
    {},
    { pay_type: 'weekly' },
    { employee_snapshot: 'x', attendance_input: [], allowances: 'x', previous_adjustments: [null, 1] },
    { allowances: [{ code: 1 }, null], bonus_items: {}, calculation_date: 5 },
  ];
  it.each(junk.map((j) => [JSON.stringify(j), j]))('%s', (_label, body) => {
    for (const type of [
      'monthly_payroll',
      'bonus',
      'social_insurance_simulation',
      'employment_insurance_simulation',
      'income_tax_simulation',
      'standard_monthly_remuneration_resolution',
    ] as const) {
      expect(() => validateCrossFields(type, body as never)).not.toThrow();
      expect(() => findAttendanceConflict(body)).not.toThrow();
    }
  });
});
