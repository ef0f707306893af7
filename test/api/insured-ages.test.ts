/**
 * employee_snapshot.birth_date over HTTP: the ages decide the insurances for the premium
 * month; care_insurance_subject may then be left out, and one that disagrees is a 422 naming both fields.
 * Every boundary is a golden case (test/golden/monthly/insured-ages.yaml, test/golden/bonus/insured-ages.yaml,
 * worked by hand); here: the API's answers, the error envelope and the trace. The documented monthly body:
 * Tokyo, pay 2026-05-25 under next_month collection, so the premium month is 2026-04 (last day 2026-04-30);
 * S = 300,000: health r(300,000 x 4.925%) = 14,775, care r(300,000 x 5.735%) - 14,775 = 2,430.
 */
import { describe, expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';
import { call } from './support/test-server.ts';

function monthlyBorn(birth: string | undefined, care?: boolean): any {
  const body: any = bodies.monthly();
  delete body.employee_snapshot.care_insurance_subject;
  if (birth !== undefined) body.employee_snapshot.birth_date = birth;
  if (care !== undefined) body.employee_snapshot.care_insurance_subject = care;
  return body;
}

const step = (json: any, name: string) => json.calculation_trace.find((s: any) => s.step === name);

describe('ages from employee_snapshot.birth_date', () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });

  it('a birth date without the care flag: 40 attained on 2026-04-30 (born 1 May) puts the April premium month in care insurance', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: monthlyBorn('1986-05-01') });
    expect(res.status).toBe(200);
    expect(res.json.amounts.statutory_deductions).toMatchObject({ health_insurance: 14775, care_insurance: 2430 });
    expect(step(res.json, 'care_insurance').inputs).toMatchObject({
      care_insurance_subject: true,
      insured_by: 'birth_date',
      age_at_premium_month_end: 40,
    });
    expect(step(res.json, 'health_insurance').inputs).toMatchObject({ health_insurance_subject: true, insured_by: 'birth_date' });
  });

  it('born a day later (2 May): 39 at the end of April, no care insurance yet', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: monthlyBorn('1986-05-02') });
    expect(res.status).toBe(200);
    expect(res.json.amounts.statutory_deductions.care_insurance).toBe(0);
    expect(res.json.amounts.employer_contributions.care_insurance).toBe('0');
  });

  it('a care flag that disagrees with the birth date: 422 validation_error with a detail at each field', async () => {
    const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: monthlyBorn('1986-05-01', false) });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.details.map((d: any) => [d.path, d.code])).toEqual([
      [['employee_snapshot', 'care_insurance_subject'], 'inconsistent_value'],
      [['employee_snapshot', 'birth_date'], 'inconsistent_value'],
    ]);
    expect(res.json.error.details[0].message).toMatch(/care_insurance_subject disagrees with birth_date/);
  });

  it('neither the flag nor a birth date: 422 at care_insurance_subject; a malformed or later birth date: 422 at birth_date', async () => {
    const none = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: monthlyBorn(undefined) });
    expect(none.status).toBe(422);
    expect(none.json.error.details.map((d: any) => [d.path, d.code])).toEqual([
      [['employee_snapshot', 'care_insurance_subject'], 'required'],
    ]);
    for (const birth of ['1986-02-30', '2026-05-26']) {
      const res = await call(api.server, 'POST', PATHS.monthly, { key: api.key, body: monthlyBorn(birth, false) });
      expect(res.status).toBe(422);
      expect(res.json.error.details.map((d: any) => d.path)).toEqual([['employee_snapshot', 'birth_date']]);
    }
  });

  it('bonus (premium month = payment month 2026-06): 70 attained on 2026-06-29 ends the pension, the trace stays nine steps', async () => {
    const body: any = bodies.bonus();
    body.employee_snapshot.birth_date = '1956-06-30';
    const res = await call(api.server, 'POST', PATHS.bonus, { key: api.key, body });
    expect(res.status).toBe(200);
    // 500,000 bonus: health r(500,000 x 4.925% = 24,625); pension 0 on a standard bonus of 0
    expect(res.json.amounts.standard_bonus_amounts).toEqual({ health_insurance: 500000, employees_pension_insurance: 0 });
    expect(res.json.amounts.statutory_deductions).toMatchObject({ health_insurance: 24625, employees_pension_insurance: 0 });
    expect(res.json.calculation_trace).toHaveLength(9);
    expect(step(res.json, 'bonus_employees_pension_insurance').inputs).toMatchObject({
      employees_pension_insurance_subject: false,
      insured_by: 'birth_date',
      age_at_premium_month_end: 70,
    });
  });
});
