"""Exact-arithmetic worksheet for MONTHLY PAYROLL golden cases.

Everything here is worked from the statutory files in /work/shared/statutory (read at authoring time
only) and the rules in /work/shared/spec (decisions.md sections 2, 3, 3b).  No engine code is used.
All arithmetic is fractions.Fraction; rounding happens only where a rule names it.
"""
from __future__ import annotations

import csv
import math
from fractions import Fraction as F

import yaml

ST = '/work/shared/statutory'

# ----------------------------------------------------------------------------- rounding helpers

def floor_yen(x: F) -> int:
    return math.floor(x)


def ceil_yen(x: F) -> int:
    return math.ceil(x)


def half_up(x: F) -> int:
    """round half up to an integer (x >= 0)."""
    return math.floor(x + F(1, 2))


def r50(x: F) -> int:
    """50-sen rule for amounts withheld from pay: fraction <= 0.50 down, > 0.50 up."""
    q = math.floor(x)
    return q + (1 if x - q > F(1, 2) else 0)


def fmt(x) -> str:
    """Readable exact decimal for descriptions (up to 6 places, marks non-terminating)."""
    x = F(x)
    if x.denominator == 1:
        return f"{x.numerator:,}"
    d = x.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    s = f"{float(x):,.6f}".rstrip('0').rstrip('.')
    if d != 1:
        s += '...'
    return s


def dec_string(x: F) -> str | None:
    """Exact decimal string when x terminates within 10 fractional digits, else None."""
    x = F(x)
    for k in range(0, 11):
        v = x * 10 ** k
        if v.denominator == 1:
            n = v.numerator
            if k == 0:
                return str(n)
            s = str(abs(n)).rjust(k + 1, '0')
            return ('-' if n < 0 else '') + s[:-k] + '.' + s[-k:]
    return None


# ----------------------------------------------------------------------------- income tax masters

def _load_monthly(year):
    rows = []
    with open(f'{ST}/income_tax/monthly_{year}.csv') as fh:
        for r in csv.DictReader(fh):
            rows.append({k: int(v) for k, v in r.items()})
    return rows


def _load_rules(year):
    with open(f'{ST}/income_tax/monthly_{year}_rules.yaml') as fh:
        return yaml.safe_load(fh)


def _load_computer(year):
    with open(f'{ST}/income_tax/computer_method_{year}.yaml') as fh:
        return yaml.safe_load(fh)


TAX_ROWS = {y: _load_monthly(y) for y in (2025, 2026, 2027)}
TAX_RULES = {y: _load_rules(y) for y in (2025, 2026, 2027)}
COMPUTER = {y: _load_computer(y) for y in (2025, 2026, 2027)}

# rates are written as in the published YAML (decimal strings for the trace)
RATE_STR = {0.2042: '0.2042', 0.23483: '0.23483', 0.33693: '0.33693', 0.4084: '0.4084',
            0.45945: '0.45945', 0.03063: '0.03063'}


def tax_year_of(payment_date: str) -> int:
    y = int(payment_date[:4])
    if y <= 2025:
        return 2025
    return min(y, 2027)


TAX_TABLE_VERSION = {2025: '2020-01', 2026: '2026-01', 2027: '2027-01'}


def monthly_table_tax(year: int, A: int, col: str, n: int):
    """Withholding from the monthly table (rows + rules outside the rows). Returns (tax, info, text)."""
    rows = TAX_ROWS[year]
    rules = TAX_RULES[year]
    first = rows[0]['lower_incl']
    if col == 'kou':
        if A < first:
            return 0, {'zone': 'below'}, f"kou {year} table: A = {A:,} < {first:,} (below the first row) -> 0"
        if A < 740000:
            for i, r in enumerate(rows, start=1):
                if r['lower_incl'] <= A < r['upper_excl']:
                    t = r[f'kou_{n}']
                    return t, {'zone': 'row', 'row_index': i, 'taxable_from': r['lower_incl'],
                               'base_tax_amount': t}, \
                        f"kou {year} table row {i} [{r['lower_incl']:,}, {r['upper_excl']:,}) dependents {n} -> {t:,}"
            raise AssertionError
        for b in rules['kou']['brackets_740k_and_over']:
            if b['from'] <= A and (b['upto'] is None or A < b['upto']):
                base = b['base_by_dependents'][n]
                rate = F(RATE_STR[b['rate']])
                raw = base + (A - b['from']) * rate
                t = floor_yen(raw)
                return t, {'zone': 'bracket', 'taxable_from': b['from'], 'base_tax_amount': base,
                           'rate': RATE_STR[b['rate']], 'excess_amount': A - b['from']}, \
                    (f"kou {year} bracket from {b['from']:,} (dependents {n}): {base:,} + ({A:,} - {b['from']:,}) x "
                     f"{RATE_STR[b['rate']]} = {fmt(raw)} -> floor {t:,}")
        raise AssertionError
    # otsu
    if A < first:
        rate = F('0.03063')
        raw = A * rate
        t = floor_yen(raw)
        return t, {'zone': 'below', 'taxable_from': 0, 'base_tax_amount': 0, 'rate': '0.03063'}, \
            f"otsu {year}: A = {A:,} < {first:,}: {A:,} x 3.063% = {fmt(raw)} -> floor {t:,}"
    if A < 740000:
        for i, r in enumerate(rows, start=1):
            if r['lower_incl'] <= A < r['upper_excl']:
                t = r['otsu']
                return t, {'zone': 'row', 'row_index': i, 'taxable_from': r['lower_incl'], 'base_tax_amount': t}, \
                    f"otsu {year} table row {i} [{r['lower_incl']:,}, {r['upper_excl']:,}) -> {t:,}"
        raise AssertionError
    for b in rules['otsu']['brackets_740k_and_over']:
        if b['from'] <= A and (b['upto'] is None or A < b['upto']):
            rate = F(RATE_STR[b['rate']])
            raw = b['base'] + (A - b['from']) * rate
            t = floor_yen(raw)
            return t, {'zone': 'bracket', 'taxable_from': b['from'], 'base_tax_amount': b['base'],
                       'rate': RATE_STR[b['rate']], 'excess_amount': A - b['from']}, \
                (f"otsu {year} bracket from {b['from']:,}: {b['base']:,} + ({A:,} - {b['from']:,}) x "
                 f"{RATE_STR[b['rate']]} = {fmt(raw)} -> floor {t:,}")
    raise AssertionError


def computer_special_tax(year: int, A: int, n: int):
    c = COMPUTER[year]
    sd = None
    for t in c['table1_employment_income_deduction']['tiers']:
        if t['a_from'] <= A and (t['a_to'] is None or A <= t['a_to']):
            if 'fixed' in t:
                sd_raw = F(t['fixed'])
                sd_txt = f"fixed {t['fixed']:,}"
            else:
                sd_raw = A * F(str(t['rate'])) + t['add']
                sd_txt = f"{A:,} x {t['rate']} + ({t['add']:,}) = {fmt(sd_raw)}"
            sd = ceil_yen(sd_raw)
            break
    assert sd is not None
    basic = None
    for t in c['table3_basic_deduction']['tiers']:
        if t['a_from'] <= A and (t['a_to'] is None or A <= t['a_to']):
            basic = t['amount']
            break
    dep = 31667 * n
    B_raw = A - sd - basic - dep
    B = max(B_raw, 0)
    tax = 0
    tax_txt = 'B = 0 -> tax 0'
    if B > 0:
        for t in c['table4_tax']['tiers']:
            if t['b_from'] <= B and (t['b_to'] is None or B <= t['b_to']):
                raw = B * F(f"{t['rate']:.5f}") - t['subtract']
                tax = half_up(raw / 10) * 10
                tax_txt = f"{B:,} x {t['rate']:.5f} - {t['subtract']:,} = {fmt(raw)} -> half up to 10 yen {tax:,}"
                break
    text = (f"computer_special {year} (kou, {n} dependents): salary deduction {sd_txt} -> ceil {sd:,}; "
            f"basic deduction {basic:,}; dependents {n} x 31,667 = {dep:,}; "
            f"B = {A:,} - {sd:,} - {basic:,} - {dep:,} = {B_raw:,}" + (" -> clamped to 0" if B_raw < 0 else "") +
            f"; tax {tax_txt}")
    return tax, {'salary_deduction': sd, 'basic': basic, 'dep': dep, 'B': B}, text


# ----------------------------------------------------------------------------- social insurance masters

def _load_kyokai():
    out = {}
    with open(f'{ST}/social_insurance/kyokai_kenpo_health_rates.csv') as fh:
        for r in csv.DictReader(fh):
            out[(int(r['fiscal_year']), r['jis_code'])] = F(r['health_employee_pct']) / 100
    return out


KYOKAI = _load_kyokai()
CARE = {2025: F('0.795') / 100, 2026: F('0.81') / 100}
SUPPORT = F('0.115') / 100
PENSION = F('9.150') / 100


def _load_ei():
    out = {}
    with open(f'{ST}/social_insurance/employment_insurance_rates.csv') as fh:
        for r in csv.DictReader(fh):
            bt = r['business_type']
            if bt == 'agriculture_forestry_fishery_sake':
                bt = 'agriculture_forestry_fisheries_sake'  # API name (decisions.md 3b)
            out[(int(r['fiscal_year']), bt)] = F(r['worker_rate'])
    return out


EI = _load_ei()


def ei_version(payment_date: str):
    if payment_date >= '2026-04-01':
        return 2026, '2026-04'
    if payment_date >= '2025-04-01':
        return 2025, '2025-04'
    if payment_date >= '2024-04-01':
        return 2024, '2024-04'
    return None, None


def premium_month(payment_date: str, collection: str) -> str:
    y, m = int(payment_date[:4]), int(payment_date[5:7])
    if collection == 'next_month':
        m -= 1
        if m == 0:
            y, m = y - 1, 12
    return f"{y:04d}-{m:02d}"


def kyokai_version(pm: str):
    if pm < '2025-03':
        return None
    if pm < '2026-03':
        return {'fy': 2025, 'version': '2025-03', 'support': False}
    if pm == '2026-03':
        return {'fy': 2026, 'version': '2026-03', 'support': False}
    return {'fy': 2026, 'version': '2026-04', 'support': True}


def pension_version(pm: str):
    if pm >= '2029-09':
        return '2029-09', 750000
    if pm >= '2028-09':
        return '2028-09', 710000
    if pm >= '2027-09':
        return '2027-09', 680000
    return '2020-09', 650000


def pct(x: F) -> str:
    return fmt(x * 100) + '%'


# ----------------------------------------------------------------------------- monthly payroll

PROFILE_DEFAULTS = {
    'income_tax_withholding_method': 'monthly_table',
    'allow_withholding_rate_override': False,
    'overtime_premium_rounding_method': 'none',
    'overtime_premium_monthly_total_rounding': 'none',
    'health_premium_rounding_scope': 'combined',
    'social_insurance_collection': 'next_month',
}


class CaseError(Exception):
    def __init__(self, code, why):
        super().__init__(code)
        self.code = code
        self.why = why


def resolve_profile(puts, payment_date):
    cands = [p for p in puts if p['effective_from'] <= payment_date]
    if not cands:
        raise CaseError('settings_not_resolved', f'no profile version in force on {payment_date}')
    p = dict(PROFILE_DEFAULTS)
    p.update(max(cands, key=lambda p: p['effective_from']))
    return p


def _flag_sum(items, flag):
    return sum(i['amount'] for i in items if i[flag])


def monthly_payroll(puts, req):
    """Returns dict(amounts, settings_snapshot, warnings, trace, trace_steps, lines) or raises CaseError."""
    L = []  # worksheet lines
    pay_type = req.get('pay_type', 'monthly')
    att = req.get('attendance_input')
    # 422 attendance_input_conflict comes before company / settings resolution
    if att is not None and any(req.get(k, 0) for k in ('overtime_pay', 'absence_deduction', 'late_early_leave_deduction')):
        raise CaseError('attendance_input_conflict', 'attendance_input with a nonzero precomputed attendance amount')
    pd = req['payment_date']
    prof = resolve_profile(puts, pd)
    si_set = prof['social_insurance']
    if si_set is None:
        raise CaseError('settings_not_resolved', 'profile has social_insurance null')
    coll = prof['social_insurance_collection']
    pm = premium_month(pd, coll)
    custom = si_set['health_insurance_provider'] == 'custom'
    if custom:
        cr = si_set['custom_rates']
        h_rate = F(cr['health_insurance_employee_rate'])
        c_rate = F(cr['care_insurance_employee_rate'])
        k_rate = None if cr['childcare_support_contribution_employee_rate'] is None else F(cr['childcare_support_contribution_employee_rate'])
        si_version = None  # the profile's own version id (generated) -> not asserted
        L.append(f"custom rates: health {pct(h_rate)}, care {pct(c_rate)}, support {'null' if k_rate is None else pct(k_rate)}")
    else:
        kv = kyokai_version(pm)
        if kv is None:
            raise CaseError('settings_not_resolved', f'premium month {pm} is before the first kyokai table (2025-03)')
        h_rate = KYOKAI[(kv['fy'], si_set['prefecture_code'])]
        c_rate = CARE[kv['fy']]
        k_rate = SUPPORT if kv['support'] else None
        si_version = kv['version']
        L.append(f"premium month {pm} ({coll}) -> kyokai {si_version}: pref {si_set['prefecture_code']} health employee "
                 f"{pct(h_rate)}, care {pct(c_rate)}, support {'none' if k_rate is None else pct(k_rate)}")
    pv, pmax = pension_version(pm)
    eiy, eiv = ei_version(pd)
    if eiy is None:
        raise CaseError('settings_not_resolved', 'no employment insurance table')
    ty = tax_year_of(pd)
    snapshot = {
        'tax_table_version': TAX_TABLE_VERSION[ty],
        'employees_pension_rate_version': pv,
        'employment_insurance_rate_version': eiv,
        'rounding_rule_version': '2020-01',
        'overtime_premium_rounding_method': prof['overtime_premium_rounding_method'],
        'overtime_premium_monthly_total_rounding': prof['overtime_premium_monthly_total_rounding'],
    }
    if si_version is not None:
        snapshot['social_insurance_rate_version'] = si_version
    emp = req['employee_snapshot']
    trace = []
    steps = ['settings_resolution']
    attendance_out = None
    overtime_pay = req.get('overtime_pay', 0)
    absence = req.get('absence_deduction', 0)
    late_early = req.get('late_early_leave_deduction', 0)
    allowances = req.get('allowances', [])
    obi = sum(a['amount'] for a in allowances if a.get('overtime_base_included', False))
    if att is not None:
        rates = prof.get('attendance_premium_rates')
        if not rates:
            raise CaseError('attendance_rates_not_configured', 'profile has no attendance_premium_rates')
    # base pay
    if pay_type == 'monthly':
        base = req['base_pay']
    elif pay_type == 'hourly':
        raw = F(req['hourly_rate']) * att['base_work_minutes'] / 60
        base = ceil_yen(raw)
        L.append(f"hourly base pay {req['hourly_rate']:,} x {att['base_work_minutes']:,} min / 60 = {fmt(raw)} -> ceil {base:,}")
        steps.append('pay_type_base_pay')
        trace.append({'step': 'pay_type_base_pay', 'formula_code': 'pay_type.hourly.base_pay.v1', 'rounded_amount': base})
    else:
        base = req['daily_rate'] * att['attendance_days']
        L.append(f"daily base pay {req['daily_rate']:,} x {att['attendance_days']} days = {base:,}")
        steps.append('pay_type_base_pay')
        trace.append({'step': 'pay_type_base_pay', 'formula_code': 'pay_type.daily.base_pay.v1', 'rounded_amount': base})
    if att is not None:
        msw = F(emp['monthly_standard_working_hours']) if 'monthly_standard_working_hours' in emp else None
        if pay_type == 'monthly':
            hb = F(base + obi) / msw
            L.append(f"hourly base ({base:,} + {obi:,}) / {emp['monthly_standard_working_hours']} h = {fmt(hb)}")
        elif pay_type == 'hourly':
            hb = F(req['hourly_rate']) + (F(obi) / msw if obi else 0)
            L.append(f"hourly base {req['hourly_rate']:,}" + (f" + {obi:,} / {emp['monthly_standard_working_hours']} h" if obi else '') + f" = {fmt(hb)}")
        else:
            dsw = F(emp['daily_standard_working_hours'])
            hb = F(req['daily_rate']) / dsw + (F(obi) / msw if obi else 0)
            L.append(f"hourly base {req['daily_rate']:,} / {emp['daily_standard_working_hours']} h" + (f" + {obi:,} / {emp['monthly_standard_working_hours']} h" if obi else '') + f" = {fmt(hb)}")
        steps.append('attendance_hourly_base')
        hbstep = {'step': 'attendance_hourly_base', 'formula_code': 'attendance.hourly_base.v1'}
        trace.append(hbstep)
        cats = [('overtime', 'overtime_minutes'), ('late_night_additional', 'late_night_minutes'),
                ('legal_holiday', 'legal_holiday_minutes'), ('non_legal_holiday', 'non_legal_holiday_minutes')]
        mins = {c: att.get(k, 0) for c, k in cats}
        rt = {c: F(rates[c]) for c, _ in cats}
        method = prof['overtime_premium_rounding_method']
        if method == 'unit_price_half_up':
            hbr = half_up(hb)
            units = {c: half_up(hbr * rt[c]) for c, _ in cats}
            raw = sum(F(units[c]) * mins[c] / 60 for c, _ in cats)
            L.append(f"unit_price_half_up: hourly base half up -> {hbr:,}; unit prices " +
                     ', '.join(f"{c} {hbr:,} x {rates[c]} = {fmt(hbr * rt[c])} -> {units[c]:,}" for c, _ in cats if mins[c]) +
                     '; premium raw = ' + ' + '.join(f"{units[c]:,} x {mins[c]:,}/60" for c, _ in cats if mins[c]) +
                     f" = {fmt(raw)}")
            steps.append('attendance_premium_rounding')
            trace.append({'step': 'attendance_premium_rounding', 'formula_code': 'attendance.premium_rounding.v1'})
        else:
            if method == 'none':
                hbu = hb
            elif method == 'hourly_rate_half_up':
                hbu = F(half_up(hb))
                L.append(f"hourly_rate_half_up: premium hourly base {fmt(hb)} -> {int(hbu):,}")
            elif method == 'hourly_rate_ceil':
                hbu = F(ceil_yen(hb))
                L.append(f"hourly_rate_ceil: premium hourly base {fmt(hb)} -> {int(hbu):,}")
            weighted = sum(rt[c] * mins[c] for c, _ in cats)
            raw = hbu * weighted / 60
            if any(mins.values()):
                L.append("premium raw = " + fmt(hbu) + " x (" + ' + '.join(f"{rates[c]} x {mins[c]:,}" for c, _ in cats if mins[c]) +
                         f") / 60 = {fmt(raw)}")
        ot = ceil_yen(raw)
        if any(mins.values()):
            L.append(f"overtime pay ceil -> {ot:,}")
        steps.append('attendance_overtime_pay')
        trace.append({'step': 'attendance_overtime_pay', 'formula_code': 'attendance.overtime_pay.v1', 'rounded_amount': ot})
        if prof['overtime_premium_monthly_total_rounding'] == 'half_up_100_yen':
            ot2 = half_up(F(ot, 100)) * 100
            L.append(f"half_up_100_yen: {ot:,} -> {ot2:,}")
            ot = ot2
            steps.append('attendance_overtime_monthly_total_rounding')
            trace.append({'step': 'attendance_overtime_monthly_total_rounding',
                          'formula_code': 'attendance.overtime_monthly_total_rounding.v1', 'rounded_amount': ot})
        le_raw = hb * att.get('late_early_leave_minutes', 0) / 60
        ab_raw = hb * att.get('absence_minutes', 0) / 60
        late_early = floor_yen(le_raw)
        absence = floor_yen(ab_raw)
        if att.get('late_early_leave_minutes', 0):
            L.append(f"late/early deduction {fmt(hb)} x {att['late_early_leave_minutes']:,} / 60 = {fmt(le_raw)} -> floor {late_early:,}")
        if att.get('absence_minutes', 0):
            L.append(f"absence deduction {fmt(hb)} x {att['absence_minutes']:,} / 60 = {fmt(ab_raw)} -> floor {absence:,}")
        steps += ['attendance_late_early_leave_deduction', 'attendance_absence_deduction']
        trace.append({'step': 'attendance_late_early_leave_deduction', 'formula_code': 'attendance.late_early_leave_deduction.v1', 'rounded_amount': late_early})
        trace.append({'step': 'attendance_absence_deduction', 'formula_code': 'attendance.absence_deduction.v1', 'rounded_amount': absence})
        overtime_pay = ot
        hbs = dec_string(hb)
        attendance_out = {}
        if pay_type != 'monthly':
            attendance_out['base_pay'] = base
        attendance_out.update({'overtime_pay': ot, 'late_early_leave_deduction': late_early, 'absence_deduction': absence})
        if hbs is not None:
            attendance_out['hourly_base'] = hbs
            hbstep['rounded_amount'] = hbs
    prev = req.get('previous_adjustments', [])
    core = base + overtime_pay - absence - late_early
    gross = core + sum(a['amount'] for a in allowances) + sum(p['amount'] for p in prev)
    if gross < 0:
        raise CaseError('negative_gross_payment', f'gross = {gross:,}')
    taxable = core + _flag_sum(allowances, 'taxable') + _flag_sum(prev, 'taxable')
    si_sub_raw = core + _flag_sum(allowances, 'social_insurance_included') + _flag_sum(prev, 'social_insurance_included')
    ei_sub_raw = core + _flag_sum(allowances, 'employment_insurance_included') + _flag_sum(prev, 'employment_insurance_included')
    si_subject = emp['is_social_insurance_subject']
    ei_subject = emp['is_employment_insurance_subject']
    si_sub = si_sub_raw if si_subject else 0
    ei_sub = ei_sub_raw if ei_subject else 0
    L.append(f"gross {gross:,}; taxable {taxable:,}; SI subject {si_sub:,}; EI subject {ei_sub:,}")
    steps += ['gross_payment', 'taxable_payment', 'social_insurance_subject_amount', 'employment_insurance_subject_amount']
    # social insurance
    warnings = []
    scope = prof['health_premium_rounding_scope']
    S = emp['standard_monthly_remuneration']
    care_sub = emp['care_insurance_subject']
    if si_subject:
        h = r50(S * h_rate)
        if scope == 'combined':
            hc_rate = h_rate + (c_rate if care_sub else 0)
            hc = r50(S * hc_rate)
            care = hc - h if care_sub else 0
            sup = (r50(S * (hc_rate + k_rate)) - hc) if k_rate is not None else 0
            txt = f"combined: health r({S:,} x {pct(h_rate)} = {fmt(S * h_rate)}) = {h:,}"
            if care_sub:
                txt += f"; care r({S:,} x {pct(hc_rate)} = {fmt(S * hc_rate)}) = {hc:,} - {h:,} = {care:,}"
            if k_rate is not None:
                txt += (f"; support r({S:,} x {pct(hc_rate + k_rate)} = {fmt(S * (hc_rate + k_rate))}) = {r50(S * (hc_rate + k_rate)):,}"
                        f" - {hc:,} = {sup:,}")
        else:
            care = r50(S * c_rate) if care_sub else 0
            sup = r50(S * k_rate) if k_rate is not None else 0
            txt = f"per_item: health r({S:,} x {pct(h_rate)} = {fmt(S * h_rate)}) = {h:,}"
            if care_sub:
                txt += f"; care r({S:,} x {pct(c_rate)} = {fmt(S * c_rate)}) = {care:,}"
            if k_rate is not None:
                txt += f"; support r({S:,} x {pct(k_rate)} = {fmt(S * k_rate)}) = {sup:,}"
        L.append(txt)
        Sp = min(max(S, 88000), pmax)
        if Sp != S:
            warnings.append('EMPLOYEES_PENSION_BASIS_CLAMPED')
            L.append(f"pension basis {S:,} clamped to {Sp:,} (88,000..{pmax:,}, table {pv})")
        pen = r50(Sp * PENSION)
        L.append(f"pension r({Sp:,} x 9.15% = {fmt(Sp * PENSION)}) = {pen:,}")
        S_used = S
    else:
        h = care = sup = pen = 0
        Sp = S_used = 0
        L.append("not social-insurance subject: premiums 0, standard remunerations used 0")
    if ei_subject:
        ei_rate = EI[(eiy, prof['employment_insurance_business_type'])]
        ei = r50(ei_sub * ei_rate)
        L.append(f"employment insurance ({eiv}, {prof['employment_insurance_business_type']}) r({ei_sub:,} x {fmt(ei_rate * 1000)}/1000 = {fmt(ei_sub * ei_rate)}) = {ei:,}")
    else:
        ei = 0
        L.append("not employment-insurance subject: EI 0")
    trace += [
        {'step': 'health_insurance', 'formula_code': 'social_insurance.monthly.health_insurance.v1', 'rounded_amount': h},
        {'step': 'care_insurance', 'formula_code': 'social_insurance.monthly.care_insurance.v1', 'rounded_amount': care},
        {'step': 'childcare_support_contribution', 'formula_code': 'social_insurance.monthly.childcare_support_contribution.v1', 'rounded_amount': sup},
        {'step': 'employees_pension_standard_monthly_remuneration', 'formula_code': 'social_insurance.monthly.employees_pension_smr_clamp.v1', 'rounded_amount': Sp},
        {'step': 'employees_pension_insurance', 'formula_code': 'social_insurance.monthly.employees_pension_insurance.v1', 'rounded_amount': pen},
        {'step': 'employment_insurance', 'formula_code': 'employment_insurance.employee_contribution.v1', 'rounded_amount': ei},
    ]
    steps += ['health_insurance', 'care_insurance', 'childcare_support_contribution',
              'employees_pension_standard_monthly_remuneration', 'employees_pension_insurance', 'employment_insurance']
    prem = h + care + sup + pen + ei
    basis = max(taxable - prem, 0)
    L.append(f"income tax basis max({taxable:,} - {prem:,}, 0) = {basis:,}")
    trace.append({'step': 'income_tax_basis_amount', 'formula_code': 'income_tax.basis_amount.v1', 'rounded_amount': basis})
    steps.append('income_tax_basis_amount')
    col = emp['tax_table_type']
    n = emp['tax_dependent_count']
    if prof['income_tax_withholding_method'] == 'computer_special' and col == 'kou':
        tax, info, txt = computer_special_tax(ty, basis, n)
        L.append(txt)
        trace += [
            {'step': 'income_tax_salary_deduction', 'formula_code': 'income_tax.computer_special_salary_deduction.v1', 'rounded_amount': info['salary_deduction']},
            {'step': 'income_tax_taxable_income', 'formula_code': 'income_tax.computer_special_taxable_income.v1', 'rounded_amount': info['B']},
            {'step': 'income_tax_computer_special', 'formula_code': 'income_tax.computer_special_tax.v1', 'rounded_amount': tax},
        ]
        steps += ['income_tax_salary_deduction', 'income_tax_taxable_income', 'income_tax_computer_special']
    else:
        tax, info, txt = monthly_table_tax(ty, basis, col, n)
        L.append(txt)
        inputs = {'tax_table_type': col, 'monthly_taxable_amount': basis}
        if info['zone'] == 'row':
            if col == 'kou':
                inputs['dependent_count'] = n
            inputs.update({'row_index': info['row_index'], 'taxable_from': info['taxable_from'],
                           'base_tax_amount': info['base_tax_amount']})
        elif info['zone'] == 'bracket':
            inputs.update({'taxable_from': info['taxable_from'], 'base_tax_amount': info['base_tax_amount'],
                           'rate': info['rate'], 'excess_amount': info['excess_amount']})
        elif col == 'otsu':
            inputs.update({'rate': info['rate']})
        trace.append({'step': 'income_tax', 'formula_code': 'income_tax.monthly_bracket_lookup.v1', 'rounded_amount': tax,
                      'inputs': inputs})
        steps.append('income_tax')
    resident = req.get('resident_tax_amount', 0)
    stat_total = h + care + sup + pen + ei + tax + resident
    customs = req.get('custom_deductions', [])
    items = [{'code': c['code'], 'name': c['name'], 'amount': c['amount'], 'metadata': c.get('metadata')} for c in customs]
    ctotal = sum(c['amount'] for c in customs)
    total_ded = stat_total + ctotal
    net = gross - total_ded
    if net < 0:
        warnings.append('NET_PAYMENT_NEGATIVE')
    L.append(f"statutory total {h:,}+{care:,}+{sup:,}+{pen:,}+{ei:,}+{tax:,}+{resident:,} = {stat_total:,}; custom {ctotal:,}; "
             f"total deductions {total_ded:,}; net {gross:,} - {total_ded:,} = {net:,}")
    trace += [
        {'step': 'resident_tax', 'formula_code': 'deduction.resident_tax.v1', 'rounded_amount': resident},
        {'step': 'statutory_deductions_total', 'formula_code': 'deduction_aggregation.statutory_total.v1', 'rounded_amount': stat_total},
        {'step': 'custom_deductions', 'formula_code': 'deduction_aggregation.custom_deductions.v1', 'rounded_amount': ctotal},
        {'step': 'total_deductions', 'formula_code': 'deduction_aggregation.total_deductions.v1', 'rounded_amount': total_ded},
        {'step': 'net_payment', 'formula_code': 'payment_aggregation.net_payment.v1', 'rounded_amount': net},
    ]
    steps += ['resident_tax', 'statutory_deductions_total', 'custom_deductions', 'total_deductions', 'net_payment']
    gross_steps = [
        {'step': 'gross_payment', 'formula_code': 'payment_aggregation.gross_payment.v1', 'rounded_amount': gross},
        {'step': 'taxable_payment', 'formula_code': 'payment_aggregation.taxable_payment.v1', 'rounded_amount': taxable},
        {'step': 'social_insurance_subject_amount', 'formula_code': 'payment_aggregation.social_insurance_subject_amount.v1', 'rounded_amount': si_sub},
        {'step': 'employment_insurance_subject_amount', 'formula_code': 'payment_aggregation.employment_insurance_subject_amount.v1', 'rounded_amount': ei_sub},
    ]
    # insert the aggregation steps right after the attendance block
    idx = next(i for i, t in enumerate(trace) if t['step'] == 'health_insurance')
    trace[idx:idx] = gross_steps
    amounts = {
        'gross_payment': gross,
        'taxable_payment': taxable,
        'social_insurance_subject_amount': si_sub,
        'standard_monthly_remuneration_used': S_used,
        'employees_pension_standard_monthly_remuneration_used': Sp,
        'employment_insurance_subject_amount': ei_sub,
        'income_tax_basis_amount': basis,
        'statutory_deductions': {'health_insurance': h, 'care_insurance': care, 'childcare_support_contribution': sup,
                                 'employees_pension_insurance': pen, 'employment_insurance': ei, 'income_tax': tax,
                                 'resident_tax': resident, 'total': stat_total},
        'custom_deductions': {'items': items, 'total': ctotal},
    }
    if attendance_out is not None:
        amounts['attendance'] = attendance_out
    amounts['total_deductions'] = total_ded
    amounts['net_payment'] = net
    assert [t['step'] for t in trace] == [s for s in steps if s != 'settings_resolution'], ([t['step'] for t in trace], steps)
    return {'amounts': amounts, 'settings_snapshot': snapshot, 'warnings': warnings, 'trace': trace,
            'trace_steps': steps, 'lines': L}
