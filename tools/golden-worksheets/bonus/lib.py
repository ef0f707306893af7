"""Hand worksheet for the bonus / simulation / grade-resolution golden cases.

Everything here is computed with exact fractions straight from the shared statutory files
(/work/shared/statutory); nothing is taken from the engine. Each function returns the numbers and
a short human-readable arithmetic line that goes into the case description.
"""
from __future__ import annotations

import csv
from fractions import Fraction as F
from math import floor
from pathlib import Path

import yaml

ST = Path('/work/shared/statutory')
IT = ST / 'income_tax'
SI = ST / 'social_insurance'


def dec(s) -> F:
    return F(str(s))


def yen(x) -> str:
    """Format a Fraction for descriptions (exact decimal when finite)."""
    x = F(x)
    if x.denominator == 1:
        return f'{x.numerator:,}'
    # try exact decimal up to 8 places
    for d in range(1, 9):
        v = x * 10 ** d
        if v.denominator == 1:
            s = f'{abs(v.numerator) // 10 ** d:,}.{abs(v.numerator) % 10 ** d:0{d}d}'
            return ('-' if x < 0 else '') + s
    return f'{float(x):,.6f}...'


def r50(x: F) -> int:
    """Employee share withheld: fraction <= 0.50 down, > 0.50 up."""
    q = floor(x)
    return q + (1 if x - q > F(1, 2) else 0)


def floor_yen(x: F) -> int:
    return floor(x)


# ---------------------------------------------------------------- social insurance masters
def _kyokai_rows():
    with open(SI / 'kyokai_kenpo_health_rates.csv') as f:
        return list(csv.DictReader(f))


KYOKAI = _kyokai_rows()
NATION = yaml.safe_load(open(SI / 'nationwide_rates.yaml'))
CARE_EMP = {2025: dec(NATION['care_insurance']['history'][1]['employee_pct']) / 100,
            2026: dec(NATION['care_insurance']['history'][2]['employee_pct']) / 100}
SUPPORT_EMP = dec(NATION['child_support_contribution']['employee_pct']) / 100
PENSION_EMP = dec(NATION['employees_pension']['employee_pct']) / 100
HEALTH_BONUS_CAP = NATION['health_insurance_common']['standard_bonus_cap_per_fiscal_year']
PENSION_BONUS_CAP = NATION['employees_pension']['standard_bonus_cap_per_month']
assert CARE_EMP[2025] == F(795, 100000) and CARE_EMP[2026] == F(81, 10000)
assert SUPPORT_EMP == F(115, 100000) and PENSION_EMP == F(915, 10000)
assert HEALTH_BONUS_CAP == 5730000 and PENSION_BONUS_CAP == 1500000


def ym_add(ym: str, months: int) -> str:
    y, m = map(int, ym.split('-'))
    t = y * 12 + (m - 1) + months
    return f'{t // 12:04d}-{t % 12 + 1:02d}'


def kyokai_version(premium_month: str) -> str | None:
    if premium_month < '2025-03':
        return None
    if premium_month < '2026-03':
        return '2025-03'
    if premium_month == '2026-03':
        return '2026-03'
    return '2026-04'


def kyokai_rates(pref: str, premium_month: str):
    """(version, health, care, support) employee fractions in force for the premium month."""
    v = kyokai_version(premium_month)
    assert v, premium_month
    fy = 2025 if v == '2025-03' else 2026
    row = next(r for r in KYOKAI if r['jis_code'] == pref and int(r['fiscal_year']) == fy)
    h = dec(row['health_employee_pct']) / 100
    c = CARE_EMP[fy]
    assert dec(row['health_plus_care_employee_pct']) / 100 == h + c
    k = SUPPORT_EMP if v == '2026-04' else None
    return v, h, c, k


def _pension_caps():
    with open(SI / 'pension_cap_schedule.csv') as f:
        return [(r['effective_from_premium_month'], int(r['pension_max_standard_monthly_remuneration']))
                for r in csv.DictReader(f)]


PENSION_CAPS = _pension_caps()


def pension_version(premium_month: str):
    cur = None
    for ym, mx in PENSION_CAPS:
        if premium_month >= ym:
            cur = (ym, mx)
    assert cur
    return cur  # (version, max); min is 88,000 in every version


PENSION_MIN = 88000


def _ei_rows():
    with open(SI / 'employment_insurance_rates.csv') as f:
        return list(csv.DictReader(f))


EI = _ei_rows()
EI_API = {'general': 'general', 'agriculture_forestry_fisheries_sake': 'agriculture_forestry_fishery_sake',
          'construction': 'construction'}


def ei_rate(business: str, payment_date: str):
    rows = [r for r in EI if r['business_type'] == EI_API[business]]
    for i, r in enumerate(rows):
        newest = i == len(rows) - 1  # the newest version is open-ended in the masters
        if r['effective_from'] <= payment_date and (newest or payment_date <= r['effective_to']):
            return f"{r['effective_from'][:7]}", dec(r['worker_rate_per_mille']) / 1000
    raise KeyError(payment_date)


def tax_version(payment_date: str) -> str:
    if payment_date < '2026-01-01':
        return '2020-01'
    if payment_date < '2027-01-01':
        return '2026-01'
    return '2027-01'


TAX_YEAR = {'2020-01': 2025, '2026-01': 2026, '2027-01': 2027}


# ---------------------------------------------------------------- grades
def _grades():
    with open(SI / 'standard_monthly_remuneration_grades.csv') as f:
        return list(csv.DictReader(f))


GRADES = _grades()


def resolve_grade(x: int):
    h = None
    p = None
    for r in GRADES:
        lo = int(r['health_remuneration_from'])
        hi = int(r['health_remuneration_to']) if r['health_remuneration_to'] else None
        if lo <= x and (hi is None or x < hi):
            h = (int(r['health_grade']), int(r['standard_monthly_remuneration']), lo, hi)
        if r['pension_grade']:
            lo = int(r['pension_remuneration_from'])
            hi = int(r['pension_remuneration_to']) if r['pension_remuneration_to'] else None
            if lo <= x and (hi is None or x < hi):
                p = (int(r['pension_grade']), int(r['standard_monthly_remuneration']), lo, hi)
    return h, p


# ---------------------------------------------------------------- income tax: monthly table
class Monthly:
    def __init__(self, year: int):
        self.year = year
        with open(IT / f'monthly_{year}.csv') as f:
            self.rows = [{k: int(v) for k, v in r.items()} for r in csv.DictReader(f)]
        self.rules = yaml.safe_load(open(IT / f'monthly_{year}_rules.yaml'))
        self.lo = self.rows[0]['lower_incl']
        assert self.lo == self.rules['kou']['below_table']['upper_excl']
        assert self.rows[-1]['upper_excl'] == 740000
        for a, b in zip(self.rows, self.rows[1:]):
            assert a['upper_excl'] == b['lower_incl']

    def tax(self, col: str, deps: int, a: int):
        """T(a) and a dict describing how it was found."""
        if a < self.lo:
            if col == 'kou':
                return 0, {'kind': 'below', 'text': f'A={a:,} < {self.lo:,}: kou tax 0'}
            rate = dec(self.rules['otsu']['below_table']['rate'])
            t = floor_yen(a * rate)
            return t, {'kind': 'formula', 'taxable_from': 0, 'base': 0, 'rate': str(self.rules['otsu']['below_table']['rate']),
                       'excess': a, 'text': f'otsu below {self.lo:,}: floor({a:,} x {rate_pct(rate)}) = floor({yen(a * rate)}) = {t:,}'}
        if a < 740000:
            for i, r in enumerate(self.rows, 1):
                if r['lower_incl'] <= a < r['upper_excl']:
                    key = 'otsu' if col == 'otsu' else f'kou_{deps}'
                    t = r[key]
                    return t, {'kind': 'row', 'row_index': i, 'lower': r['lower_incl'], 'upper': r['upper_excl'],
                               'text': f'{self.year} monthly row {i} [{r["lower_incl"]:,},{r["upper_excl"]:,}) {key} = {t:,}'}
        if col == 'kou':
            for b in self.rules['kou']['brackets_740k_and_over']:
                if b['from'] <= a and (b['upto'] is None or a < b['upto']):
                    base = b['base_by_dependents'][deps]
                    rate = dec(b['rate'])
                    raw = base + (a - b['from']) * rate
                    t = floor_yen(raw)
                    return t, {'kind': 'formula', 'taxable_from': b['from'], 'base': base, 'rate': str(b['rate']),
                               'excess': a - b['from'],
                               'text': f'{self.year} kou_{deps} bracket from {b["from"]:,}: {base:,} + ({a:,} - {b["from"]:,}) x {rate_pct(rate)} = {yen(raw)} -> floor {t:,}'}
        for b in self.rules['otsu']['brackets_740k_and_over']:
            if b['from'] <= a and (b['upto'] is None or a < b['upto']):
                base = b['base']
                rate = dec(b['rate'])
                raw = base + (a - b['from']) * rate
                t = floor_yen(raw)
                return t, {'kind': 'formula', 'taxable_from': b['from'], 'base': base, 'rate': str(b['rate']),
                           'excess': a - b['from'],
                           'text': f'{self.year} otsu bracket from {b["from"]:,}: {base:,} + ({a:,} - {b["from"]:,}) x {rate_pct(rate)} = {yen(raw)} -> floor {t:,}'}
        raise AssertionError


def rate_pct(r: F) -> str:
    return yen(F(r) * 100) + '%'


MONTHLY = {y: Monthly(y) for y in (2025, 2026, 2027)}


# ---------------------------------------------------------------- income tax: bonus table
class BonusTable:
    def __init__(self, year: int):
        with open(IT / f'bonus_{year}.csv') as f:
            self.rows = list(csv.DictReader(f))
        self.year = year

    def lookup(self, col: str, deps: int, p: int):
        band = [r for r in self.rows if r['column'] == col and (col == 'otsu' or int(r['dependents']) == deps)]
        for i, r in enumerate(band, 1):
            lo = int(r['lower_incl_yen'])
            hi = int(r['upper_excl_yen']) if r['upper_excl_yen'] else None
            if lo <= p and (hi is None or p < hi):
                return dec(r['rate_percent']) / 100, i, lo, hi, r['rate_percent']
        raise AssertionError


BONUS_TABLE = {2025: BonusTable(2025), 2026: BonusTable(2026)}


def rate_str(r: F) -> str:
    """decimal-string fraction without trailing zeros, e.g. 0.04084"""
    s = f'{float(r):.10f}'.rstrip('0').rstrip('.')
    assert dec(s) == r
    return s


# ---------------------------------------------------------------- premiums
def health_lines(s: int, h: F, c: F | None, k: F | None, scope: str):
    """health, care, support lines for standard amount s (c None = not care subject)."""
    lines = []
    if scope == 'combined':
        hh = r50(s * h)
        hc = r50(s * (h + (c or 0)))
        hck = r50(s * (h + (c or 0) + (k or 0)))
        care = hc - hh
        sup = hck - hc
        lines.append(f'health r({s:,} x {rate_pct(h)} = {yen(s * h)}) = {hh:,}')
        if c is not None:
            lines.append(f'health+care r({s:,} x {rate_pct(h + c)} = {yen(s * (h + c))}) = {hc:,} -> care {care:,}')
        if k is not None:
            lines.append(f'+support r({s:,} x {rate_pct(h + (c or 0) + k)} = {yen(s * (h + (c or 0) + k))}) = {hck:,} -> support {sup:,}')
        return hh, care, sup, lines
    hh = r50(s * h)
    care = r50(s * c) if c is not None else 0
    sup = r50(s * k) if k is not None else 0
    lines.append(f'per item: health r({yen(s * h)}) = {hh:,}')
    if c is not None:
        lines.append(f'care r({s:,} x {rate_pct(c)} = {yen(s * c)}) = {care:,}')
    if k is not None:
        lines.append(f'support r({s:,} x {rate_pct(k)} = {yen(s * k)}) = {sup:,}')
    return hh, care, sup, lines


# ---------------------------------------------------------------- bonus worksheet
def bonus(company: dict, req: dict):
    """Work one bonus by hand. company: {pref, scope, business, allow_override, custom_rates?}."""
    pay = req['payment_date']
    emp = req['employee_snapshot']
    items = req.get('bonus_items', [])
    g0 = req['bonus_gross_amount']
    gross = g0 + sum(i['amount'] for i in items)
    taxable = g0 + sum(i['amount'] for i in items if i['taxable'])
    si_sub = g0 + sum(i['amount'] for i in items if i['social_insurance_included'])
    ei_sub = g0 + sum(i['amount'] for i in items if i['employment_insurance_included'])
    if not emp['is_social_insurance_subject']:
        si_sub = 0
    if not emp['is_employment_insurance_subject']:
        ei_sub = 0
    notes = [f'gross {gross:,}, taxable {taxable:,}, SI subject {si_sub:,}, EI subject {ei_sub:,}']
    warnings = []
    pm = pay[:7]  # bonus premium month = payment month
    if company.get('custom_rates'):
        cr = company['custom_rates']
        h, c = dec(cr['health_insurance_employee_rate']), dec(cr['care_insurance_employee_rate'])
        k = dec(cr['childcare_support_contribution_employee_rate']) if cr['childcare_support_contribution_employee_rate'] else None
        cap = cr['health_insurance_standard_bonus_annual_cap']
        si_v = None
    else:
        si_v, h, c, k = kyokai_rates(company['pref'], pm)
        cap = HEALTH_BONUS_CAP
    pv, _ = pension_version(pm)
    ctx = req['bonus_social_insurance_context']
    std = (si_sub // 1000) * 1000
    hs = ps = 0
    if emp['is_social_insurance_subject']:
        ytd = ctx['health_insurance_standard_bonus_ytd_before_this_payment']
        room = max(0, cap - ytd)
        hs = min(std, room)
        if hs < std:
            warnings.append('HEALTH_STANDARD_BONUS_CAPPED')
        notes.append(f'standard bonus floor1000({si_sub:,}) = {std:,}; health cap {cap:,} - ytd {ytd:,} leaves {room:,} -> health standard {hs:,}')
        sm = ctx['employees_pension_standard_bonus_same_month_before_this_payment']
        proom = max(0, PENSION_BONUS_CAP - sm)
        ps = min(std, proom)
        if ps < std:
            warnings.append('EMPLOYEES_PENSION_STANDARD_BONUS_CAPPED')
        notes.append(f'pension cap 1,500,000 - same month {sm:,} leaves {proom:,} -> pension standard {ps:,}')
    care_c = c if emp['care_insurance_subject'] else None
    if emp['is_social_insurance_subject']:
        hh, care, sup, lines = health_lines(hs, h, care_c, k, company.get('scope', 'combined'))
        notes += lines
        pen = r50(ps * PENSION_EMP)
        notes.append(f'pension r({ps:,} x 9.15% = {yen(ps * PENSION_EMP)}) = {pen:,}')
    else:
        hh = care = sup = pen = 0
    ev, er = ei_rate(company['business'], pay)
    eip = r50(ei_sub * er) if ei_sub else 0
    notes.append(f'EI r({ei_sub:,} x {yen(er * 1000)}/1000 = {yen(ei_sub * er)}) = {eip:,}')
    prem = hh + care + sup + pen + eip
    basis = max(0, taxable - prem)
    notes.append(f'B = {taxable:,} - {prem:,} = {basis:,}')
    # ----- tax
    tv = tax_version(pay)
    year = TAX_YEAR[tv]
    col = emp['tax_table_type']
    deps = emp['tax_dependent_count']
    btc = req.get('bonus_tax_context') or {}
    method = btc.get('calculation_method', 'standard')
    override = btc.get('withholding_rate_override')
    tax_trace = None
    error = None
    p_raw = req['previous_month_taxable_payroll_amount'] - req['previous_month_social_insurance_amount']
    if override is not None:
        if not company.get('allow_override'):
            error = {'code': 'withholding_rate_override_not_allowed'}
            tax = None
        else:
            rate = dec(override)
            tax = floor_yen(basis * rate)
            warnings = warnings + ['WITHHOLDING_RATE_OVERRIDDEN_BY_CALLER']
            notes.append(f'override: floor({basis:,} x {override}) = floor({yen(basis * rate)}) = {tax:,}')
            tax_trace = {'withholding_rate': override, 'calculation_method': 'withholding_rate_override'}
    else:
        use_monthly = method == 'no_previous_month_payroll' or p_raw <= 0 or basis > 10 * p_raw
        if use_monthly:
            p = 0 if method == 'no_previous_month_payroll' else max(0, p_raw)
            if method == 'standard':
                warnings = warnings + ['BONUS_TEN_TIMES_RULE_APPLIED']
                why = f'P = {p_raw:,} <= 0' if p_raw <= 0 else f'B {basis:,} > 10 x P {p_raw:,} = {10 * p_raw:,}'
                notes.append(f'standard but {why}: monthly-table method')
            else:
                notes.append('no_previous_month_payroll: monthly-table method with P = 0')
            m = MONTHLY[year]
            b6 = basis // 6
            t1, i1 = m.tax(col, deps, p + b6)
            t0, i0 = m.tax(col, deps, p)
            tax = (t1 - t0) * 6
            notes.append(f'floor(B/6) = {b6:,}; T({p + b6:,}): {i1["text"]}; T({p:,}): {i0["text"]}; tax = ({t1:,} - {t0:,}) x 6 = {tax:,}')
            # method labels as documented in rules/income_tax/income_tax.bonus_table_lookup.v1.yaml
            tax_trace = {'calculation_method': 'ten_times_rule' if method == 'standard' else 'no_previous_month_payroll'}
        else:
            if year not in BONUS_TABLE:
                error = {'code': 'income_tax_lookup_failed', 'message_contains': 'bonus'}
                tax = None
                notes.append(f'{year} bonus table is not imported -> income_tax_lookup_failed')
            else:
                rate, idx, lo, hi, pct = BONUS_TABLE[year].lookup(col, deps, p_raw)
                tax = floor_yen(basis * rate)
                colname = 'otsu' if col == 'otsu' else f'kou {deps}'
                notes.append(f'P = {req["previous_month_taxable_payroll_amount"]:,} - {req["previous_month_social_insurance_amount"]:,} = {p_raw:,}; '
                             f'{year} bonus table {colname} band {idx} [{lo:,},{"open" if hi is None else f"{hi:,}"}) rate {pct}%; '
                             f'tax floor({basis:,} x {pct}%) = floor({yen(basis * rate)}) = {tax:,}')
                tax_trace = {'tax_table_type': col, 'previous_month_taxable_amount': p_raw, 'row_index': idx,
                             'withholding_rate': rate_str(rate), 'calculation_method': 'standard'}
                if col == 'kou':
                    tax_trace['dependent_count'] = deps
    cds = req.get('custom_deductions', [])
    cd_total = sum(d['amount'] for d in cds)
    res = {'error': error, 'notes': notes, 'warnings': warnings, 'tax_trace': tax_trace}
    if error:
        return res
    stat_total = prem + tax
    total_ded = stat_total + cd_total
    net = gross - total_ded
    if net < 0:
        res['warnings'] = warnings + ['NET_PAYMENT_NEGATIVE']
    notes.append(f'deductions {stat_total:,} + custom {cd_total:,} = {total_ded:,}; net {gross:,} - {total_ded:,} = {net:,}')
    res['amounts'] = {
        'gross_payment': gross, 'taxable_payment': taxable, 'social_insurance_subject_amount': si_sub,
        'employment_insurance_subject_amount': ei_sub,
        'standard_bonus_amounts': {'health_insurance': hs, 'employees_pension_insurance': ps},
        'income_tax_basis_amount': basis,
        'statutory_deductions': {'health_insurance': hh, 'care_insurance': care, 'childcare_support_contribution': sup,
                                 'employees_pension_insurance': pen, 'employment_insurance': eip, 'income_tax': tax,
                                 'total': stat_total},
        'custom_deductions': {'total': cd_total},
        'total_deductions': total_ded, 'net_payment': net,
    }
    snap = {'tax_table_version': tv, 'employees_pension_rate_version': pv, 'employment_insurance_rate_version': ev,
            'rounding_rule_version': '2020-01'}
    if si_v:
        snap['social_insurance_rate_version'] = si_v
    res['snapshot'] = snap
    res['lines'] = {'health': hh, 'care': care, 'support': sup, 'pension': pen, 'ei': eip, 'tax': tax, 'net': net}
    return res
