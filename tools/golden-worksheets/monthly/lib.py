"""Small DSL used by the topic scripts: build requests, work them with calc.py, write the YAML."""
from __future__ import annotations

import calendar
import os

import yaml

from calc import CaseError, monthly_payroll

OUT = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'test', 'golden', 'monthly')

RATES = {'overtime': '1.25', 'late_night_additional': '0.25', 'legal_holiday': '1.35', 'non_legal_holiday': '1.25'}


def kyokai(pref):
    return {'health_insurance_provider': 'kyokai', 'prefecture_code': pref}


def put(effective_from='2025-01-01', si=None, bt='general', rates=RATES, **kw):
    p = {'effective_from': effective_from, 'social_insurance': si, 'employment_insurance_business_type': bt}
    p.update(kw)
    if rates is not None:
        p['attendance_premium_rates'] = dict(rates)
    return p


def E(S=300000, dep=0, col='kou', si=True, ei=True, care=False, msw=None, dsw=None, ref='emp-001'):
    e = {'employee_ref': ref, 'tax_dependent_count': dep, 'tax_table_type': col,
         'is_social_insurance_subject': si, 'is_employment_insurance_subject': ei,
         'standard_monthly_remuneration': S, 'care_insurance_subject': care}
    if msw is not None:
        e['monthly_standard_working_hours'] = msw
    if dsw is not None:
        e['daily_standard_working_hours'] = dsw
    return e


def A(code, name, amount, tax=True, si=True, ei=True, obi=None, meta=None, fixed=None):
    a = {'code': code, 'name': name, 'amount': amount, 'taxable': tax,
         'social_insurance_included': si, 'employment_insurance_included': ei}
    if fixed is not None:
        a['fixed'] = fixed
    if obi is not None:
        a['overtime_base_included'] = obi
    if meta is not None:
        a['metadata'] = meta
    return a


def COMMUTE(amount):
    return A('commute', '通勤手当', amount, tax=False, si=True, ei=True)


def P(code, name, amount, tax=True, si=True, ei=True, meta=None):
    p = {'code': code, 'name': name, 'amount': amount, 'taxable': tax,
         'social_insurance_included': si, 'employment_insurance_included': ei}
    if meta is not None:
        p['metadata'] = meta
    return p


def C(code, name, amount, meta=None):
    c = {'code': code, 'name': name, 'amount': amount}
    if meta is not None:
        c['metadata'] = meta
    return c


def R(company_id, pd, emp, pay='monthly', base=None, hourly=None, daily=None, att=None, allow=(), prev=(), cust=(),
      resident=None, ot=None, ab=None, le=None, explicit_pay_type=True):
    y, m = int(pd[:4]), int(pd[5:7])
    last = calendar.monthrange(y, m)[1]
    r = {'company_id': company_id, 'calculation_date': pd, 'payment_date': pd,
         'period': {'payroll_month': pd[:7], 'start_date': f'{pd[:7]}-01', 'end_date': f'{pd[:7]}-{last:02d}'},
         'employee_snapshot': emp}
    if explicit_pay_type:
        r['pay_type'] = pay
    if pay == 'monthly':
        r['base_pay'] = base
    elif pay == 'hourly':
        r['hourly_rate'] = hourly
    else:
        r['daily_rate'] = daily
    if ot is not None:
        r['overtime_pay'] = ot
    if ab is not None:
        r['absence_deduction'] = ab
    if le is not None:
        r['late_early_leave_deduction'] = le
    if att is not None:
        r['attendance_input'] = att
    if allow:
        r['allowances'] = list(allow)
    if prev:
        r['previous_adjustments'] = list(prev)
    if cust:
        r['custom_deductions'] = list(cust)
    if resident is not None:
        r['resident_tax_amount'] = resident
    return r


DEFAULT_TRACE = {
    'pay_type_base_pay', 'attendance_hourly_base', 'attendance_premium_rounding', 'attendance_overtime_pay',
    'attendance_overtime_monthly_total_rounding', 'attendance_late_early_leave_deduction',
    'attendance_absence_deduction', 'health_insurance', 'care_insurance', 'childcare_support_contribution',
    'employees_pension_standard_monthly_remuneration', 'employees_pension_insurance', 'employment_insurance',
    'income_tax_basis_amount', 'income_tax', 'income_tax_salary_deduction', 'income_tax_taxable_income',
    'income_tax_computer_special',
}


import re

_NUMERICISH = re.compile(r'^[0-9+\-.:eE_]+$')


class _Dumper(yaml.SafeDumper):
    pass


def _str_rep(dumper, data):
    if _NUMERICISH.match(data) or data.lower() in ('true', 'false', 'null', 'yes', 'no', 'on', 'off', '~', ''):
        return dumper.represent_scalar('tag:yaml.org,2002:str', data, style="'")
    return dumper.represent_scalar('tag:yaml.org,2002:str', data)


_Dumper.add_representer(str, _str_rep)


class TopicFile:
    def __init__(self, name, company_id, puts, header=None):
        self.name = name
        self.company_id = company_id
        self.puts = puts
        self.header = header
        self.cases = []

    def case(self, cid, why, req, steps=False, trace=None, error=None, extra_trace=()):
        try:
            res = monthly_payroll(self.puts, req)
        except CaseError as e:
            assert error == e.code, (cid, e.code, e.why)
            self.cases.append({'id': cid, 'description': f"{why} Expected error: {e.why}.",
                               'calculation': 'monthly_payroll', 'request': req,
                               'expect': {'error': {'code': e.code}}})
            return None
        assert error is None, (cid, 'expected error', error)
        want = set(trace) if trace is not None else DEFAULT_TRACE
        want |= set(extra_trace)
        tr = []
        for t in res['trace']:
            if t['step'] in want:
                tr.append({k: v for k, v in t.items()})
        exp = {'amounts': res['amounts'], 'settings_snapshot': res['settings_snapshot'],
               'warnings': res['warnings'], 'trace': tr}
        if steps:
            exp['trace_steps'] = res['trace_steps']
        desc = why.strip() + ' Worksheet: ' + '; '.join(res['lines']) + '.'
        self.cases.append({'id': cid, 'description': desc, 'calculation': 'monthly_payroll', 'request': req,
                           'expect': exp})
        return res

    def write(self):
        os.makedirs(OUT, exist_ok=True)
        doc = {'company': {'company_id': self.company_id, 'profile_puts': self.puts}, 'cases': self.cases}
        ids = [c['id'] for c in self.cases]
        assert len(ids) == len(set(ids))
        text = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110, default_flow_style=False)
        with open(os.path.join(OUT, self.name), 'w') as fh:
            fh.write(f"# Golden cases, monthly payroll: {self.header or self.name}\n")
            fh.write("# Expected values worked by hand (exact fractions) from the statutory tables; see the\n")
            fh.write("# worksheet scripts in tools/golden-worksheets/monthly/. Never copied from engine output.\n")
            fh.write(text)
        return len(self.cases)


def solve_base(puts, reqfn, target):
    """Smallest base pay whose income_tax_basis_amount equals target (monotone search); None if skipped."""
    lo, hi = 0, target * 3 + 1000000
    while lo < hi:
        mid = (lo + hi) // 2
        b = monthly_payroll(puts, reqfn(mid))['amounts']['income_tax_basis_amount']
        if b < target:
            lo = mid + 1
        else:
            hi = mid
    got = monthly_payroll(puts, reqfn(lo))['amounts']['income_tax_basis_amount']
    assert got == target, (target, lo, got)
    return lo
