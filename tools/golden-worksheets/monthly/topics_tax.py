"""Withholding income tax: monthly table kou/otsu in every zone, 2025/2026/2027 tables, computer_special."""
from lib import *  # noqa

TAX_TRACE = {'employment_insurance', 'income_tax_basis_amount', 'income_tax', 'income_tax_salary_deduction',
             'income_tax_taxable_income', 'income_tax_computer_special', 'employees_pension_insurance',
             'health_insurance', 'childcare_support_contribution', 'care_insurance'}


def _at(f, cid, pd, emp, target, why, case_id, **kw):
    """Case whose tax basis is exactly `target` (base pay solved; the solved base is part of the request)."""
    base = solve_base(f.puts, lambda b: R(cid, pd, emp, base=b, **kw), target)
    return f.case(case_id, why, R(cid, pd, emp, base=base, **kw), trace=TAX_TRACE)


def kou_2026():
    cid = 'golden-m-tax-kou26'
    f = TopicFile('withholding-kou-2026.yaml', cid, [put(si=kyokai('13'), rates=None)],
                  'withholding 2026 monthly table, kou column, dependents 0-7 and row boundaries (Tokyo)')
    for n in range(8):
        f.case(f'm-tax-kou26-dependents-{n}',
               f'2026 kou column with {n} dependent(s), same pay (base 450,000, S 440,000): the row lookup picks '
               f'column kou_{n}.',
               R(cid, '2026-06-25', E(S=440000, dep=n), base=450000), trace=TAX_TRACE, steps=(n == 0))
    _at(f, cid, '2026-06-25', E(S=104000), 104999,
        'Basis 104,999 is below the first 2026 row (105,000): kou tax 0.', 'm-tax-kou26-below-first-row')
    _at(f, cid, '2026-06-25', E(S=104000), 105000,
        'Basis exactly 105,000 = first row [105,000, 107,000) of the 2026 table: kou_0 170.', 'm-tax-kou26-first-row')
    _at(f, cid, '2026-06-25', E(S=830000, ei=False, dep=3), 739999,
        'Basis 739,999 = last row [737,000, 740,000) of the 2026 table, 3 dependents: 51,980.',
        'm-tax-kou26-last-row')
    _at(f, cid, '2026-06-25', E(S=830000, ei=False, dep=3), 740000,
        'Basis exactly 740,000: first bracket, tax = its base amount for 3 dependents 52,290 (+ 0 x 20.42%).',
        'm-tax-kou26-740k-exact')
    f.case('m-tax-kou26-dependents-7-zero-tax',
           '7 dependents on a basis where kou_7 is still 0 (2026 row with kou_0 > 0).',
           R(cid, '2026-06-25', E(S=360000, dep=7), base=360000), trace=TAX_TRACE)
    return f


def kou_high_2026():
    cid = 'golden-m-tax-high26'
    f = TopicFile('withholding-kou-high-2026.yaml', cid, [put(si=kyokai('13'), rates=None)],
                  'withholding 2026 kou 740,000+ brackets, floor_yen (Tokyo, directors without EI)')
    emp = lambda dep=0: E(S=1390000, ei=False, dep=dep, care=True)  # noqa
    targets = [
        (765432, 0, 'm-tax-high26-740k-790k', '740,000-790,000 bracket at 20.42%.'),
        (790000, 1, 'm-tax-high26-790k-exact', 'exactly 790,000: base of the 790,000-960,000 bracket (1 dependent).'),
        (876543, 2, 'm-tax-high26-790k-960k', '790,000-960,000 bracket at 23.483%.'),
        (1234567, 3, 'm-tax-high26-960k-1710k', '960,000-1,710,000 bracket at 33.693%.'),
        (1709999, 0, 'm-tax-high26-1709999', '1,709,999 is still in the 960,000-1,710,000 bracket (2026 bound; 2025 was 1,700,000).'),
        (1710000, 0, 'm-tax-high26-1710k-exact', 'exactly 1,710,000: base 374,520 of the 40.84% bracket.'),
        (2000001, 4, 'm-tax-high26-1710k-2130k', '1,710,000-2,130,000 bracket at 40.84% (4 dependents).'),
        (2150003, 5, 'm-tax-high26-2130k-2170k', '2,130,000-2,170,000 bracket (new in 2026) at 40.84%.'),
        (2190007, 6, 'm-tax-high26-2170k-2210k', '2,170,000-2,210,000 bracket at 40.84%.'),
        (2230011, 7, 'm-tax-high26-2210k-2250k', '2,210,000-2,250,000 bracket at 40.84% (7 dependents).'),
        (3000013, 2, 'm-tax-high26-2250k-3500k', '2,250,000-3,500,000 bracket at 40.84%.'),
        (3500000, 0, 'm-tax-high26-3500k-exact', 'exactly 3,500,000: base 1,125,270 of the 45.945% bracket.'),
        (5555555, 1, 'm-tax-high26-above-3500k', 'above 3,500,000 at 45.945%, floor_yen.'),
    ]
    for i, (t, dep, case_id, why) in enumerate(targets):
        base = solve_base(f.puts, lambda b: R(cid, '2026-07-24', emp(dep), base=b), t)
        f.case(case_id, f'Basis {t:,}: {why}', R(cid, '2026-07-24', emp(dep), base=base), trace=TAX_TRACE,
               steps=(i == 0))
    return f


def otsu():
    cid = 'golden-m-tax-otsu'
    f = TopicFile('withholding-otsu.yaml', cid, [put(si=kyokai('27'), rates=None)],
                  'withholding otsu column 2025/2026/2027 (Osaka)')
    e = lambda **k: E(col='otsu', **k)  # noqa
    f.case('m-tax-otsu26-below-first-row',
           'otsu 2026, basis below 105,000: 3.063% of the basis, floor_yen. tax_dependent_count 3 is ignored for otsu.',
           R(cid, '2026-06-25', e(S=0, si=False, dep=3), base=98765), trace=TAX_TRACE, steps=True)
    f.case('m-tax-otsu26-row',
           'otsu 2026 row lookup (secondary employer).',
           R(cid, '2026-06-25', e(S=300000), base=300000), trace=TAX_TRACE)
    f.case('m-tax-otsu26-row-dependents-ignored',
           'Same pay as the previous case with tax_dependent_count 5: otsu ignores dependents, same tax.',
           R(cid, '2026-06-25', e(S=300000, dep=5), base=300000), trace=TAX_TRACE)
    _at(f, cid, '2026-06-25', e(S=830000, ei=False), 740000,
        'otsu 2026 basis exactly 740,000: 259,200.', 'm-tax-otsu26-740k-exact')
    _at(f, cid, '2026-06-25', e(S=1390000, ei=False), 1234567,
        'otsu 2026 740,000-1,710,000: 259,200 + excess x 40.84%, floor_yen.', 'm-tax-otsu26-bracket-1')
    _at(f, cid, '2026-06-25', e(S=1390000, ei=False), 2345678,
        'otsu 2026 1,710,000+: 655,400 + excess x 45.945%, floor_yen.', 'm-tax-otsu26-bracket-2')
    _at(f, cid, '2025-06-25', e(S=0, si=False, ei=False), 87999,
        'otsu 2025 (2020-01 table) below 88,000: 87,999 x 3.063% = 2,695.40... -> 2,695.', 'm-tax-otsu25-below-88k')
    _at(f, cid, '2025-06-25', e(S=1390000, ei=False), 1700001,
        'otsu 2025 1,700,000+: 651,900 + 1 x 45.945% = 651,900.45945 -> 651,900.', 'm-tax-otsu25-1700k')
    _at(f, cid, '2025-06-25', e(S=1390000, ei=False), 1699999,
        'otsu 2025 740,000-1,700,000: 259,800 + 959,999 x 40.84%.', 'm-tax-otsu25-1699999')
    _at(f, cid, '2027-02-25', e(S=0, si=False, ei=False), 110999,
        'otsu 2027 below 111,000: 110,999 x 3.063% = 3,399.89... -> 3,399.', 'm-tax-otsu27-below-111k')
    _at(f, cid, '2027-02-25', e(S=1390000, ei=False), 1720000,
        'otsu 2027 exactly 1,720,000: 659,300.', 'm-tax-otsu27-1720k')
    return f


def table_2025():
    cid = 'golden-m-tax-2025'
    f = TopicFile('withholding-2025-table.yaml', cid, [put(si=kyokai('01'), rates=None)],
                  'withholding 2020-01 table (paid in 2025), kou (Hokkaido)')
    _at(f, cid, '2025-08-25', E(S=104000), 87999, '2025 kou: basis 87,999 below the first row (88,000): 0.',
        'm-tax-2025-below-88k')
    _at(f, cid, '2025-08-25', E(S=104000), 88000, '2025 kou: basis 88,000 = row 1 [88,000, 89,000): 130.',
        'm-tax-2025-first-row')
    f.case('m-tax-2025-row-dependents-1', '2025 kou row with 1 dependent.',
           R(cid, '2025-08-25', E(S=280000, dep=1), base=275000), trace=TAX_TRACE, steps=True)
    f.case('m-tax-2025-row-dependents-4', '2025 kou row with 4 dependents.',
           R(cid, '2025-08-25', E(S=440000, dep=4), base=450000), trace=TAX_TRACE)
    emp = lambda dep=0: E(S=1390000, ei=False, dep=dep)  # noqa
    for t, dep, case_id, why in [
        (760000, 0, 'm-tax-2025-740k-780k', '740,000-780,000 at 20.42% (2026 bound would be 790,000).'),
        (785000, 1, 'm-tax-2025-780k-950k', '780,000-950,000 at 23.483% (in 2026 this basis is still in the first bracket).'),
        (955555, 2, 'm-tax-2025-950k-1700k', '950,000-1,700,000 at 33.693%.'),
        (1705000, 3, 'm-tax-2025-1700k-2170k', '1,700,000-2,170,000 at 40.84% (2025 has no 2,130,000 step).'),
        (2200000, 4, 'm-tax-2025-2170k-2210k', '2,170,000-2,210,000 at 40.84%.'),
        (2240000, 5, 'm-tax-2025-2210k-2250k', '2,210,000-2,250,000 at 40.84%.'),
        (2999999, 6, 'm-tax-2025-2250k-3500k', '2,250,000-3,500,000 at 40.84%.'),
        (4000001, 7, 'm-tax-2025-above-3500k', 'above 3,500,000 at 45.945% (7 dependents).'),
    ]:
        _at(f, cid, '2025-11-25', emp(dep), t, f'2025 kou basis {t:,}: {why}', case_id)
    return f


def table_2027():
    cid = 'golden-m-tax-2027'
    f = TopicFile('withholding-2027-table.yaml', cid, [put(si=kyokai('41'), rates=None)],
                  'withholding 2027-01 table (paid 2027), kou (Saga)')
    _at(f, cid, '2027-03-25', E(S=118000), 110999, '2027 kou: basis 110,999 below the first row (111,000): 0.',
        'm-tax-2027-below-111k')
    _at(f, cid, '2027-03-25', E(S=118000), 111000, '2027 kou: basis 111,000 = row 1 [111,000, 113,000): 140.',
        'm-tax-2027-first-row')
    f.case('m-tax-2027-row-dependents-2', '2027 kou row with 2 dependents.',
           R(cid, '2027-03-25', E(S=380000, dep=2), base=385000), trace=TAX_TRACE, steps=True)
    f.case('m-tax-2027-row-dependents-0', '2027 kou row, no dependents.',
           R(cid, '2027-03-25', E(S=240000), base=236000), trace=TAX_TRACE)
    emp = lambda dep=0: E(S=1390000, ei=False, dep=dep)  # noqa
    for t, dep, case_id, why in [
        (740000, 0, 'm-tax-2027-740k-exact', 'exactly 740,000: base 71,000.'),
        (1715000, 1, 'm-tax-2027-960k-1720k', '960,000-1,720,000 at 33.693% (in 2026 1,715,000 was in the 40.84% bracket).'),
        (1720000, 2, 'm-tax-2027-1720k-exact', 'exactly 1,720,000: base 364,270 (2 dependents).'),
        (2140000, 3, 'm-tax-2027-2130k-2170k', '2,130,000-2,170,000 at 40.84%.'),
        (3600000, 0, 'm-tax-2027-above-3500k', 'above 3,500,000 at 45.945%.'),
    ]:
        _at(f, cid, '2027-03-25', emp(dep), t, f'2027 kou basis {t:,}: {why}', case_id)
    return f


def computer_special():
    cid = 'golden-m-tax-computer'
    f = TopicFile('withholding-computer-special.yaml', cid,
                  [put(si=kyokai('13'), rates=None, income_tax_withholding_method='computer_special')],
                  'withholding by the computer special method (kou) and otsu under it (Tokyo)')
    c = lambda *a, **k: f.case(*a, trace=TAX_TRACE, **k)  # noqa
    c('m-tax-comp26-dep0',
      'computer_special 2026, kou, 0 dependents: salary deduction 20% + 36,667 (ceil), basic 48,334, tax from '
      'the rate table rounded half up to 10 yen. No income_tax step; three computer steps instead.',
      R(cid, '2026-06-25', E(S=410000), base=420000), steps=True)
    c('m-tax-comp26-dep2',
      'computer_special 2026, 2 dependents (2 x 31,667).',
      R(cid, '2026-06-25', E(S=300000, dep=2), base=305000))
    c('m-tax-comp26-ceil-salary-deduction',
      'computer_special 2026 in the 30% tier, where 30% of the basis has a fraction so the salary deduction is '
      'rounded up.',
      R(cid, '2026-06-25', E(S=220000), base=213457))
    c('m-tax-comp26-fixed-minimum-deduction',
      'computer_special 2026 with a basis up to 158,333: fixed salary deduction 54,167.',
      R(cid, '2026-06-25', E(S=180000), base=178000))
    c('m-tax-comp26-clamped-zero',
      'computer_special 2026 with 7 dependents: taxable income negative, clamped to 0 -> tax 0.',
      R(cid, '2026-06-25', E(S=300000, dep=7), base=300000))
    c('m-tax-comp26-high',
      'computer_special 2026, basis above 708,331: fixed salary deduction 162,500; 33.693% tier.',
      R(cid, '2026-06-25', E(S=1390000, ei=False, dep=1), base=1500000))
    _at(f, cid, '2026-06-25', E(S=1390000, ei=False), 2150000,
        'computer_special 2026, basis 2,150,000: basic deduction phase-out tier 40,000.', 'm-tax-comp26-basic-phaseout')
    _at(f, cid, '2026-06-25', E(S=180000), 158333,
        'computer_special 2026 at the top of the fixed tier: basis 158,333 -> salary deduction 54,167.',
        'm-tax-comp26-158333-fixed')
    _at(f, cid, '2026-06-25', E(S=180000), 158334,
        'computer_special 2026 one yen above: 158,334 x 30% + 6,667 = 54,167.2 -> ceil 54,168.',
        'm-tax-comp26-158334-ceil')
    c('m-tax-comp26-otsu-uses-table',
      'otsu under a computer_special company: the monthly table is still used (income_tax step, no computer steps).',
      R(cid, '2026-06-25', E(S=300000, col='otsu'), base=300000), steps=True)
    _at(f, cid, '2025-09-25', E(S=150000), 140003,
        'computer_special 2025 (paid in 2025): basis 140,003 in the 2025-only tier 135,417-149,999: 40% - 8,333 '
        '(56,001.2 - 8,333 = 47,668.2, ceil 47,669); '
        'basic deduction 40,000.', 'm-tax-comp25-40pct-tier')
    c('m-tax-comp25-dep1',
      'computer_special 2025, 1 dependent.',
      R(cid, '2025-09-25', E(S=360000, dep=1), base=365000))
    c('m-tax-comp27-dep0',
      'computer_special 2027 (paid 2027): fixed minimum 57,500 up to 169,443, basic deduction 51,667.',
      R(cid, '2027-01-25', E(S=190000), base=195000))
    c('m-tax-comp27-dep1',
      'computer_special 2027 in the 20% tier with 1 dependent.',
      R(cid, '2027-01-25', E(S=410000, dep=1), base=415000))
    return f


def tax_year_boundary():
    cid = 'golden-m-tax-years'
    f = TopicFile('tax-year-boundary.yaml', cid, [put(si=kyokai('47'), rates=None)],
                  'income tax table boundaries 2025-12-31 / 2026-01-01 / 2026-12-31 / 2027-01-01 (Okinawa)')
    kw = dict(emp=E(S=300000, dep=1), base=310000)
    f.case('m-years-2025-12-31', 'Paid 2025-12-31: tax table 2020-01.',
           R(cid, '2025-12-31', **kw), trace=TAX_TRACE, steps=True)
    f.case('m-years-2026-01-01', 'Paid 2026-01-01: tax table 2026-01; premium month December 2025 (FY2025 rates).',
           R(cid, '2026-01-01', **kw), trace=TAX_TRACE)
    f.case('m-years-2026-12-31', 'Paid 2026-12-31: tax table 2026-01 still.',
           R(cid, '2026-12-31', **kw), trace=TAX_TRACE)
    f.case('m-years-2027-01-01', 'Paid 2027-01-01: tax table 2027-01.',
           R(cid, '2027-01-01', **kw), trace=TAX_TRACE)
    kw2 = dict(emp=E(S=1390000, ei=False), base=910083)
    f.case('m-years-bracket-2025-12-31', 'High pay 2025-12-31, basis 785,000: 2025 bracket 780,000-950,000 at 23.483%.',
           R(cid, '2025-12-31', **kw2), trace=TAX_TRACE)
    f.case('m-years-bracket-2026-01-01', 'Same pay 2026-01-01 (same FY2025 premiums, basis 785,000): 2026 bracket '
           '740,000-790,000 at 20.42%.',
           R(cid, '2026-01-01', **kw2), trace=TAX_TRACE)
    f.case('m-years-bracket-2027-01-01', 'Same pay 2027-01-01 (support now deducted, basis 783,402): 2027 bracket '
           '740,000-790,000 with base 71,000.',
           R(cid, '2027-01-01', **kw2), trace=TAX_TRACE)
    return f


def all_files():
    return [kou_2026(), kou_high_2026(), otsu(), table_2025(), table_2027(), computer_special(), tax_year_boundary()]
