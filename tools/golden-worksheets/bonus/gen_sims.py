"""Simulation and grade-resolution golden cases. Run: python3 tools/golden-worksheets/bonus/gen_sims.py"""
from __future__ import annotations

import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
from lib import (MONTHLY, PENSION_EMP, PENSION_MIN, TAX_YEAR, ei_rate, health_lines, kyokai_rates,  # noqa: E402
                 pension_version, r50, rate_pct, resolve_grade, tax_version, ym_add, yen)
from common import write  # noqa: E402

R50 = 'round_50_sen_or_less_down_over_50_sen_up_to_yen'


def profile(cid, pref='13', business='general', eff='2025-01-01', **extra):
    si = {'health_insurance_provider': 'kyokai', 'prefecture_code': pref}
    if 'custom_rates' in extra:
        si = {'health_insurance_provider': 'custom', 'custom_rates': extra.pop('custom_rates')}
    put = {'effective_from': eff, 'social_insurance': si, 'employment_insurance_business_type': business}
    put.update(extra)
    return {'company_id': cid, 'profile_puts': [put]}


def base_snapshot(pay, premium_month=None, business='general', si=True):
    snap = {'tax_table_version': tax_version(pay), 'employment_insurance_rate_version': ei_rate(business, pay)[0],
            'rounding_rule_version': '2020-01'}
    if premium_month:
        snap['employees_pension_rate_version'] = pension_version(premium_month)[0]
        if si:
            snap['social_insurance_rate_version'] = kyokai_rates('13', premium_month)[0]
    return snap


# =============================================================== social insurance simulation
def si_case(cases, company, info, cid, why, pay, smr, subject=True, care=False):
    pm = ym_add(pay[:7], -1) if info.get('collection', 'next_month') == 'next_month' else pay[:7]
    v, h, c, k = kyokai_rates(info['pref'], pm)
    pv, pmax = pension_version(pm)
    notes = [f'premium month {pm} -> kyokai {v}, pension {pv} (grade {PENSION_MIN:,}-{pmax:,})']
    warnings = []
    if subject:
        hh, care_l, sup, lines = health_lines(smr, h, c if care else None, k, info.get('scope', 'combined'))
        notes += lines
        pb = min(max(smr, PENSION_MIN), pmax)
        if pb != smr:
            warnings.append('EMPLOYEES_PENSION_BASIS_CLAMPED')
            notes.append(f'pension basis clamped {smr:,} -> {pb:,}')
        pen = r50(pb * PENSION_EMP)
        notes.append(f'pension r({pb:,} x 9.15% = {yen(pb * PENSION_EMP)}) = {pen:,}')
    else:
        hh = care_l = sup = pen = pb = 0
        notes.append('not subject: everything 0')
    total = hh + care_l + sup + pen
    notes.append(f'total {hh:,} + {care_l:,} + {sup:,} + {pen:,} = {total:,}')
    req = {'company_id': company['company_id'], 'calculation_date': pay, 'payment_date': pay,
           'is_social_insurance_subject': subject, 'standard_monthly_remuneration': smr, 'care_insurance_subject': care}
    snap = {'tax_table_version': tax_version(pay), 'social_insurance_rate_version': v,
            'employees_pension_rate_version': pv, 'employment_insurance_rate_version': ei_rate(info['business'], pay)[0],
            'rounding_rule_version': '2020-01'}
    cases.append({'id': cid, 'description': why.strip() + ' Worked: ' + '; '.join(notes) + '.',
                  'calculation': 'social_insurance_simulation', 'request': req,
                  'expect': {'amounts': {'social_insurance_subject_amount': smr if subject else 0,
                                         'employees_pension_standard_monthly_remuneration_used': pb,
                                         'health_insurance': hh, 'care_insurance': care_l,
                                         'childcare_support_contribution': sup, 'employees_pension_insurance': pen,
                                         'total': total},
                             'settings_snapshot': snap, 'warnings': warnings,
                             'trace': [{'step': 'social_insurance', 'step_type': 'statutory_deduction',
                                        'formula_code': 'social_insurance.monthly.employee_contribution.v1',
                                        'rounding_rule': R50}],
                             'trace_steps': ['settings_resolution', 'social_insurance']}})


HDR_SI = '''
Golden cases: social insurance simulation. Worked by hand from /work/shared/statutory (kyokai rates CSV,
nationwide_rates.yaml, pension_cap_schedule.csv) with exact fractions: tools/golden-worksheets/bonus/gen_sims.py.
Premium month = payment month - 1 under next_month (default), = payment month under same_month.
Combined scope: health = r(S x h), care = r(S x (h + c)) - health, support = r(S x (h + c + k)) - r(S x (h + c)).
Pension on the basis clamped to the grade min/max (88,000..650,000; 680,000 from the 2027-09 premium month).
'''
TOK = {'pref': '13', 'business': 'general'}
co = profile('golden-sim-si-tokyo')
cs = []
si_case(cs, co, TOK, 'sim-si-tokyo-2026-05-260k-official',
        'Official figures, Tokyo FY2026 grade 20 (260,000), first month with support (premium month 2026-04): '
        'health 12,805, support 299, pension 23,790.', '2026-05-25', 260000)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-05-500k-care-official',
        'Official figure: Tokyo FY2026 health + care at 500,000 = 28,675 (5.735%); support on top.',
        '2026-05-25', 500000, care=True)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-04-58k-half-yen-down',
        'Grade 1 (58,000), payment 2026-04-25 -> premium month 2026-03 (FY2026 rates, no support yet): '
        '58,000 x 4.925% = 2,856.5 -> 2,856 (exactly 50 sen rounds down). Pension basis clamped up to 88,000.',
        '2026-04-25', 58000)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-05-58k-with-support',
        'Grade 1 (58,000) with support (premium month 2026-04): health + support 58,000 x 5.04% = 2,923.2 -> 2,923.',
        '2026-05-25', 58000)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-06-top-grade-clamp',
        'Health top grade 1,390,000 used as given; pension basis clamped down to the 650,000 maximum.',
        '2026-06-25', 1390000, care=True)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-06-pension-min-exact',
        'Standard monthly remuneration 88,000 = pension minimum: no clamp, no warning.', '2026-06-25', 88000)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-06-pension-max-exact',
        'Standard monthly remuneration 650,000 = pension maximum: no clamp, no warning.', '2026-06-25', 650000)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-06-not-subject',
        'Not subject to social insurance: all premiums, subject amount and pension basis 0.', '2026-06-25', 0,
        subject=False)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-03-fy2025',
        'Payment 2026-03-25 under next_month -> premium month 2026-02 -> kyokai 2025-03 (Tokyo FY2025 4.955%).',
        '2026-03-25', 260000)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-04-fy2026-no-support',
        'Payment 2026-04-25 under next_month -> premium month 2026-03 -> kyokai 2026-03: FY2026 rates, no support.',
        '2026-04-25', 260000, care=True)
si_case(cs, co, TOK, 'sim-si-tokyo-2026-06-non-grade-amount',
        'A standard monthly remuneration that is not a grade value is used as given for health (only the pension '
        'basis is clamped): 255,555.', '2026-06-25', 255555, care=True)
si_case(cs, co, TOK, 'sim-si-tokyo-2027-10-pension-max-680k',
        'Payment 2027-10-25 -> premium month 2027-09 -> pension rate version 2027-09 with maximum 680,000: 680,000 is '
        'not clamped.', '2027-10-25', 680000)
si_case(cs, co, TOK, 'sim-si-tokyo-2027-09-pension-max-still-650k',
        'Payment 2027-09-25 -> premium month 2027-08 -> pension 2020-09 (maximum 650,000): 680,000 is clamped.',
        '2027-09-25', 680000)
si_case(cs, co, TOK, 'sim-si-tokyo-2027-10-clamp-to-680k',
        'Premium month 2027-09: 710,000 is clamped to the new 680,000 maximum.', '2027-10-25', 710000)
si_case(cs, co, TOK, 'sim-si-tokyo-trace-off-explicit',
        'include_calculation_trace false: calculation_trace is [] (amounts unchanged from the official 260,000 case).',
        '2026-05-25', 260000)
cs[-1]['request']['calculation_options'] = {'include_calculation_trace': False}
cs[-1]['expect'].pop('trace')
cs[-1]['expect']['trace_steps'] = []
write('test/golden/simulations/social-insurance-tokyo.yaml', HDR_SI, co, cs)

co = profile('golden-sim-si-tokyo-same-month', social_insurance_collection='same_month')
cs = []
TOKS = dict(TOK, collection='same_month')
si_case(cs, co, TOKS, 'sim-si-same-month-2026-02-fy2025',
        'same_month collection: payment 2026-02-25 -> premium month 2026-02 -> kyokai 2025-03.', '2026-02-25', 260000)
si_case(cs, co, TOKS, 'sim-si-same-month-2026-03-fy2026',
        'same_month collection: payment 2026-03-25 -> premium month 2026-03 -> kyokai 2026-03 (FY2026 rates, no '
        'support); under next_month this payment date would still be FY2025.', '2026-03-25', 260000)
si_case(cs, co, TOKS, 'sim-si-same-month-2026-04-support',
        'same_month collection: payment 2026-04-25 -> premium month 2026-04 -> support 299 at 260,000.',
        '2026-04-25', 260000)
si_case(cs, co, TOKS, 'sim-si-same-month-2027-09-pension-680k',
        'same_month collection: payment 2027-09-25 -> premium month 2027-09 -> pension maximum 680,000.',
        '2027-09-25', 700000)
write('test/golden/simulations/social-insurance-tokyo-same-month.yaml', HDR_SI, co, cs)

co = profile('golden-sim-si-hokkaido', pref='01')
cs = []
HOK = {'pref': '01', 'business': 'general'}
si_case(cs, co, HOK, 'sim-si-hokkaido-2026-04-58k-official',
        'Official Hokkaido FY2026 half-premium at grade 1: 58,000 x 5.14% = 2,981.2 -> 2,981 (premium month 2026-03, '
        'no support).', '2026-04-25', 58000)
si_case(cs, co, HOK, 'sim-si-hokkaido-2025-06-fy2025-care',
        'Hokkaido FY2025 (10.31% total, care 1.59%): premium month 2025-05.', '2025-06-25', 410000, care=True)
write('test/golden/simulations/social-insurance-hokkaido.yaml', HDR_SI, co, cs)

co = profile('golden-sim-si-tokyo-per-item', health_premium_rounding_scope='per_item')
cs = []
TOKP = dict(TOK, scope='per_item')
si_case(cs, co, TOKP, 'sim-si-per-item-2026-05-care',
        'per_item scope: health, care and support each rounded on their own (S = 410,000, care-insured).',
        '2026-05-25', 410000, care=True)
write('test/golden/simulations/social-insurance-tokyo-per-item.yaml', HDR_SI, co, cs)


# =============================================================== employment insurance simulation
def ei_case(cases, company, business, cid, why, pay, wage, subject=True, si_snapshot=True):
    v, rate = ei_rate(business, pay)
    prem = r50(wage * rate) if subject else 0
    note = (f'EI rate version {v}, {business} worker {yen(rate * 1000)}/1000: r({wage:,} x {yen(rate * 1000)}/1000 = '
            f'{yen(wage * rate)}) = {prem:,}') if subject else 'not subject: 0'
    req = {'company_id': company['company_id'], 'calculation_date': pay, 'payment_date': pay,
           'is_employment_insurance_subject': subject, 'subject_wage_total': wage}
    snap = {'tax_table_version': tax_version(pay), 'employment_insurance_rate_version': v, 'rounding_rule_version': '2020-01'}
    cases.append({'id': cid, 'description': why.strip() + ' Worked: ' + note + '.',
                  'calculation': 'employment_insurance_simulation', 'request': req,
                  'expect': {'amounts': {'employment_insurance_subject_amount': wage if subject else 0,
                                         'employment_insurance': prem},
                             'settings_snapshot': snap, 'warnings': [],
                             'trace': [{'step': 'employment_insurance',
                                        'formula_code': 'employment_insurance.employee_contribution.v1',
                                        'rounding_rule': R50, 'rounded_amount': prem}],
                             'trace_steps': ['settings_resolution', 'employment_insurance']}})


HDR_EI = '''
Golden cases: employment insurance simulation. Worker rates from employment_insurance_rates.csv by payment_date
(FY2024 6/7/7, FY2025 5.5/6.5/6.5, FY2026 5/6/6 per mille: general / agriculture_forestry_fisheries_sake /
construction); premium = r(wage x rate), 50-sen rule. Worked in tools/golden-worksheets/bonus/gen_sims.py.
'''
co = profile('golden-sim-ei-general')
cs = []
ei_case(cs, co, 'general', 'sim-ei-general-2026-05-official-243088',
        'Official MHLW example: 243,088 x 5/1000 = 1,215.44 -> 1,215 (FY2026 general).', '2026-05-25', 243088)
ei_case(cs, co, 'general', 'sim-ei-general-2026-03-31-fy2025',
        'Last FY2025 payment date (2026-03-31): 5.5/1000; 300,100 x 5.5/1000 = 1,650.55 -> 1,651 (over 50 sen up).',
        '2026-03-31', 300100)
ei_case(cs, co, 'general', 'sim-ei-general-2026-04-01-fy2026',
        'First FY2026 payment date (2026-04-01): 5/1000; 300,100 x 5/1000 = 1,500.5 -> 1,500 (exactly 50 sen down).',
        '2026-04-01', 300100)
ei_case(cs, co, 'general', 'sim-ei-general-2025-04-01-fy2025',
        'First FY2025 payment date (2025-04-01): 5.5/1000; 215,500 x 5.5/1000 = 1,185.25 -> 1,185.',
        '2025-04-01', 215500)
ei_case(cs, co, 'general', 'sim-ei-general-not-subject',
        'Not subject to employment insurance: subject amount and premium 0.', '2026-05-25', 0, subject=False)
ei_case(cs, co, 'general', 'sim-ei-general-2027-newest-open-ended',
        '2027 payment: the FY2026 rate version (2026-04) is the newest and open-ended, so 5/1000 still applies.',
        '2027-05-25', 243088)
write('test/golden/simulations/employment-insurance-general.yaml', HDR_EI, co, cs)

co = profile('golden-sim-ei-construction', business='construction')
cs = []
ei_case(cs, co, 'construction', 'sim-ei-construction-2026-05-266750',
        'Arithmetic example 266,750 x 6/1000 = 1,600.50 -> 1,600 (withheld: exactly 50 sen rounds down); 6/1000 is '
        'the FY2026 construction worker rate.', '2026-05-25', 266750)
ei_case(cs, co, 'construction', 'sim-ei-construction-2025-10-fy2025',
        'FY2025 construction 6.5/1000: 100,010 x 6.5/1000 = 650.065 -> 650.', '2025-10-25', 100010)
write('test/golden/simulations/employment-insurance-construction.yaml', HDR_EI, co, cs)

co = profile('golden-sim-ei-agriculture', business='agriculture_forestry_fisheries_sake')
cs = []
ei_case(cs, co, 'agriculture_forestry_fisheries_sake', 'sim-ei-agri-2026-05-250084',
        'Arithmetic example 250,084 x 6/1000 = 1,500.504 -> 1,501 (just over 50 sen rounds up); FY2026 agriculture '
        '6/1000.', '2026-05-25', 250084)
ei_case(cs, co, 'agriculture_forestry_fisheries_sake', 'sim-ei-agri-2026-03-fy2025',
        'FY2025 agriculture 6.5/1000: 321,100 x 6.5/1000 = 2,087.15 -> 2,087.', '2026-03-25', 321100)
write('test/golden/simulations/employment-insurance-agriculture.yaml', HDR_EI, co, cs)

CR = {'health_insurance_employee_rate': '0.05', 'care_insurance_employee_rate': '0.009',
      'childcare_support_contribution_employee_rate': None, 'health_insurance_standard_bonus_annual_cap': 5730000}
co = profile('golden-sim-ei-custom-2024', eff='2024-01-01', custom_rates=CR)
cs = []
ei_case(cs, co, 'general', 'sim-ei-general-2024-05-fy2024-266750',
        'FY2024 general 6/1000 (rate version 2024-04): 266,750 x 6/1000 = 1,600.50 -> 1,600 - the keirekisyo.net '
        'example with its original FY2024 rate. A custom-rate company (profile from 2024-01-01) is used because the '
        'kyokai tables start with the 2025-03 premium month, so a kyokai company could not resolve all six versions '
        'in May 2024.', '2024-05-24', 266750)
ei_case(cs, co, 'general', 'sim-ei-general-2025-03-31-fy2024',
        'Last FY2024 payment date 2025-03-31: 6/1000; 250,084 x 6/1000 = 1,500.504 -> 1,501.', '2025-03-31', 250084)
write('test/golden/simulations/employment-insurance-fy2024-custom.yaml', HDR_EI, co, cs)


# =============================================================== income tax simulation
def it_case(cases, company, cid, why, pay, taxable, si, col='kou', deps=0):
    basis = taxable - si
    year = TAX_YEAR[tax_version(pay)]
    t, info = MONTHLY[year].tax(col, deps, basis)
    inputs = {'tax_table_type': col, 'monthly_taxable_amount': basis}
    if info['kind'] == 'row':
        inputs['row_index'] = info['row_index']
        if col == 'kou':
            inputs['dependent_count'] = deps
    elif info['kind'] == 'formula':
        inputs.update({'dependent_count': None, 'taxable_from': info['taxable_from'], 'base_tax_amount': info['base'],
                       'rate': info['rate'], 'excess_amount': info['excess']})
    req = {'company_id': company['company_id'], 'calculation_date': pay, 'payment_date': pay,
           'taxable_payment': taxable, 'social_insurance_deduction_amount': si, 'tax_table_type': col,
           'tax_dependent_count': deps}
    cases.append({'id': cid, 'description': why.strip() + f' Worked: basis {taxable:,} - {si:,} = {basis:,}; ' + info['text'] + '.',
                  'calculation': 'income_tax_simulation', 'request': req,
                  'expect': {'amounts': {'taxable_payment': taxable, 'social_insurance_deduction_amount': si,
                                         'income_tax_basis_amount': basis, 'income_tax': t},
                             'settings_snapshot': {'tax_table_version': tax_version(pay), 'rounding_rule_version': '2020-01'},
                             'warnings': [],
                             'trace': [{'step': 'income_tax', 'formula_code': 'income_tax.monthly_bracket_lookup.v1',
                                        'rounded_amount': t, 'inputs': inputs}],
                             'trace_steps': ['settings_resolution', 'income_tax']}})


HDR_IT = '''
Golden cases: income tax simulation (always the monthly table). Basis = taxable_payment -
social_insurance_deduction_amount; table by payment_date (2020-01 = 令和2-7年分 until 2025-12-31, 2026-01, 2027-01).
Rows from monthly_20XX.csv (row_index = 1-based row of the printed table, first row = the table's first amount
band: 88,000 / 105,000 / 111,000); formulas from monthly_20XX_rules.yaml, floor to yen.
Worked in tools/golden-worksheets/bonus/gen_sims.py.
'''
co = profile('golden-sim-tax')
cs = []
it_case(cs, co, 'sim-it-2026-kou0-row-300k', '2026 kou 0 row lookup at 300,000.', '2026-06-25', 345000, 45000)
it_case(cs, co, 'sim-it-2026-kou3-row', '2026 kou 3 row lookup.', '2026-06-25', 420000, 60000, deps=3)
it_case(cs, co, 'sim-it-2026-kou7-row', '2026 kou 7 row lookup.', '2026-06-25', 700000, 90000, deps=7)
it_case(cs, co, 'sim-it-2026-kou0-first-row', '2026 kou 0 first row: 105,000 exactly -> row 1 (170 yen).',
        '2026-06-25', 105000, 0)
it_case(cs, co, 'sim-it-2026-kou0-below-table', '2026 kou below 105,000: 0 (104,999).', '2026-06-25', 119999, 15000)
it_case(cs, co, 'sim-it-2026-otsu-row', '2026 otsu row lookup (dependents ignored).', '2026-06-25', 300000, 40000,
        col='otsu', deps=2)
it_case(cs, co, 'sim-it-2026-otsu-below-table', '2026 otsu below 105,000: floor(A x 3.063%).', '2026-06-25',
        110000, 10001, col='otsu')
it_case(cs, co, 'sim-it-2026-kou2-bracket-790k', '2026 kou 2 bracket 790,000-960,000 (23.483%).', '2026-06-25',
        900000, 100000, deps=2)
it_case(cs, co, 'sim-it-2026-kou0-at-740k', '2026 kou 0 at exactly 740,000: bracket base amount 71,680.',
        '2026-06-25', 840000, 100000)
it_case(cs, co, 'sim-it-2026-kou5-bracket-high', '2026 kou 5 bracket 2,250,000-3,500,000 (40.84%).',
        '2026-06-25', 3000000, 150000, deps=5)
it_case(cs, co, 'sim-it-2026-otsu-bracket', '2026 otsu 740,000-1,710,000: 259,200 + 40.84% of the excess.',
        '2026-06-25', 1000000, 123457, col='otsu')
it_case(cs, co, 'sim-it-2025-kou0-row-same-basis', '2025 table (tax_table_version 2020-01) for the same basis as '
        'sim-it-2026-kou0-row-300k.', '2025-12-25', 345000, 45000)
it_case(cs, co, 'sim-it-2025-kou0-below-2026-start', '2025 table: 95,000 is inside the rows (table starts at '
        '88,000), whereas 2026 would give 0.', '2025-11-25', 100000, 5000)
it_case(cs, co, 'sim-it-2025-kou1-bracket', '2025 kou 1 bracket 950,000-1,700,000 (33.693%).', '2025-11-25',
        1300000, 150000, deps=1)
it_case(cs, co, 'sim-it-2027-kou0-row', '2027 table (令和9年分), kou 0 row lookup.', '2027-01-25', 345000, 45000)
it_case(cs, co, 'sim-it-2027-kou0-below-111k', '2027 kou below 111,000: 0 (110,000; 2026 would tax it).',
        '2027-03-25', 125000, 15000)
it_case(cs, co, 'sim-it-2027-otsu-bracket', '2027 otsu 740,000-1,720,000: 259,000 + 40.84% of the excess.',
        '2027-06-25', 900000, 50000, col='otsu')
it_case(cs, co, 'sim-it-2027-kou1-bracket-1710k', '2027 kou 1 at 1,715,000: still the 960,000-1,720,000 bracket in '
        '2027 (33.693%); 2026 would be in the 1,710,000 bracket.', '2027-06-25', 1865000, 150000, deps=1)
write('test/golden/simulations/income-tax.yaml', HDR_IT, co, cs)

co = profile('golden-sim-tax-computer-special', income_tax_withholding_method='computer_special')
cs = []
it_case(cs, co, 'sim-it-computer-special-company-uses-table', 'Company withholds by computer_special, but the '
        'income tax simulation always uses the monthly table (2026 kou 1 row).', '2026-06-25', 345000, 45000, deps=1)
it_case(cs, co, 'sim-it-computer-special-company-bracket', 'computer_special company, kou 0 at 1,000,000: monthly '
        'table bracket 960,000-1,710,000.', '2026-06-25', 1150000, 150000)
write('test/golden/simulations/income-tax-computer-special.yaml', HDR_IT, co, cs)


# =============================================================== grade resolution
def rs_case(cases, company, cid, why, pay, x, with_trace=False):
    (hg, hs, hlo, hhi), (pg, ps, plo, phi) = resolve_grade(x)
    note = (f'health grade {hg} [{hlo:,}, {"open" if hhi is None else f"{hhi:,}"}) -> {hs:,}; pension grade {pg} '
            f'[{plo:,}, {"open" if phi is None else f"{phi:,}"}) -> {ps:,}')
    req = {'company_id': company['company_id'], 'calculation_date': pay, 'payment_date': pay, 'monthly_remuneration': x}
    exp = {'amounts': {'monthly_remuneration': x, 'health_insurance_grade': hg,
                       'health_insurance_standard_monthly_remuneration': hs, 'employees_pension_insurance_grade': pg,
                       'employees_pension_standard_monthly_remuneration': ps},
           'settings_snapshot': {'tax_table_version': tax_version(pay), 'employees_pension_rate_version': '2020-09',
                                 'rounding_rule_version': '2020-01'},
           'warnings': []}
    if with_trace:
        req['calculation_options'] = {'include_calculation_trace': True}
        exp['trace'] = [{'step': 'standard_monthly_remuneration_resolution', 'step_type': 'settings_resolution',
                         'formula_code': 'masters.standard_monthly_remuneration.resolve.v1', 'rounding_rule': None}]
        exp['trace_steps'] = ['settings_resolution', 'standard_monthly_remuneration_resolution']
    cases.append({'id': cid, 'description': why.strip() + ' Worked (grade CSV, from <= x < to): ' + note + '.',
                  'calculation': 'standard_monthly_remuneration_resolution', 'request': req, 'expect': exp})


HDR_RS = '''
Golden cases: standard monthly remuneration resolution (pure lookup) against
standard_monthly_remuneration_grades.csv: health grades 1-50 (58,000-1,390,000), pension grades 1-32
(88,000-650,000), from <= x < to, open-ended first and top rows. Payment dates mid-FY2026 (pension 2020-09).
Trace is off by default for this endpoint; the runner turns it on only for cases that assert the trace.
'''
co = profile('golden-sim-grades')
cs = []
for cid, why, x in [
        ('sim-grade-zero', '0 -> health grade 1 (58,000) and pension grade 1 (88,000): below every range is not an error.', 0),
        ('sim-grade-62999', 'Just below 63,000 stays health grade 1.', 62999),
        ('sim-grade-63000-bound', 'Exactly 63,000 -> health grade 2 (68,000): lower bound inclusive; pension grade 1.', 63000),
        ('sim-grade-92999', 'Just below 93,000: health grade 4 (88,000), pension grade 1 (88,000).', 92999),
        ('sim-grade-93000-bound', 'Exactly 93,000: health grade 5 and pension grade 2 (98,000).', 93000),
        ('sim-grade-260000', 'Official grade 20 / pension 17 at 260,000 (250,000 <= x < 270,000).', 260000),
        ('sim-grade-634999', 'Just below 635,000: health 34 / pension 31 (620,000).', 634999),
        ('sim-grade-635000-pension-top', 'Exactly 635,000: health 35 and pension top grade 32 (650,000).', 635000),
        ('sim-grade-700000-pension-open-top', '700,000: health grade 37 (710,000); pension stays at the open top grade 32 (650,000).', 700000),
        ('sim-grade-1355000-health-top', 'Exactly 1,355,000: health top grade 50 (1,390,000).', 1355000),
        ('sim-grade-above-top', '999,999,999 (the largest accepted): health grade 50 (1,390,000), pension grade 32 (650,000).', 999999999)]:
    rs_case(cs, co, cid, why, '2026-06-25', x)
rs_case(cs, co, 'sim-grade-with-trace', 'Trace requested explicitly: one resolution step with rounding_rule null.',
        '2026-06-25', 410000, with_trace=True)
rs_case(cs, co, 'sim-grade-trace-off-explicit', 'include_calculation_trace false given explicitly: '
        'calculation_trace is [] (the endpoint default is also off; the golden runner turns the trace on for cases '
        'that assert it without calculation_options, so the default itself cannot be asserted here).',
        '2026-06-25', 410000)
cs[-1]['request']['calculation_options'] = {'include_calculation_trace': False}
cs[-1]['expect']['trace_steps'] = []
write('test/golden/simulations/standard-monthly-remuneration.yaml', HDR_RS, co, cs)

CR2 = {'health_insurance_employee_rate': '0.048', 'care_insurance_employee_rate': '0.0085',
       'childcare_support_contribution_employee_rate': '0.00115', 'health_insurance_standard_bonus_annual_cap': 5730000}
co = profile('golden-sim-grades-custom', custom_rates=CR2)
cs = []
rs_case(cs, co, 'sim-grade-custom-rate-company-260000', 'Custom-rate company: the statutory (association) grade '
        'table resolvable at payment_date is used, same result as for a kyokai company.', '2026-06-25', 260000)
rs_case(cs, co, 'sim-grade-custom-rate-company-above-top', 'Custom-rate company above the top: 1,390,000 / 650,000.',
        '2026-06-25', 2000000)
write('test/golden/simulations/standard-monthly-remuneration-custom.yaml', HDR_RS, co, cs)
