"""Bonus golden cases. Run: python3 tools/golden-worksheets/bonus/gen_bonus.py"""
from __future__ import annotations

import copy
import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
from lib import bonus  # noqa: E402
from common import write  # noqa: E402

NINE = ['settings_resolution', 'bonus_payment_aggregation', 'bonus_health_insurance', 'bonus_care_insurance',
        'bonus_childcare_support_contribution', 'bonus_employees_pension_insurance', 'bonus_employment_insurance',
        'bonus_income_tax', 'bonus_net_payment']
CODES = {
    'settings_resolution': 'settings.resolution.v1',
    'bonus_payment_aggregation': 'bonus.payment_aggregation.v1',
    'bonus_health_insurance': 'social_insurance.bonus.health_insurance.v1',
    'bonus_care_insurance': 'social_insurance.bonus.care_insurance.v1',
    'bonus_childcare_support_contribution': 'social_insurance.bonus.childcare_support_contribution.v1',
    'bonus_employees_pension_insurance': 'social_insurance.bonus.employees_pension_insurance.v1',
    'bonus_employment_insurance': 'employment_insurance.bonus_employee_contribution.v1',
    'bonus_income_tax': 'income_tax.bonus_table_lookup.v1',
    'bonus_net_payment': 'payment_aggregation.bonus_net_payment.v1',
}
LINE_OF = {'bonus_health_insurance': 'health', 'bonus_care_insurance': 'care',
           'bonus_childcare_support_contribution': 'support', 'bonus_employees_pension_insurance': 'pension',
           'bonus_employment_insurance': 'ei', 'bonus_income_tax': 'tax', 'bonus_net_payment': 'net'}


def profile(cid, pref='13', business='general', **extra):
    si = {'health_insurance_provider': 'kyokai', 'prefecture_code': pref}
    if 'custom_rates' in extra:
        si = {'health_insurance_provider': 'custom', 'custom_rates': extra.pop('custom_rates')}
    put = {'effective_from': '2025-01-01', 'social_insurance': si, 'employment_insurance_business_type': business}
    put.update(extra)
    return {'company_id': cid, 'profile_puts': [put]}


def emp(ref, deps=0, col='kou', si=True, ei=True, care=False, smr=300000):
    return {'employee_ref': ref, 'tax_dependent_count': deps, 'tax_table_type': col,
            'is_social_insurance_subject': si, 'is_employment_insurance_subject': ei,
            'standard_monthly_remuneration': smr, 'care_insurance_subject': care}


class Builder:
    def __init__(self, company, comp_info):
        self.company = company
        self.info = comp_info
        self.cases = []

    def case(self, cid, why, *, pay='2026-06-30', calc=None, e=None, gross=500000, prev=(300000, 45000),
             items=None, cds=None, ytd=0, same_month=0, tax_ctx=None, trace='tax', full_trace=False,
             assert_items=False):
        req = {'company_id': self.company['company_id'], 'calculation_date': calc or pay, 'payment_date': pay,
               'employee_snapshot': e or emp(cid), 'bonus_gross_amount': gross}
        if items is not None:
            req['bonus_items'] = items
        if cds is not None:
            req['custom_deductions'] = cds
        req['previous_month_taxable_payroll_amount'] = prev[0]
        req['previous_month_social_insurance_amount'] = prev[1]
        if tax_ctx is not None:
            req['bonus_tax_context'] = tax_ctx
        req['bonus_social_insurance_context'] = {
            'health_insurance_standard_bonus_ytd_before_this_payment': ytd,
            'employees_pension_standard_bonus_same_month_before_this_payment': same_month}
        req['employee_snapshot']['employee_ref'] = cid
        w = bonus(self.info, req)
        desc = why.strip() + ' Worked: ' + '; '.join(w['notes']) + '.'
        exp = {}
        if w['error']:
            exp['error'] = w['error']
        else:
            amounts = copy.deepcopy(w['amounts'])
            if assert_items:
                amounts['custom_deductions']['items'] = [
                    {'code': d['code'], 'name': d['name'], 'amount': d['amount'], 'metadata': d['metadata']}
                    for d in cds]
            exp['amounts'] = amounts
            exp['settings_snapshot'] = w['snapshot']
            exp['warnings'] = w['warnings']
            steps = []
            if full_trace:
                for s in NINE:
                    st = {'step': s, 'formula_code': CODES[s]}
                    if s in LINE_OF:
                        st['rounded_amount'] = w['lines'][LINE_OF[s]]
                    if s == 'bonus_income_tax' and w['tax_trace']:
                        st['inputs'] = tax_inputs(w['tax_trace'])
                    steps.append(st)
                exp['trace'] = steps
                exp['trace_steps'] = NINE
            elif trace == 'tax':
                st = {'step': 'bonus_income_tax', 'formula_code': CODES['bonus_income_tax'],
                      'rounded_amount': w['lines']['tax']}
                if w['tax_trace']:
                    st['inputs'] = tax_inputs(w['tax_trace'])
                exp['trace'] = [st]
            elif trace == 'si':
                exp['trace'] = [{'step': s, 'formula_code': CODES[s], 'rounded_amount': w['lines'][LINE_OF[s]]}
                                for s in NINE if LINE_OF.get(s) in ('health', 'care', 'support', 'pension', 'ei')]
        self.cases.append({'id': cid, 'description': desc, 'calculation': 'bonus', 'request': req, 'expect': exp})
        return w


def tax_inputs(t):
    out = {k: v for k, v in t.items() if k != 'kind'}
    # rates whose percent has a trailing zero (10.210 -> "0.1021" or "0.10210"?) or 0 are not asserted:
    r = out.get('withholding_rate')
    if r is not None and (len(r.split('.')[-1]) < 5 or r == '0') and r not in ('0.1',):
        out.pop('withholding_rate')
    return out


# =====================================================================================================
TOKYO = {'pref': '13', 'scope': 'combined', 'business': 'general', 'allow_override': False}
HDR = '''
Golden cases: bonus, Tokyo (kyokai 13), general business, combined health rounding scope, no override.
Expected values worked by hand from /work/shared/statutory (bonus_20XX.csv, monthly_20XX.csv, kyokai rates,
nationwide_rates.yaml) with exact fractions: tools/golden-worksheets/bonus/gen_bonus.py + lib.py.
Rates (employee): Tokyo FY2025 health 4.955%, care 0.795%; FY2026 health 4.925%, care 0.81%; support 0.115% from
the 2026-04 premium month (bonus premium month = payment month); pension 9.15%; EI general FY2025 5.5/1000,
FY2026 5/1000. r() = 50-sen rule (<= .50 down, > .50 up).
'''

# ---------------------------------------------------------------- standard bonus-table lookups
b = Builder(profile('golden-bonus-tokyo'), TOKYO)
b.case('bonus-2026-06-kou1-table-full-trace',
       'Basic June 2026 bonus under `standard`, kou 1 dependent, asserting the exact nine bonus trace steps. '
       'Premium month 2026-06 -> kyokai 2026-04 (support applies).',
       e=emp('x', deps=1), gross=500000, prev=(300000, 45000), full_trace=True)
b.case('bonus-2026-kou0-band4',
       'kou 0, P in band 4 of the 2026 kou-0 column (260,000-309,000, 6.126%).',
       e=emp('x', deps=0), gross=800000, prev=(345000, 45000))
b.case('bonus-2026-kou2-band6-lower-bound',
       'kou 2, P exactly at the lower bound 400,000 of band 6 (400,000-426,000, 10.21%): lower bound inclusive.',
       e=emp('x', deps=2), gross=1000000, prev=(460000, 60000))
b.case('bonus-2026-kou3-just-below-300k',
       'kou 3, P = 299,999 is still band 2 (181,000-300,000, 2.042%).',
       e=emp('x', deps=3), gross=600000, prev=(344999, 45000))
b.case('bonus-2026-kou4-at-300k',
       'kou 4, P = 300,000 starts band 3 (300,000-387,000, 4.084%).',
       e=emp('x', deps=4), gross=600000, prev=(345000, 45000))
b.case('bonus-2026-kou5-zero-rate-band',
       'kou 5, P = 250,000 is in band 1 (0-251,000, rate 0): B <= 10 x P so the table applies and tax is 0.',
       e=emp('x', deps=5), gross=700000, prev=(290000, 40000))
b.case('bonus-2026-kou6-band9',
       'kou 6, P = 560,000 in band 9 (553,000-589,000, 14.294%).',
       e=emp('x', deps=6), gross=1200000, prev=(640000, 80000))
b.case('bonus-2026-kou7-band18',
       'kou 7 (the "7 or more" column), P = 1,500,000 in band 18 (1,489,000-1,583,000, 35.735%).',
       e=emp('x', deps=7, smr=1390000), gross=1400000, prev=(1650000, 150000))
b.case('bonus-2026-kou0-top-band',
       'kou 0, P = 3,600,000 in the open top band 21 (3,495,000 and over, 45.945%).',
       e=emp('x', deps=0, smr=1390000), gross=1000000, prev=(3750000, 150000))
b.case('bonus-2026-otsu-band2',
       'otsu, P = 250,000 in otsu band 2 (224,000-295,000, 20.42%); dependents are not used for otsu.',
       e=emp('x', deps=3, col='otsu'), gross=400000, prev=(290000, 40000))
b.case('bonus-2026-otsu-band4',
       'otsu, P = 600,000 in otsu band 4 (527,000-1,118,000, 38.798%).',
       e=emp('x', col='otsu'), gross=500000, prev=(680000, 80000))
b.case('bonus-2025-12-kou0-2025-table',
       'December 2025 bonus: tax_table_version 2020-01, so the 2025 bonus table applies. P = 255,000 is band 4 of the '
       '2025 kou-0 column (252,000-300,000, 6.126%) whereas the 2026 table puts it in band 3 (4.084%). Premium month '
       '2025-12 -> kyokai 2025-03 (Tokyo FY2025 4.955%, no support); EI FY2025 5.5/1000.',
       pay='2025-12-10', e=emp('x', deps=0), gross=500000, prev=(300000, 45000))
b.case('bonus-2026-01-kou0-2026-table-fy2025-insurance',
       'January 2026 bonus: tax_table_version 2026-01 (2026 bonus table: P = 255,000 -> band 3, 4.084%) but premium '
       'month 2026-01 still uses kyokai 2025-03 (FY2025 Tokyo 4.955%, no support) and EI FY2025 5.5/1000.',
       pay='2026-01-15', e=emp('x', deps=0), gross=500000, prev=(300000, 45000))
b.case('bonus-2025-07-otsu-band2-lower-bound',
       '2025 bonus table, otsu, P exactly 222,000 = lower bound of otsu band 2 (20.42%).',
       pay='2025-07-10', e=emp('x', col='otsu'), gross=300000, prev=(262000, 40000))


# ten-times boundary: find a gross whose B is exactly 10 x P (worked by the same hand worksheet)
def find_gross_for_basis(target, e, prev, pay='2026-06-30'):
    for g in range(target, target * 2):
        req = {'payment_date': pay, 'employee_snapshot': e, 'bonus_gross_amount': g,
               'previous_month_taxable_payroll_amount': prev[0], 'previous_month_social_insurance_amount': prev[1],
               'bonus_social_insurance_context': {'health_insurance_standard_bonus_ytd_before_this_payment': 0,
                                                  'employees_pension_standard_bonus_same_month_before_this_payment': 0}}
        w = bonus(TOKYO, req)
        if w['amounts']['income_tax_basis_amount'] == target:
            return g
    raise AssertionError


g_eq = find_gross_for_basis(1200000, emp('x'), (140000, 20000))
b.case('bonus-2026-ten-times-exactly-equal-uses-table',
       f'P = 120,000 and a gross of {g_eq:,} chosen so that B is exactly 1,200,000 = 10 x P: the rule needs B > 10 x P, '
       'so the bonus table still applies (kou 0 band 3, 94,000-260,000, 4.084%), no warning.',
       e=emp('x'), gross=g_eq, prev=(140000, 20000))
b.case('bonus-2026-ten-times-one-yen-over',
       f'Same employee, gross {g_eq + 1:,}: B = 1,200,001 > 10 x P, so the statutory monthly-table method runs under '
       '`standard` with warning BONUS_TEN_TIMES_RULE_APPLIED.',
       e=emp('x'), gross=g_eq + 1, prev=(140000, 20000))
write('test/golden/bonus/standard-table.yaml', HDR, b.company, b.cases)

# ---------------------------------------------------------------- social insurance side of the bonus
s = Builder(profile('golden-bonus-tokyo-si'), TOKYO)
P1 = (300000, 45000)  # P = 255,000: kou 1 -> 2026 band 3 (4.084%)
s.case('bonus-2026-care-subject',
       'Care-insured (40-64) employee, combined scope: health, care and support are marginal lines of one rounding.',
       e=emp('x', deps=1, care=True), gross=1000000, prev=P1, trace='si')
s.case('bonus-2026-care-333k-combined',
       'Combined scope with care, standard bonus 333,000: lines are marginal amounts of the cumulative roundings '
       '(contrast bonus-2026-per-item-with-care).',
       e=emp('x', deps=1, care=True), gross=333000, prev=P1, trace='si')
s.case('bonus-2026-worked-check-102k-combined',
       'decisions.md worked check: standard bonus 102,000 (bonus 102,500 floored to 1,000 yen), Tokyo FY2026, '
       'no care: health + support rounded once = 5,141 (health 5,023 + support 118).',
       e=emp('x', deps=1), gross=102500, prev=P1, trace='si')
s.case('bonus-2026-health-cap-partial',
       'Health annual cap: ytd 5,500,000 leaves 230,000 of the 5,730,000 cap, so the 400,000 standard bonus is capped '
       'to 230,000 for health and support (support uses the capped health standard bonus); pension is uncapped.',
       pay='2026-12-10', e=emp('x', deps=1), gross=400000, prev=P1, ytd=5500000, trace='si')
s.case('bonus-2026-health-cap-already-reached',
       'ytd already 5,730,000: health, care and support standard bonus 0 (care-insured), pension still charged.',
       pay='2026-12-10', e=emp('x', deps=1, care=True), gross=600000, prev=P1, ytd=5730000, trace='si')
s.case('bonus-2026-health-cap-exactly-filled',
       'ytd 5,000,000 + standard bonus 730,000 (730,500 floored) = exactly 5,730,000: not above the cap, no warning.',
       pay='2026-12-10', e=emp('x', deps=1), gross=730500, prev=P1, ytd=5000000)
s.case('bonus-2026-pension-cap-single-payment',
       'Bonus 2,000,000: pension standard bonus capped at 1,500,000 per month; health uses 2,000,000. P = 600,000, '
       'kou 2 -> 2026 band 10 (525,000-636,000, 18.378%).',
       e=emp('x', deps=2, smr=650000), gross=2000000, prev=(700000, 100000), trace='si')
s.case('bonus-2026-pension-cap-same-month',
       'Second bonus in the same month: 1,000,000 already counted, so only 500,000 of the 800,000 standard bonus '
       'is pension-liable.',
       e=emp('x', deps=1), gross=800000, prev=P1, same_month=1000000, trace='si')
s.case('bonus-2026-pension-cap-same-month-full',
       'Same month already at 1,500,000: pension standard bonus 0, pension 0.',
       e=emp('x', deps=1), gross=300000, prev=P1, same_month=1500000, trace='si')
s.case('bonus-2026-both-caps',
       'ytd 5,000,000 and a 2,000,000 bonus: health capped to 730,000, pension to 1,500,000; both warnings '
       '(listed in trace order: health then pension). P = 600,000, kou 2 -> 18.378%.',
       pay='2026-12-10', e=emp('x', deps=2, smr=650000), gross=2000000, prev=(700000, 100000), ytd=5000000)
s.case('bonus-2026-03-no-support',
       'March 2026 bonus: premium month 2026-03 -> kyokai 2026-03 (FY2026 Tokyo 4.925% / care 0.81%) with no childcare '
       'support (it starts with the April 2026 premium month); EI still FY2025 (5.5/1000, payment_date before 2026-04-01).',
       pay='2026-03-13', e=emp('x', deps=1, care=True), gross=700000, prev=P1, trace='si')
s.case('bonus-2026-04-support-starts',
       'April 2026 bonus: premium month 2026-04 -> kyokai 2026-04, support charged; EI FY2026 5/1000.',
       pay='2026-04-10', e=emp('x', deps=1, care=True), gross=700000, prev=P1, trace='si')
s.case('bonus-2026-02-fy2025-rates',
       'February 2026 bonus: premium month 2026-02 -> kyokai 2025-03 (Tokyo FY2025 4.955%, care 0.795%), no support; '
       'EI FY2025 5.5/1000; tax 2026 table.',
       pay='2026-02-27', e=emp('x', deps=1, care=True), gross=700000, prev=P1, trace='si')
s.case('bonus-2026-not-social-insurance-subject',
       'Not subject to social insurance: subject amount, standard bonus amounts and the four premiums are 0; EI and '
       'tax still apply.',
       e=emp('x', deps=1, si=False, smr=0), gross=300000, prev=(255000, 0), trace='si')
s.case('bonus-2026-not-employment-insurance-subject',
       'Not subject to employment insurance: EI subject amount and premium 0.',
       e=emp('x', deps=1, ei=False), gross=300000, prev=P1, trace='si')
s.case('bonus-2026-items-flags-and-custom-deductions',
       'bonus_items with mixed flags: gross = 500,000 + 30,000 (all bases) + 20,000 (EI only, not taxable, not SI) + '
       '10,000 (taxable only); two custom deductions echoed in request order.',
       e=emp('x', deps=1), gross=500000, prev=P1,
       items=[{'code': 'perf', 'name': 'Performance add-on', 'amount': 30000, 'taxable': True,
               'social_insurance_included': True, 'employment_insurance_included': True},
              {'code': 'commute', 'name': 'Non-taxable commuting part', 'amount': 20000, 'taxable': False,
               'social_insurance_included': False, 'employment_insurance_included': True},
              {'code': 'gift', 'name': 'Taxable gift', 'amount': 10000, 'taxable': True,
               'social_insurance_included': False, 'employment_insurance_included': False}],
       cds=[{'code': 'union', 'name': 'Union dues', 'amount': 3000, 'metadata': {'kind': 'union'}},
            {'code': 'loan', 'name': 'Company loan', 'amount': 20000, 'metadata': {'installment': 4}}],
       trace='si', assert_items=True)
s.case('bonus-2026-zero-gross-with-items',
       'bonus_gross_amount 0 is valid when bonus_items is not empty: gross = items only.',
       e=emp('x', deps=1), gross=0, prev=P1,
       items=[{'code': 'special', 'name': 'Special bonus', 'amount': 250000, 'taxable': True,
               'social_insurance_included': True, 'employment_insurance_included': True}])
s.case('bonus-2026-basis-floored-at-zero',
       'Only a non-taxable item that is SI- and EI-liable: taxable 0, premiums > 0, so income_tax_basis_amount is '
       'clamped to 0 (never below 0) and tax is 0.',
       e=emp('x', deps=1), gross=0, prev=P1,
       items=[{'code': 'nontax', 'name': 'Non-taxable award', 'amount': 200000, 'taxable': False,
               'social_insurance_included': True, 'employment_insurance_included': True}])
s.case('bonus-2026-net-payment-negative',
       'Custom deduction larger than what is left: negative net payment is allowed with warning NET_PAYMENT_NEGATIVE.',
       e=emp('x', deps=1), gross=100000, prev=P1,
       cds=[{'code': 'repay', 'name': 'Advance repayment', 'amount': 150000}])
# validation error: bonus 0, no items
s.cases.append({
    'id': 'bonus-2026-zero-bonus-no-items-rejected',
    'description': 'bonus_gross_amount 0 with empty bonus_items: 422 validation_error (the bonus must be above 0).',
    'calculation': 'bonus',
    'request': {'company_id': 'golden-bonus-tokyo-si', 'calculation_date': '2026-06-30', 'payment_date': '2026-06-30',
                'employee_snapshot': emp('bonus-2026-zero-bonus-no-items-rejected'), 'bonus_gross_amount': 0,
                'bonus_items': [], 'previous_month_taxable_payroll_amount': 300000,
                'previous_month_social_insurance_amount': 45000,
                'bonus_social_insurance_context': {'health_insurance_standard_bonus_ytd_before_this_payment': 0,
                                                   'employees_pension_standard_bonus_same_month_before_this_payment': 0}},
    'expect': {'error': {'code': 'validation_error'}}})
write('test/golden/bonus/social-insurance.yaml', HDR, s.company, s.cases)

# ---------------------------------------------------------------- rounding scope per_item
PI = dict(TOKYO, scope='per_item')
r = Builder(profile('golden-bonus-tokyo-per-item', health_premium_rounding_scope='per_item'), PI)
r.case('bonus-2026-worked-check-102k-per-item',
       'decisions.md worked check, per_item scope: health r(5,023.50) = 5,023 and support r(117.30) = 117, total 5,140 '
       '(combined would give 5,141).',
       e=emp('x', deps=1), gross=102000, prev=P1, trace='si')
r.case('bonus-2026-per-item-with-care',
       'per_item with care: health, care and support each rounded on their own. Standard bonus 333,000 gives the same '
       'total as combined (19,480) but different lines: per_item care 2,697 / support 383 vs combined 2,698 / 382 '
       '(see bonus-2026-care-333k-combined).',
       e=emp('x', deps=1, care=True), gross=333000, prev=P1, trace='si')
write('test/golden/bonus/rounding-scope-per-item.yaml', HDR.replace('combined health rounding scope', 'per_item health rounding scope'),
      r.company, r.cases)

# ---------------------------------------------------------------- statutory monthly-table method
m = Builder(profile('golden-bonus-tokyo-monthly-method'), TOKYO)
m.case('bonus-2026-no-prev-payroll-kou0',
       '`no_previous_month_payroll`: tax by the monthly table with P = 0: (T(floor(B/6)) - T(0)) x 6. '
       'No BONUS_TEN_TIMES_RULE_APPLIED (that warning is for `standard` only).',
       e=emp('x', deps=0), gross=1000000, prev=(0, 0), tax_ctx={'calculation_method': 'no_previous_month_payroll'})
m.case('bonus-2026-no-prev-payroll-ignores-given-previous-month',
       '`no_previous_month_payroll` with previous-month amounts supplied anyway: P counts as 0 regardless.',
       e=emp('x', deps=1), gross=1500000, prev=(300000, 45000), tax_ctx={'calculation_method': 'no_previous_month_payroll'})
m.case('bonus-2026-no-prev-payroll-bracket',
       '`no_previous_month_payroll`, large bonus for an employee outside social insurance: P + floor(B/6) is above '
       '740,000, so T uses the 2026 kou bracket formula (790,000-960,000, 23.483%) with floor.',
       e=emp('x', deps=2, si=False, smr=0), gross=5000000, prev=(0, 0),
       tax_ctx={'calculation_method': 'no_previous_month_payroll'})
m.case('bonus-2026-no-prev-payroll-otsu',
       '`no_previous_month_payroll`, otsu: T(0) = 0 and T(floor(B/6)) below 105,000 is floor(A x 3.063%).',
       e=emp('x', col='otsu'), gross=300000, prev=(0, 0), tax_ctx={'calculation_method': 'no_previous_month_payroll'})
m.case('bonus-2026-standard-no-previous-month',
       '`standard` (default, no bonus_tax_context) with previous month 0 / 0: P = 0 <= 0, so the monthly-table method '
       'runs and BONUS_TEN_TIMES_RULE_APPLIED is reported.',
       e=emp('x', deps=0), gross=1200000, prev=(0, 0))
m.case('bonus-2026-standard-negative-p',
       '`standard` with previous-month social insurance above the taxable pay: P = -20,000 <= 0 counts as 0; '
       'monthly-table method with the warning.',
       e=emp('x', deps=1), gross=1000000, prev=(100000, 120000), tax_ctx={'calculation_method': 'standard'})
m.case('bonus-2026-standard-ten-times-kou0',
       '`standard`, P = 120,000 > 0 but B > 10 x P: tax = (T(P + floor(B/6)) - T(P)) x 6 from the 2026 monthly table '
       '(kou 0), warning BONUS_TEN_TIMES_RULE_APPLIED.',
       e=emp('x', deps=0), gross=1450000, prev=(140000, 20000))
m.case('bonus-2026-standard-ten-times-otsu',
       '`standard`, otsu, P = 90,000 (below 105,000: T(P) = floor(90,000 x 3.063%) = 2,756) and B > 900,000.',
       e=emp('x', col='otsu'), gross=1200000, prev=(100000, 10000))
m.case('bonus-2025-no-prev-payroll-2025-table',
       '2025 bonus (tax_table_version 2020-01) under `no_previous_month_payroll`: the 2025 monthly table '
       '(kou 0 starts at 88,000). Premium month 2025-12 -> kyokai 2025-03, EI FY2025 5.5/1000.',
       pay='2025-12-10', e=emp('x', deps=0), gross=700000, prev=(0, 0),
       tax_ctx={'calculation_method': 'no_previous_month_payroll'})
m.case('bonus-2027-standard-bonus-table-missing',
       '2027 bonus under `standard` with P = 255,000 and B <= 10 x P: it needs the 2027 bonus rate table, which is '
       'not imported (known gap) -> 422 income_tax_lookup_failed naming the (bonus) table.',
       pay='2027-06-30', e=emp('x', deps=1), gross=500000, prev=(300000, 45000))
m.case('bonus-2027-no-prev-payroll-monthly-2027',
       '2027 bonus under `no_previous_month_payroll`: needs no bonus table; computed with the 2027 monthly table '
       '(kou starts at 111,000). Premium month 2027-06 -> kyokai 2026-04 (newest, open-ended), pension 2020-09, '
       'EI 2026-04 (newest).',
       pay='2027-06-30', e=emp('x', deps=0), gross=900000, prev=(0, 0),
       tax_ctx={'calculation_method': 'no_previous_month_payroll'})
m.case('bonus-2027-standard-p-zero-monthly-2027',
       '2027 bonus under `standard` with P = 0: the monthly-table method runs (2027 monthly table), so the missing '
       '2027 bonus table is not needed; warning BONUS_TEN_TIMES_RULE_APPLIED.',
       pay='2027-07-10', e=emp('x', deps=2), gross=1500000, prev=(0, 0))
write('test/golden/bonus/monthly-table-method.yaml', HDR, m.company, m.cases)

# ---------------------------------------------------------------- withholding_rate_override
OV = dict(TOKYO, allow_override=True)
o = Builder(profile('golden-bonus-override', allow_withholding_rate_override=True), OV)
o.case('bonus-2026-override-applied',
       'Company allows the override: tax = floor(B x 0.1) instead of the table rate (P = 255,000 kou 0 would give '
       '4.084%); only WITHHOLDING_RATE_OVERRIDDEN_BY_CALLER.',
       e=emp('x', deps=0), gross=500000, prev=(300000, 45000), tax_ctx={'calculation_method': 'standard',
                                                                         'withholding_rate_override': '0.1'})
o.case('bonus-2026-override-beats-no-prev-payroll',
       'Override with `no_previous_month_payroll`: the override takes priority over the monthly-table method.',
       e=emp('x', deps=1), gross=800000, prev=(0, 0),
       tax_ctx={'calculation_method': 'no_previous_month_payroll', 'withholding_rate_override': '0.2042'})
o.case('bonus-2026-override-beats-ten-times',
       'Override under `standard` with P = 0: no BONUS_TEN_TIMES_RULE_APPLIED, only the override warning.',
       e=emp('x', deps=0), gross=600000, prev=(0, 0), tax_ctx={'withholding_rate_override': '0.04084'})
o.case('bonus-2027-override-needs-no-bonus-table',
       '2027 bonus with an override: computed (no 2027 bonus table needed). Premium month 2027-12 -> pension rate '
       'version 2027-09 (the monthly cap on the pension standard bonus is unaffected, bonus below it).',
       pay='2027-12-10', e=emp('x', deps=1), gross=700000, prev=(300000, 45000),
       tax_ctx={'withholding_rate_override': '0.06126'})
o.case('bonus-2026-override-company-without-override-input',
       'Override-enabled company but no override in the request: normal bonus table (P = 255,000 kou 0 -> 2026 band 3, '
       '4.084%), no warning.',
       e=emp('x', deps=0), gross=500000, prev=(300000, 45000))
write('test/golden/bonus/withholding-rate-override.yaml',
      HDR.replace('no override.', 'allow_withholding_rate_override: true.'), o.company, o.cases)

n = Builder(profile('golden-bonus-no-override'), TOKYO)
n.case('bonus-2026-override-not-allowed',
       'withholding_rate_override given while the profile does not enable it -> 422 '
       'withholding_rate_override_not_allowed.',
       e=emp('x', deps=0), gross=500000, prev=(300000, 45000), tax_ctx={'withholding_rate_override': '0.1'})
write('test/golden/bonus/withholding-rate-override-not-allowed.yaml', HDR, n.company, n.cases)

# ---------------------------------------------------------------- custom-rate company
CR = {'health_insurance_employee_rate': '0.0475', 'care_insurance_employee_rate': '0.009',
      'childcare_support_contribution_employee_rate': '0.00115', 'health_insurance_standard_bonus_annual_cap': 5730000}
c = Builder(profile('golden-bonus-custom-rates', custom_rates=CR), {'custom_rates': CR, 'scope': 'combined',
                                                                     'business': 'general'})
c.case('bonus-2026-custom-rates-care',
       'Self-declared (custom) rates from the profile: health 4.75%, care 0.9%, support 0.115% (applied as given, '
       'whatever the month), combined scope; pension and EI stay statutory.',
       e=emp('x', deps=1, care=True), gross=876543, prev=(300000, 45000), trace='si')
c.case('bonus-2026-custom-rates-cap-partial',
       'Custom profile cap 5,730,000 against ytd 5,600,000: health standard bonus 130,000.',
       pay='2026-12-10', e=emp('x', deps=1), gross=500000, prev=(300000, 45000), ytd=5600000, trace='si')
write('test/golden/bonus/custom-rates.yaml',
      HDR.replace('Tokyo (kyokai 13)', 'custom-rate company (health 4.75%, care 0.9%, support 0.115%)'),
      c.company, c.cases)

CR0 = dict(CR, childcare_support_contribution_employee_rate=None)
c0 = Builder(profile('golden-bonus-custom-rates-no-support', custom_rates=CR0),
             {'custom_rates': CR0, 'scope': 'combined', 'business': 'general'})
c0.case('bonus-2026-custom-rates-support-null',
        'Custom rates with childcare_support_contribution_employee_rate null: no support line even after April 2026; '
        'health + care rounded once (combined).',
        e=emp('x', deps=0, care=True), gross=654321, prev=(345000, 45000), trace='si')
write('test/golden/bonus/custom-rates-no-support.yaml',
      HDR.replace('Tokyo (kyokai 13)', 'custom-rate company (health 4.75%, care 0.9%, support null)'),
      c0.company, c0.cases)
