"""Social insurance: health rounding scope, pension clamp, employment insurance, rate changes, custom rates."""
from lib import *  # noqa

SI_TRACE = {'health_insurance', 'care_insurance', 'childcare_support_contribution',
            'employees_pension_standard_monthly_remuneration', 'employees_pension_insurance',
            'employment_insurance', 'income_tax_basis_amount', 'income_tax'}


def scope_combined():
    cid = 'golden-m-scope-combined'
    f = TopicFile('health-scope-combined.yaml', cid, [put(si=kyokai('13'), rates=None)],
                  'health_premium_rounding_scope combined (default), Tokyo')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, **k)  # noqa
    c('m-scope-comb-58k-50sen-before-support',
      'S = 58,000 at Tokyo FY2026 (April 2026 pay, premium month March 2026 = table 2026-03, no support): '
      '58,000 x 4.925% = 2,856.5, exactly 50 sen -> 2,856 (withheld: 0.50 rounds down). Pension basis clamped '
      'to 88,000 (warning).',
      R(cid, '2026-04-24', E(S=58000), base=60000), steps=True)
    c('m-scope-comb-58k-50sen-with-support',
      'S = 58,000, May 2026 pay (premium month April 2026, support 0.115%): health 2,856; support is the marginal '
      'r(58,000 x 5.04% = 2,923.2) - 2,856 = 67.',
      R(cid, '2026-05-25', E(S=58000), base=60000))
    c('m-scope-comb-500k-care-before-support',
      'decisions.md worked check: S = 500,000 with care, FY2026 Tokyo: health + care = r(500,000 x 5.735%) = 28,675; '
      'health 24,625, care 28,675 - 24,625 = 4,050. April 2026 pay: no support yet.',
      R(cid, '2026-04-24', E(S=500000, care=True, dep=2), base=500000))
    c('m-scope-comb-500k-care-with-support',
      'S = 500,000 with care after the support start: support = r(500,000 x 5.85% = 29,250) - 28,675 = 575.',
      R(cid, '2026-05-25', E(S=500000, care=True, dep=2), base=500000))
    c('m-scope-comb-134k-care-differs-from-per-item',
      'S = 134,000 with care: combined r(134,000 x 5.735% = 7,684.9) = 7,685 gives care 7,685 - 6,599 = 1,086 '
      '(per item would give r(1,085.4) = 1,085); health r(6,599.5) = 6,599 (exactly 50 sen down).',
      R(cid, '2026-05-25', E(S=134000, care=True), base=132000))
    c('m-scope-comb-410k-support-differs-from-per-item',
      'S = 410,000 without care: health r(20,192.5) = 20,192 (50 sen down); support r(410,000 x 5.04% = 20,664) '
      '- 20,192 = 472 (per item r(471.5) = 471).',
      R(cid, '2026-06-25', E(S=410000, dep=1), base=400000))
    c('m-scope-comb-fy2025-care',
      'FY2025 Tokyo (premium month September 2025): health 4.955%, care 0.795%; no support line (0).',
      R(cid, '2025-10-24', E(S=300000, care=True), base=305000))
    c('m-scope-comb-fy2025-50sen',
      'FY2025 Tokyo S = 110,000: 110,000 x 4.955% = 5,450.5 -> 5,450 (exactly 50 sen down).',
      R(cid, '2025-06-25', E(S=110000), base=108000))
    return f


def scope_per_item():
    cid = 'golden-m-scope-per-item'
    f = TopicFile('health-scope-per-item.yaml', cid,
                  [put(si=kyokai('41'), rates=None, health_premium_rounding_scope='per_item')],
                  'health_premium_rounding_scope per_item, Saga')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, **k)  # noqa
    c('m-scope-item-58k-50sen',
      'per_item, Saga FY2026 5.275%: 58,000 x 5.275% = 3,059.5 -> 3,059 (50 sen down); support 58,000 x 0.115% = '
      '66.7 -> 67.',
      R(cid, '2026-05-25', E(S=58000), base=62000), steps=True)
    c('m-scope-item-134k-care-support',
      'per_item, S = 134,000 with care: health r(7,068.5) = 7,068, care r(1,085.4) = 1,085, support r(154.1) = 154 '
      '(combined would give care r(134,000 x 6.085% = 8,153.9) - 7,068 = 1,086 and support r(8,308) - 8,154 = 154).',
      R(cid, '2026-05-25', E(S=134000, care=True), base=135000))
    c('m-scope-item-410k-support',
      'per_item, S = 410,000: health r(21,627.5) = 21,627 (50 sen down), support r(471.5) = 471 (50 sen down); '
      'combined would give support r(410,000 x 5.39% = 22,099) - 21,627 = 472.',
      R(cid, '2026-05-25', E(S=410000), base=410000))
    c('m-scope-item-before-support',
      'per_item in April 2026 pay (premium month March 2026, table 2026-03): no support line.',
      R(cid, '2026-04-24', E(S=134000, care=True), base=135000))
    c('m-scope-item-fy2025-care',
      'per_item FY2025 Saga 5.39%, care 0.795% (premium month February 2026 -> 2025-03 table).',
      R(cid, '2026-03-25', E(S=104000, care=True), base=104000))
    c('m-scope-item-high-care-support',
      'per_item, S = 1,390,000 (top health grade), care and support; pension clamped to 650,000 (warning).',
      R(cid, '2026-07-24', E(S=1390000, care=True, dep=3), base=1400000))
    return f


def pension_clamp():
    cid = 'golden-m-pension'
    f = TopicFile('pension-clamp.yaml', cid, [put(si=kyokai('15'), rates=None)],
                  'employees pension basis clamp (Niigata)')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, **k)  # noqa
    c('m-pension-clamp-58k',
      'S = 58,000 is below the pension minimum: basis clamped to 88,000 -> 88,000 x 9.15% = 8,052; warning '
      'EMPLOYEES_PENSION_BASIS_CLAMPED; health uses 58,000 as given.',
      R(cid, '2026-05-25', E(S=58000), base=57000), steps=True)
    c('m-pension-clamp-78k',
      'S = 78,000 -> pension basis 88,000 (warning).',
      R(cid, '2026-05-25', E(S=78000), base=80000))
    c('m-pension-at-min-88k',
      'S = 88,000 is the minimum itself: not clamped, no warning.',
      R(cid, '2026-05-25', E(S=88000), base=88000))
    c('m-pension-at-max-650k',
      'S = 650,000 is the maximum itself: not clamped, no warning; 650,000 x 9.15% = 59,475.',
      R(cid, '2026-05-25', E(S=650000, dep=1), base=640000))
    c('m-pension-clamp-680k',
      'S = 680,000 (health grade 36) above the 2020-09 maximum: pension basis 650,000 (warning).',
      R(cid, '2026-05-25', E(S=680000, dep=1), base=690000))
    c('m-pension-clamp-1390k-care',
      'S = 1,390,000 with care: health and care on 1,390,000, pension on 650,000 (warning).',
      R(cid, '2026-05-25', E(S=1390000, care=True, dep=2), base=1380000))
    c('m-pension-2027-08-premium-still-650k',
      'September 2027 pay under next_month = premium month August 2027: pension table 2020-09, S = 710,000 clamped '
      'to 650,000 (warning); 2027 tax table.',
      R(cid, '2027-09-24', E(S=710000), base=700000))
    c('m-pension-2027-09-premium-680k-clamp',
      'October 2027 pay = premium month September 2027: pension table 2027-09 (max 680,000); S = 710,000 clamped '
      'to 680,000 (warning): 680,000 x 9.15% = 62,220.',
      R(cid, '2027-10-25', E(S=710000), base=700000))
    c('m-pension-2027-09-premium-680k-no-clamp',
      'Premium month September 2027, S = 680,000 = the new maximum: not clamped, no warning.',
      R(cid, '2027-10-25', E(S=680000), base=680000))
    c('m-pension-2027-09-premium-650k-no-clamp',
      'Premium month September 2027, S = 650,000 is now below the maximum: used as given, no warning.',
      R(cid, '2027-10-25', E(S=650000), base=650000))
    return f


def _ei_file(fname, cid, pref, bt, header, cases):
    f = TopicFile(fname, cid, [put(si=kyokai(pref), bt=bt, rates=None, social_insurance_collection='same_month')],
                  header)
    for i, (cidx, why, kw) in enumerate(cases):
        f.case(cidx, why, R(cid, kw.pop('pd'), kw.pop('emp'), **kw), steps=(i == 0), trace=SI_TRACE)
    return f


def employment_insurance():
    files = []
    files.append(_ei_file(
        'employment-insurance-general.yaml', 'golden-m-ei-general', '47', 'general',
        'employment insurance, general business, FY2024-FY2026 (Okinawa, same_month collection)', [
            ('m-ei-gen-fy2024-last-day',
             'Paid 2025-03-31: EI table 2024-04 (general 6/1000). same_month collection: premium month March 2025 '
             '(first FY2025 kyokai table). 250,250 x 6/1000 = 1,501.5 -> 1,501 (50 sen down).',
             dict(pd='2025-03-31', emp=E(S=260000), base=250250)),
            ('m-ei-gen-fy2025-first-day',
             'Paid 2025-04-01: EI table 2025-04 (5.5/1000). 291,000 x 5.5/1000 = 1,600.5 -> 1,600 (50 sen down).',
             dict(pd='2025-04-01', emp=E(S=280000), base=291000)),
            ('m-ei-gen-fy2025-over-half',
             'FY2025 general: 290,100 x 5.5/1000 = 1,595.55 -> 1,596 (above 50 sen rounds up).',
             dict(pd='2025-10-24', emp=E(S=280000), base=290100)),
            ('m-ei-gen-fy2025-last-day',
             'Paid 2026-03-31: still EI 2025-04 (5.5/1000); same_month: premium month March 2026 (kyokai 2026-03).',
             dict(pd='2026-03-31', emp=E(S=300000), base=300000, allow=[COMMUTE(15000)])),
            ('m-ei-gen-fy2026-first-day',
             'Paid 2026-04-01: EI 2026-04 (5/1000); same_month: premium month April 2026 (support in force). '
             '250,100 x 5/1000 = 1,250.5 -> 1,250.',
             dict(pd='2026-04-01', emp=E(S=260000), base=250100)),
            ('m-ei-gen-fy2026-over-half',
             'FY2026 general: 250,101 x 5/1000 = 1,250.505 -> 1,251.',
             dict(pd='2026-06-25', emp=E(S=260000), base=250101)),
        ]))
    files.append(_ei_file(
        'employment-insurance-agriculture.yaml', 'golden-m-ei-agri', '41', 'agriculture_forestry_fisheries_sake',
        'employment insurance, agriculture/forestry/fisheries/sake, FY2024-FY2026 (Saga, same_month)', [
            ('m-ei-agri-fy2024',
             'Paid 2025-03-25: EI 2024-04, agriculture 7/1000: 250,500 x 7/1000 = 1,753.5 -> 1,753 (50 sen down).',
             dict(pd='2025-03-25', emp=E(S=260000), base=250500)),
            ('m-ei-agri-fy2025-first-day',
             'Paid 2025-04-01: EI 2025-04, 6.5/1000: 251,000 x 6.5/1000 = 1,631.5 -> 1,631.',
             dict(pd='2025-04-01', emp=E(S=260000), base=251000)),
            ('m-ei-agri-fy2025-last-day',
             'Paid 2026-03-31: EI 2025-04 (6.5/1000): 251,100 x 6.5/1000 = 1,632.15 -> 1,632.',
             dict(pd='2026-03-31', emp=E(S=260000), base=251100)),
            ('m-ei-agri-fy2026-first-day',
             'Paid 2026-04-01: EI 2026-04, 6/1000: 250,250 x 6/1000 = 1,501.5 -> 1,501.',
             dict(pd='2026-04-01', emp=E(S=260000), base=250250)),
            ('m-ei-agri-fy2026-with-commute',
             'FY2026 agriculture, commuting allowance in the EI base: (240,000 + 10,417) x 6/1000 = 1,502.502 -> 1,503.',
             dict(pd='2026-08-25', emp=E(S=260000), base=240000, allow=[COMMUTE(10417)])),
        ]))
    files.append(_ei_file(
        'employment-insurance-construction.yaml', 'golden-m-ei-constr', '27', 'construction',
        'employment insurance, construction, FY2024-FY2026 (Osaka, same_month)', [
            ('m-ei-constr-fy2024',
             'Paid 2025-03-31: EI 2024-04, construction 7/1000: 320,300 x 7/1000 = 2,242.1 -> 2,242.',
             dict(pd='2025-03-31', emp=E(S=320000), base=320300)),
            ('m-ei-constr-fy2025-first-day',
             'Paid 2025-04-01: EI 2025-04, 6.5/1000: 321,000 x 6.5/1000 = 2,086.5 -> 2,086.',
             dict(pd='2025-04-01', emp=E(S=320000), base=321000)),
            ('m-ei-constr-fy2025-last-day',
             'Paid 2026-03-31: EI 2025-04: 321,077 x 6.5/1000 = 2,087.0005 -> 2,087.',
             dict(pd='2026-03-31', emp=E(S=320000), base=321077)),
            ('m-ei-constr-fy2026-first-day',
             'Paid 2026-04-01: EI 2026-04, 6/1000: 320,250 x 6/1000 = 1,921.5 -> 1,921.',
             dict(pd='2026-04-01', emp=E(S=320000), base=320250)),
            ('m-ei-constr-fy2026-over-half',
             'FY2026 construction: 320,251 x 6/1000 = 1,921.506 -> 1,922.',
             dict(pd='2026-09-25', emp=E(S=320000), base=320251)),
        ]))
    return files


def rate_change_next_month():
    cid = 'golden-m-rates-next'
    f = TopicFile('rate-change-kyokai-next-month.yaml', cid, [put(si=kyokai('27'), rates=None)],
                  'kyokai FY2025 -> FY2026 and support start, next_month collection (Osaka)')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, **k)  # noqa
    kw = dict(emp=E(S=360000, care=True, dep=1), base=365000)
    c('m-rates-next-2025-04-first-table',
      'April 2025 pay = premium month March 2025: the first FY2025 table (2025-03), Osaka 10.24% + care 1.59%.',
      R(cid, '2025-04-25', **kw), steps=True)
    c('m-rates-next-2026-03-pay-fy2025',
      'March 2026 pay = premium month February 2026: still FY2025 (Osaka 5.12% + care 0.795%).',
      R(cid, '2026-03-25', **kw))
    c('m-rates-next-2026-04-pay-fy2026',
      'April 2026 pay = premium month March 2026: FY2026 table 2026-03 (Osaka 5.065% + care 0.81%), no support.',
      R(cid, '2026-04-24', **kw))
    c('m-rates-next-2026-05-pay-support',
      'May 2026 pay = premium month April 2026: table 2026-04 adds the support contribution 0.115%.',
      R(cid, '2026-05-25', **kw))
    c('m-rates-next-2026-04-30-pay',
      'Paid 2026-04-30 (premium month March 2026): no support even on the last April day; EI already FY2026.',
      R(cid, '2026-04-30', emp=E(S=240000), base=245000))
    c('m-rates-next-2026-05-01-pay',
      'Paid 2026-05-01 (premium month April 2026): support starts.',
      R(cid, '2026-05-01', emp=E(S=240000), base=245000))
    return f


def rate_change_same_month():
    cid = 'golden-m-rates-same'
    f = TopicFile('rate-change-kyokai-same-month.yaml', cid,
                  [put(si=kyokai('15'), rates=None, social_insurance_collection='same_month')],
                  'kyokai FY2025 -> FY2026 and support start, same_month collection (Niigata)')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, **k)  # noqa
    kw = dict(emp=E(S=300000, care=True), base=298000)
    c('m-rates-same-2026-02-fy2025',
      'same_month: February 2026 pay = premium month February 2026: FY2025 Niigata 4.775% + care 0.795%.',
      R(cid, '2026-02-25', **kw), steps=True)
    c('m-rates-same-2026-03-fy2026',
      'same_month: March 2026 pay = premium month March 2026: FY2026 (table 2026-03) Niigata 4.605% + care 0.81%, '
      'no support; EI still FY2025 (paid before 2026-04-01).',
      R(cid, '2026-03-25', **kw))
    c('m-rates-same-2026-04-support',
      'same_month: April 2026 pay = premium month April 2026: support 0.115% (table 2026-04); EI FY2026.',
      R(cid, '2026-04-24', **kw))
    c('m-rates-same-2025-03-first-table',
      'same_month: March 2025 pay = premium month March 2025, the first kyokai table (2025-03); EI FY2024 '
      '(6/1000) because paid before 2025-04-01; 2020-01 tax table.',
      R(cid, '2025-03-25', **kw))
    return f


def custom_rates():
    cid = 'golden-m-custom'
    puts = [
        put('2025-01-01', si={'health_insurance_provider': 'custom', 'custom_rates': {
            'health_insurance_employee_rate': '0.04675', 'care_insurance_employee_rate': '0.0089',
            'childcare_support_contribution_employee_rate': None,
            'health_insurance_standard_bonus_annual_cap': 5730000}}, rates=None),
        put('2026-01-01', si={'health_insurance_provider': 'custom', 'custom_rates': {
            'health_insurance_employee_rate': '0.04675', 'care_insurance_employee_rate': '0.0089',
            'childcare_support_contribution_employee_rate': '0.00115',
            'health_insurance_standard_bonus_annual_cap': 5730000}}, rates=None),
    ]
    f = TopicFile('custom-rates-combined.yaml', cid, puts,
                  'custom (health insurance society) rates, combined scope, two profile versions')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, **k)  # noqa
    c('m-custom-2025-no-support',
      'Custom rates version 1 (support null): health 4.675%, care 0.89%. social_insurance_rate_version is the '
      'profile version (generated id), so not asserted. 50-sen rule with combined scope.',
      R(cid, '2025-11-25', E(S=410000, care=True), base=400000), steps=True)
    c('m-custom-2025-50sen',
      'Custom health 4.675%, exactly 50 sen: 190,000 x 4.675% = 8,882.5 -> 8,882 (withheld, 0.50 rounds down).',
      R(cid, '2025-11-25', E(S=190000), base=188000))
    c('m-custom-2026-support-care',
      'Profile version 2 (from 2026-01-01) adds support 0.115%: combined health r(S x 4.675%), care '
      'r(S x 5.565%) - health, support r(S x 5.68%) - r(S x 5.565%).',
      R(cid, '2026-07-24', E(S=410000, care=True), base=400000))
    c('m-custom-2026-support-no-care',
      'Custom version 2 without care: support r(S x 4.79%) - r(S x 4.675%).',
      R(cid, '2026-07-24', E(S=134000), base=130000))
    c('m-custom-2026-clamp',
      'Custom rates do not change the statutory pension clamp: S = 1,000,000 -> 650,000 (warning).',
      R(cid, '2026-07-24', E(S=1000000), base=1000000))
    cid2 = 'golden-m-custom-item'
    g = TopicFile('custom-rates-per-item.yaml', cid2, [
        put('2025-01-01', si={'health_insurance_provider': 'custom', 'custom_rates': {
            'health_insurance_employee_rate': '0.04625', 'care_insurance_employee_rate': '0.0085',
            'childcare_support_contribution_employee_rate': '0.00115',
            'health_insurance_standard_bonus_annual_cap': 5730000}}, rates=None,
            health_premium_rounding_scope='per_item', bt='construction')],
        'custom rates with per_item scope and support from the first version (construction)')
    c2 = lambda *a, **k: g.case(*a, trace=SI_TRACE, **k)  # noqa
    c2('m-custom-item-2025-support-as-given',
       'Custom rates apply as given: this profile declares support 0.115% already in 2025, so it is charged '
       '(per item): 110,000 x 4.625% = 5,087.5 -> 5,087 (50 sen down); support 110,000 x 0.115% = 126.5 -> 126.',
       R(cid2, '2025-09-25', E(S=110000), base=110000), steps=True)
    c2('m-custom-item-2026-care',
       'per_item custom with care: each line rounded alone.',
       R(cid2, '2026-06-25', E(S=134000, care=True), base=134500))
    c2('m-custom-item-2026-high',
       'per_item custom, S = 750,000 with care; pension clamped to 650,000 (warning).',
       R(cid2, '2026-06-25', E(S=750000, care=True, dep=2), base=760000))
    return [f, g]


def not_subject():
    cid = 'golden-m-not-subject'
    f = TopicFile('not-subject.yaml', cid, [put(si=kyokai('41'), rates=None)],
                  'not subject to social or employment insurance (Saga)')
    c = lambda *a, **k: f.case(*a, trace=SI_TRACE, extra_trace={'employees_pension_standard_monthly_remuneration'}, **k)  # noqa
    c('m-notsub-si-with-smr-given',
      'Not SI subject while a standard monthly remuneration is still sent (200,000): every SI premium 0, '
      'social_insurance_subject_amount 0, both standard remunerations used 0, no clamp warning. EI still due.',
      R(cid, '2026-05-25', E(S=200000, si=False), base=180000, allow=[COMMUTE(8000)]), steps=True)
    c('m-notsub-si-smr-zero',
      'Not SI subject with standard monthly remuneration 0 (not clamped to 88,000, no warning).',
      R(cid, '2026-05-25', E(S=0, si=False, dep=1), base=150000))
    c('m-notsub-ei-only',
      'SI subject but not EI subject (e.g. a director): EI subject amount and premium 0.',
      R(cid, '2026-05-25', E(S=500000, ei=False, dep=2), base=500000))
    c('m-notsub-neither',
      'Neither SI nor EI subject: the whole taxable payment is the tax basis.',
      R(cid, '2026-05-25', E(S=0, si=False, ei=False), base=98000, allow=[COMMUTE(4000)]))
    return f


def all_files():
    return ([scope_combined(), scope_per_item(), pension_clamp()] + employment_insurance() +
            [rate_change_next_month(), rate_change_same_month()] + custom_rates() + [not_subject()])
