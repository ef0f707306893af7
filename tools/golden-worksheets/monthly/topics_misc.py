"""Allowances and flags, previous adjustments, resident tax, custom deductions, negative net, errors."""
from lib import *  # noqa

AGG_TRACE = {'health_insurance', 'childcare_support_contribution', 'care_insurance', 'employees_pension_insurance',
             'employment_insurance', 'income_tax_basis_amount', 'income_tax'}


def allowances():
    cid = 'golden-m-allow'
    f = TopicFile('allowances-adjustments-deductions.yaml', cid, [put(si=kyokai('13'), rates=None)],
                  'allowance flags, previous adjustments, resident tax, custom deductions (Tokyo)')
    c = lambda *a, **k: f.case(*a, trace=AGG_TRACE, **k)  # noqa
    c('m-allow-commute-not-taxable',
      'Commuting allowance 21,300: taxable false but included in SI and EI: gross and both insurance bases '
      'include it, taxable_payment does not.',
      R(cid, '2026-05-25', E(S=320000), base=300000, allow=[COMMUTE(21300)]),
      extra_trace={'gross_payment', 'taxable_payment', 'social_insurance_subject_amount',
                   'employment_insurance_subject_amount'}, steps=True)
    c('m-allow-mixed-flags',
      'Four allowances with different flags: housing (all three), commuting (SI+EI only), a congratulatory '
      'gift (non-taxable, excluded from SI and EI), a taxable award excluded from SI and EI. fixed and metadata '
      'are caller records only.',
      R(cid, '2026-05-25', E(S=340000, dep=1), base=300000, allow=[
          A('housing', '住宅手当', 20000, fixed=True, meta={'source': 'hr', 'seq': 1}),
          COMMUTE(15600),
          A('gift', '慶弔見舞金', 10000, tax=False, si=False, ei=False),
          A('award', '報奨金', 5000, tax=True, si=False, ei=False, meta={'note': None}),
      ]), extra_trace={'gross_payment', 'taxable_payment', 'social_insurance_subject_amount',
                       'employment_insurance_subject_amount'})
    c('m-allow-previous-adjustments-signed',
      'Signed previous_adjustments: +8,000 overtime correction (all three bases), -3,000 over-paid commuting '
      '(SI+EI, not taxable), -1,500 taxable-only correction. Each enters gross and the bases of its flags.',
      R(cid, '2026-06-25', E(S=300000), base=290000, allow=[COMMUTE(10000)], prev=[
          P('ot-fix', '前月残業差額', 8000),
          P('commute-fix', '通勤手当精算', -3000, tax=False),
          P('tax-fix', '課税調整', -1500, si=False, ei=False, meta={'month': '2026-05'}),
      ]), extra_trace={'gross_payment', 'taxable_payment', 'social_insurance_subject_amount',
                       'employment_insurance_subject_amount'})
    c('m-allow-resident-tax-and-custom',
      'Resident tax 18,700 (passed through into the statutory total) and custom deductions echoed as '
      '{code, name, amount, metadata} in request order, metadata null when absent.',
      R(cid, '2026-06-25', E(S=300000, dep=1), base=300000, resident=18700, cust=[
          C('union', '組合費', 2500),
          C('loan', '社内貸付返済', 10000, meta={'loan_id': 'L-7', 'remaining': 90000, 'final': False}),
          C('zero', '積立金', 0),
      ]), extra_trace={'resident_tax', 'statutory_deductions_total', 'custom_deductions', 'total_deductions',
                       'net_payment'})
    c('m-allow-overtime-base-flag-without-attendance',
      'overtime_base_included has no effect without attendance_input (monthly pay, no standard working hours '
      'needed): the allowance is an ordinary taxable allowance.',
      R(cid, '2026-06-25', E(S=320000), base=290000, allow=[A('position', '役職手当', 25000, obi=True)]))
    c('m-allow-negative-adjustment-reduces-tax-basis-to-zero',
      'A large negative previous adjustment (taxable only) drives taxable_payment below the premiums: '
      'income_tax_basis_amount is clamped at 0 and the tax is 0.',
      R(cid, '2026-06-25', E(S=300000), base=300000,
        prev=[P('refund', '前月過払い戻し', -270000, si=False, ei=False)]),
      extra_trace={'taxable_payment'})
    return f


def net_and_zero():
    cid = 'golden-m-net'
    f = TopicFile('net-negative-and-zero.yaml', cid, [put(si=kyokai('27'), rates=None)],
                  'negative net payment and zero amounts (Osaka)')
    c = lambda *a, **k: f.case(*a, trace=AGG_TRACE | {'net_payment', 'total_deductions'}, **k)  # noqa
    c('m-net-unpaid-leave-negative',
      'Unpaid leave month: base pay 0 but the premiums on the standard monthly remuneration are still due; '
      'net payment negative with warning NET_PAYMENT_NEGATIVE.',
      R(cid, '2026-06-25', E(S=280000, care=True), base=0), steps=True)
    c('m-net-negative-and-clamped',
      'Unpaid leave month for an employee with S = 680,000: pension basis clamped to 650,000 and a negative net: '
      'both warnings EMPLOYEES_PENSION_BASIS_CLAMPED and NET_PAYMENT_NEGATIVE (order not significant).',
      R(cid, '2026-06-25', E(S=680000), base=0))
    c('m-net-custom-deduction-negative',
      'A custom deduction larger than the remaining pay: net payment negative (warning).',
      R(cid, '2026-06-25', E(S=200000), base=200000, resident=9000,
        cust=[C('loan', '社内貸付一括返済', 200000, meta={'loan_id': 'L-9'})]))
    c('m-net-exactly-zero',
      'Deductions equal the pay exactly: net 0, no warning (only negative nets warn).',
      R(cid, '2026-06-25', E(S=0, si=False, ei=False), base=50000, cust=[C('adv', '前払金精算', 50000)]))
    c('m-net-all-zero',
      'Zero amounts everywhere: monthly base 0, not subject to SI/EI, no allowances: every amount 0, net 0.',
      R(cid, '2026-06-25', E(S=0, si=False, ei=False), base=0))
    return f


def errors():
    files = []
    cid = 'golden-m-err-norates'
    f = TopicFile('errors-profile.yaml', cid, [put('2025-01-01', si=kyokai('13'), rates=None)],
                  'error cases from the profile and settings resolution (Tokyo, no attendance rates)')
    f.case('m-err-attendance-rates-not-configured',
           'attendance_input given but the resolved profile has no attendance_premium_rates: 422 '
           'attendance_rates_not_configured.',
           R(cid, '2026-05-25', E(S=300000, msw='160'), base=300000, att={'overtime_minutes': 60}),
           error='attendance_rates_not_configured')
    f.case('m-err-settings-before-first-premium-month',
           'Paid 2025-03-25 under next_month collection = premium month February 2025, before the first '
           'kyokai table (2025-03 premium month): 422 settings_not_resolved.',
           R(cid, '2025-03-25', E(S=300000), base=300000), error='settings_not_resolved')
    f.case('m-err-settings-before-profile',
           'Paid 2024-12-25, before the company profile\'s first effective_from (2025-01-01): 422 '
           'settings_not_resolved.',
           R(cid, '2024-12-25', E(S=300000), base=300000), error='settings_not_resolved')
    f.case('m-err-attendance-input-conflict',
           'attendance_input together with a nonzero precomputed overtime_pay: 422 attendance_input_conflict '
           '(checked before the company and the rates).',
           R(cid, '2026-05-25', E(S=300000, msw='160'), base=300000, ot=5000, att={'overtime_minutes': 60}),
           error='attendance_input_conflict')
    files.append(f)
    cid = 'golden-m-err-si-null'
    g = TopicFile('errors-social-insurance-null.yaml', cid, [put('2025-01-01', si=None)],
                  'company without social insurance configured')
    g.case('m-err-si-null-settings-not-resolved',
           'Profile with social_insurance null: monthly payroll gives 422 settings_not_resolved even for an '
           'employee not subject to social insurance.',
           R(cid, '2026-05-25', E(S=0, si=False), base=200000), error='settings_not_resolved')
    g.case('m-err-si-null-subject',
           'Profile with social_insurance null, SI-subject employee: 422 settings_not_resolved.',
           R(cid, '2026-05-25', E(S=300000), base=300000), error='settings_not_resolved')
    files.append(g)
    cid = 'golden-m-err-att'
    h = TopicFile('errors-attendance.yaml', cid, [put('2025-01-01', si=kyokai('27'))],
                  'attendance error cases (Osaka, rates configured)')
    h.case('m-err-negative-gross-absence',
           'Absence deduction exceeds the pay: 100,000 / 160 h x 44,640 min / 60 = 465,000 > 100,000: gross '
           'negative -> 422 negative_gross_payment (the request-level candidate check passes because the '
           'precomputed deductions are 0).',
           R(cid, '2026-05-25', E(S=98000, msw='160'), base=100000, att={'absence_minutes': 44640}),
           error='negative_gross_payment')
    h.case('m-err-negative-gross-late-early-daily',
           'Daily pay: 1 day x 8,000 = 8,000 but late/early-leave 600 min x 1,000/h = 10,000: negative gross.',
           R(cid, '2026-05-25', E(S=0, si=False, dsw='8'), pay='daily', daily=8000,
             att={'attendance_days': 1, 'late_early_leave_minutes': 600}),
           error='negative_gross_payment')
    h.case('m-err-conflict-absence-deduction',
           'attendance_input with a nonzero precomputed absence_deduction: 422 attendance_input_conflict.',
           R(cid, '2026-05-25', E(S=300000, msw='160'), base=300000, ab=1000, att={'absence_minutes': 60}),
           error='attendance_input_conflict')
    h.case('m-err-conflict-late-early-deduction',
           'attendance_input with a nonzero precomputed late_early_leave_deduction: 422 attendance_input_conflict.',
           R(cid, '2026-05-25', E(S=300000, msw='160'), base=300000, le=500, att={'late_early_leave_minutes': 5}),
           error='attendance_input_conflict')
    r = h.case('m-err-zero-precomputed-ok',
               'attendance_input with precomputed amounts explicitly 0 is not a conflict: the calculation runs.',
               R(cid, '2026-05-25', E(S=300000, msw='160'), base=300000, ot=0, ab=0, le=0,
                 att={'overtime_minutes': 60}))
    files.append(h)
    return files


def all_files():
    return [allowances(), net_and_zero()] + errors()
