"""Pay types, overtime rounding methods, attendance deductions."""
from lib import *  # noqa


def pay_monthly():
    cid = 'golden-m-pay-monthly'
    f = TopicFile('pay-type-monthly.yaml', cid, [put(si=kyokai('13'))],
                  'monthly pay, with and without attendance_input (Tokyo kyokai, general)')
    f.case('m-pay-monthly-no-attendance-300k',
           'Monthly pay without attendance_input, May 2026 pay (premium month April 2026: support contribution in force). '
           'No attendance steps, no pay_type_base_pay step.',
           R(cid, '2026-05-25', E(S=300000), base=300000), steps=True)
    f.case('m-pay-monthly-default-pay-type',
           'pay_type omitted defaults to monthly; care subject; precomputed attendance amounts (no attendance_input) '
           'enter gross and all three bases: gross = 280,000 + 35,000 - 12,000 - 3,500.',
           R(cid, '2026-06-25', E(S=300000, care=True), base=280000, ot=35000, ab=12000, le=3500,
             explicit_pay_type=False), steps=True)
    f.case('m-pay-monthly-attendance-all-categories',
           'Monthly pay with attendance_input: overtime-base position allowance 20,000 enters the hourly base '
           '(280,000 + 20,000) / 160 h = 1,875; the four categories are summed then ceil_yen once; the commuting '
           'allowance (not overtime-base, not taxable) stays out of the hourly base.',
           R(cid, '2026-05-25', E(S=320000, msw='160'), base=280000,
             att={'overtime_minutes': 1200, 'late_night_minutes': 300, 'legal_holiday_minutes': 480,
                  'non_legal_holiday_minutes': 240},
             allow=[A('position', '役職手当', 20000, obi=True), COMMUTE(12000)]), steps=True)
    f.case('m-pay-monthly-attendance-zero-minutes',
           'attendance_input with every minute field 0: the attendance steps still run and report 0; '
           'monthly_standard_working_hours 165.5.',
           R(cid, '2026-07-24', E(S=240000, msw='165.5'), base=230000, att={'overtime_minutes': 0}), steps=True)
    f.case('m-pay-monthly-attendance-non-terminating-base',
           'Hourly base 263,345 / 163.7 h does not terminate; overtime raw is computed from the exact fraction.',
           R(cid, '2026-08-25', E(S=280000, msw='163.7', dep=1), base=251000,
             att={'overtime_minutes': 1385, 'late_night_minutes': 95},
             allow=[A('skill', '技能手当', 12345, obi=True)]))
    f.case('m-pay-monthly-attendance-2025',
           'Monthly pay with attendance in 2025 (FY2025 Tokyo 9.91%, 2020-01 tax table, EI FY2025 5.5/1000).',
           R(cid, '2025-10-24', E(S=360000, msw='168', dep=2), base=336000,
             att={'overtime_minutes': 1500, 'non_legal_holiday_minutes': 480, 'late_early_leave_minutes': 30}))
    return f


def pay_hourly():
    cid = 'golden-m-pay-hourly'
    f = TopicFile('pay-type-hourly.yaml', cid, [put(si=kyokai('27'))], 'hourly pay (Osaka kyokai, general)')
    f.case('m-pay-hourly-ceil-base-pay',
           'Hourly pay: base pay = ceil_yen(1,234 x 7,777 / 60); hourly base = the hourly rate; overtime and '
           'late-night premiums on 1,234.',
           R(cid, '2026-05-25', E(S=160000), pay='hourly', hourly=1234,
             att={'base_work_minutes': 7777, 'overtime_minutes': 600, 'late_night_minutes': 240}), steps=True)
    f.case('m-pay-hourly-overtime-base-allowance',
           'Hourly pay with an overtime-base allowance: hourly base = 1,150 + 16,000 / 160 h = 1,250 '
           '(monthly_standard_working_hours required because of the allowance).',
           R(cid, '2026-06-25', E(S=200000, msw='160'), pay='hourly', hourly=1150,
             att={'base_work_minutes': 9600, 'overtime_minutes': 900, 'legal_holiday_minutes': 480},
             allow=[A('skill', '技能手当', 16000, obi=True)]), steps=True)
    f.case('m-pay-hourly-late-night-part-timer',
           'Part-timer not subject to social insurance (standard remuneration 0), EI subject; late-night additional '
           '0.25 only: 1,333 x 0.25 x 1,000 / 60 = 5,554.1666... -> 5,555.',
           R(cid, '2026-05-25', E(S=0, si=False, dep=1), pay='hourly', hourly=1333,
             att={'base_work_minutes': 4321, 'late_night_minutes': 1000}))
    f.case('m-pay-hourly-zero-minutes',
           'Zero amounts: hourly pay with 0 base work minutes (base pay 0), only a non-taxable commuting allowance; '
           'not subject to SI or EI; every deduction 0.',
           R(cid, '2026-05-25', E(S=0, si=False, ei=False), pay='hourly', hourly=1100,
             att={'base_work_minutes': 0}, allow=[COMMUTE(5000)]))
    f.case('m-pay-hourly-2025-table',
           'Hourly pay paid in 2025: ceil base pay 1,087 x 10,001 / 60 = 181,184.78... -> 181,185; FY2025 Osaka 10.24%.',
           R(cid, '2025-07-25', E(S=180000), pay='hourly', hourly=1087,
             att={'base_work_minutes': 10001, 'overtime_minutes': 333}))
    return f


def pay_daily():
    cid = 'golden-m-pay-daily'
    f = TopicFile('pay-type-daily.yaml', cid, [put(si=kyokai('01'), bt='construction')],
                  'daily pay (Hokkaido kyokai, construction)')
    f.case('m-pay-daily-basic',
           'Daily pay: base = 12,000 x 21 days (no rounding); hourly base 12,000 / 8 h = 1,500; late/early-leave '
           'deduction (allowed for daily pay) floor_yen.',
           R(cid, '2026-05-25', E(S=260000, dsw='8'), pay='daily', daily=12000,
             att={'attendance_days': 21, 'overtime_minutes': 600, 'late_early_leave_minutes': 45}), steps=True)
    f.case('m-pay-daily-7-5-hours',
           'daily_standard_working_hours 7.5: hourly base 11,111 / 7.5 = 1,481.4666... is not rounded; overtime '
           'ceil_yen, late/early floor_yen.',
           R(cid, '2026-06-25', E(S=220000, dsw='7.5', dep=1), pay='daily', daily=11111,
             att={'attendance_days': 20, 'overtime_minutes': 725, 'late_early_leave_minutes': 37}))
    f.case('m-pay-daily-overtime-base-allowance',
           'Daily pay with an overtime-base allowance: hourly base = 10,000 / 8 + 17,000 / 170 = 1,350.',
           R(cid, '2026-07-24', E(S=260000, dsw='8', msw='170', care=True), pay='daily', daily=10000,
             att={'attendance_days': 22, 'overtime_minutes': 1000, 'late_night_minutes': 300,
                  'non_legal_holiday_minutes': 480},
             allow=[A('site', '現場手当', 17000, obi=True), COMMUTE(9800)]), steps=True)
    f.case('m-pay-daily-2025-construction',
           'Daily pay in 2025: FY2025 Hokkaido 10.31%, construction EI FY2025 6.5/1000.',
           R(cid, '2025-11-25', E(S=240000, dsw='8', dep=0), pay='daily', daily=11500,
             att={'attendance_days': 20, 'legal_holiday_minutes': 480, 'late_night_minutes': 120}))
    return f


def _method_file(fname, cid, pref, method, total, header, cases):
    f = TopicFile(fname, cid, [put(si=kyokai(pref), overtime_premium_rounding_method=method,
                                    overtime_premium_monthly_total_rounding=total)], header)
    for i, (cidx, why, kw) in enumerate(cases):
        f.case(cidx, why, R(cid, kw.pop('pd'), kw.pop('emp'), **kw), steps=(i == 0))
    return f


def ot_methods():
    files = []
    files.append(_method_file(
        'overtime-rounding-none.yaml', 'golden-m-ot-none', '13', 'none', 'none',
        'overtime premium rounding method none (Tokyo)', [
            ('m-ot-none-fraction-below-half',
             'Method none: premium = ceil_yen(exact hourly base x weighted minutes / 60); hourly base 1,608.70... '
             'is never rounded.',
             dict(pd='2026-05-25', emp=E(S=280000, msw='163.7'), base=251000,
                  allow=[A('skill', '技能手当', 12345, obi=True)],
                  att={'overtime_minutes': 1000, 'late_night_minutes': 200})),
            ('m-ot-none-all-categories',
             'Method none with all four categories; hourly base 330,000 / 170 = 1,941.176...',
             dict(pd='2026-05-25', emp=E(S=340000, msw='170'), base=330000,
                  att={'overtime_minutes': 1234, 'late_night_minutes': 321, 'legal_holiday_minutes': 456,
                       'non_legal_holiday_minutes': 78})),
            ('m-ot-none-exact-yen',
             'Method none where the premium is an exact yen amount: (240,000 / 160) x 1.25 x 600 / 60 = 18,750.',
             dict(pd='2026-05-25', emp=E(S=240000, msw='160'), base=240000, att={'overtime_minutes': 600})),
        ]))
    files.append(_method_file(
        'overtime-rounding-hourly-half-up.yaml', 'golden-m-ot-hhu', '27', 'hourly_rate_half_up', 'none',
        'overtime premium rounding method hourly_rate_half_up (Osaka)', [
            ('m-ot-hhu-rounds-up',
             'hourly_rate_half_up: hourly base 1,608.70... -> 1,609 for the premium only; the late/early deduction '
             'uses the unrounded base.',
             dict(pd='2026-05-25', emp=E(S=280000, msw='163.7'), base=251000,
                  allow=[A('skill', '技能手当', 12345, obi=True)],
                  att={'overtime_minutes': 1000, 'late_night_minutes': 200, 'late_early_leave_minutes': 50})),
            ('m-ot-hhu-rounds-down',
             'hourly_rate_half_up: 330,000 / 170 = 1,941.18 -> 1,941.',
             dict(pd='2026-05-25', emp=E(S=340000, msw='170'), base=330000,
                  att={'overtime_minutes': 1234, 'late_night_minutes': 321, 'legal_holiday_minutes': 456,
                       'non_legal_holiday_minutes': 78})),
            ('m-ot-hhu-exact-half',
             'hourly_rate_half_up at exactly .5: 250,000 / 160 = 1,562.5 -> 1,563 (half up); absence deduction '
             'still on 1,562.5.',
             dict(pd='2026-06-25', emp=E(S=260000, msw='160'), base=250000,
                  att={'overtime_minutes': 777, 'absence_minutes': 480})),
        ]))
    files.append(_method_file(
        'overtime-rounding-unit-price-half-up.yaml', 'golden-m-ot-uphu', '41', 'unit_price_half_up', 'none',
        'overtime premium rounding method unit_price_half_up (Saga)', [
            ('m-ot-uphu-four-categories',
             'unit_price_half_up: hourly base rounded half up (1,941.18 -> 1,941), each category unit price rounded '
             'half up on its own, premium = ceil_yen(sum of unit price x minutes / 60).',
             dict(pd='2026-05-25', emp=E(S=340000, msw='170'), base=330000,
                  att={'overtime_minutes': 1234, 'late_night_minutes': 321, 'legal_holiday_minutes': 456,
                       'non_legal_holiday_minutes': 78})),
            ('m-ot-uphu-unit-price-half',
             'unit_price_half_up where the hourly base is exactly .5: 1,562.5 -> 1,563 (half up); 1,563 x 1.25 = 1,953.75 '
             '-> 1,954; 1,563 x 0.25 = 390.75 -> 391; deductions on the unrounded 1,562.5.',
             dict(pd='2026-05-25', emp=E(S=260000, msw='160'), base=250000,
                  att={'overtime_minutes': 1001, 'late_night_minutes': 77, 'late_early_leave_minutes': 13})),
            ('m-ot-uphu-hourly-pay',
             'unit_price_half_up for hourly pay: hourly base 1,111 + 5,000 / 160 = 1,142.25 -> 1,142.',
             dict(pd='2026-05-25', emp=E(S=190000, msw='160'), pay='hourly', hourly=1111,
                  allow=[A('skill', '資格手当', 5000, obi=True)],
                  att={'base_work_minutes': 9000, 'overtime_minutes': 437, 'legal_holiday_minutes': 95})),
        ]))
    files.append(_method_file(
        'overtime-rounding-hourly-ceil.yaml', 'golden-m-ot-hceil', '15', 'hourly_rate_ceil', 'none',
        'overtime premium rounding method hourly_rate_ceil (Niigata)', [
            ('m-ot-hceil-small-fraction',
             'hourly_rate_ceil: 330,000 / 170 = 1,941.18 -> 1,942 (up although below .5).',
             dict(pd='2026-05-25', emp=E(S=340000, msw='170'), base=330000,
                  att={'overtime_minutes': 1234, 'late_night_minutes': 321, 'legal_holiday_minutes': 456,
                       'non_legal_holiday_minutes': 78})),
            ('m-ot-hceil-integer-base',
             'hourly_rate_ceil with an integer hourly base (240,000 / 160 = 1,500): nothing to round.',
             dict(pd='2026-05-25', emp=E(S=240000, msw='160'), base=240000,
                  att={'overtime_minutes': 601, 'late_early_leave_minutes': 7})),
            ('m-ot-hceil-daily',
             'hourly_rate_ceil for daily pay: 11,111 / 7.5 = 1,481.47 -> 1,482 for the premium; the late/early '
             'deduction uses 1,481.4666...',
             dict(pd='2026-05-25', emp=E(S=220000, dsw='7.5'), pay='daily', daily=11111,
                  att={'attendance_days': 20, 'overtime_minutes': 725, 'late_early_leave_minutes': 37})),
        ]))
    files.append(_method_file(
        'overtime-monthly-total-100yen.yaml', 'golden-m-ot-100', '47', 'none', 'half_up_100_yen',
        'overtime monthly total rounding half_up_100_yen (Okinawa, method none)', [
            ('m-ot-100-rounds-down',
             'half_up_100_yen after ceil_yen: 1,941.176... x (1.25 x 600 + 0.25 x 30) / 60 = 24,502.94... -> ceil '
             '24,503 -> 100-yen half up 24,500 (remainder 3 rounds down). The attendance_overtime_pay step reports '
             'the ceil amount, the monthly-total step the 100-yen amount.',
             dict(pd='2026-05-25', emp=E(S=340000, msw='170'), base=330000,
                  att={'overtime_minutes': 600, 'late_night_minutes': 30})),
            ('m-ot-100-exact-50',
             'half_up_100_yen at exactly 50 yen: 18,750 -> 18,800.',
             dict(pd='2026-05-25', emp=E(S=240000, msw='160'), base=240000, att={'overtime_minutes': 600})),
            ('m-ot-100-remainder-88-up',
             'half_up_100_yen with a remainder of 88 yen: 1,500 x 1.25 x 598 / 60 = 18,687.5 -> ceil 18,688 -> 18,700.',
             dict(pd='2026-06-25', emp=E(S=240000, msw='160'), base=240000, att={'overtime_minutes': 598})),
            ('m-ot-100-zero-overtime',
             'half_up_100_yen with no overtime: 0 stays 0; the rounding step still appears.',
             dict(pd='2026-06-25', emp=E(S=240000, msw='160'), base=240000, att={'absence_minutes': 60})),
        ]))
    files.append(_method_file(
        'overtime-unit-price-and-100yen.yaml', 'golden-m-ot-up100', '01', 'unit_price_half_up', 'half_up_100_yen',
        'unit_price_half_up combined with half_up_100_yen (Hokkaido)', [
            ('m-ot-up100-both-steps',
             'unit_price_half_up then half_up_100_yen: both extra steps appear in trace order.',
             dict(pd='2026-05-25', emp=E(S=340000, msw='170'), base=330000,
                  att={'overtime_minutes': 1234, 'late_night_minutes': 321, 'legal_holiday_minutes': 456,
                       'non_legal_holiday_minutes': 78})),
            ('m-ot-up100-deductions-unrounded',
             'unit_price_half_up + 100 yen: the absence deduction uses the unrounded hourly base 1,608.70...',
             dict(pd='2026-05-25', emp=E(S=280000, msw='163.7'), base=251000,
                  allow=[A('skill', '技能手当', 12345, obi=True)],
                  att={'overtime_minutes': 1000, 'absence_minutes': 470})),
        ]))
    return files


def attendance_deductions():
    cid = 'golden-m-att-ded'
    f = TopicFile('attendance-deductions.yaml', cid, [put(si=kyokai('13'))],
                  'late/early-leave and absence deductions (Tokyo)')
    f.case('m-att-decisions-173-8-absence',
           'decisions.md 3b example: hourly base 250,000 / 173.8 h (non-terminating). Absence of 2,607 min: '
           '250,000 x 2,607 / (173.8 x 60) = 651,750,000 / 10,428 = 62,500 exactly, so floor_yen gives 62,500; a '
           'hourly base truncated to 10 decimals (1,438.4349827387) would give 62,499.99... -> 62,499. Overtime of '
           '2,607 min at 1.25 = 78,125 exactly.',
           R(cid, '2026-05-25', E(S=260000, msw='173.8'), base=250000,
             att={'overtime_minutes': 2607, 'absence_minutes': 2607}), steps=True)
    f.case('m-att-decisions-173-8-late-early',
           'Same hourly base 250,000 / 173.8; late/early-leave 2,607 min = 62,500 exactly (floor keeps 62,500).',
           R(cid, '2026-05-25', E(S=260000, msw='173.8'), base=250000,
             att={'late_early_leave_minutes': 2607}))
    f.case('m-att-deductions-fractional',
           'Both deductions with fractions: hourly base 300,000 / 162.4; floor_yen on each.',
           R(cid, '2026-06-25', E(S=300000, msw='162.4', dep=1), base=300000,
             att={'late_early_leave_minutes': 95, 'absence_minutes': 480, 'overtime_minutes': 240}))
    f.case('m-att-deductions-with-obi-allowance',
           'Deductions use the hourly base including overtime-base allowances: (270,000 + 15,000 + 8,000) / 166 h; '
           'the family allowance (not overtime-base) is excluded.',
           R(cid, '2026-06-25', E(S=300000, msw='166', dep=2), base=270000,
             allow=[A('position', '役職手当', 15000, obi=True), A('skill', '資格手当', 8000, obi=True),
                    A('family', '家族手当', 10000, obi=False)],
             att={'late_early_leave_minutes': 125, 'absence_minutes': 960}))
    f.case('m-att-deductions-full-day-absences',
           'Three full days absent (3 x 8 h = 1,440 min) on 176 h: 264,000 / 176 = 1,500; 1,500 x 1,440 / 60 = 36,000.',
           R(cid, '2025-09-25', E(S=260000, msw='176'), base=264000, att={'absence_minutes': 1440}))
    g = TopicFile('attendance-decisions-example.yaml', 'golden-m-att-rate1',
                  [put(si=kyokai('13'), rates={'overtime': '1.0', 'late_night_additional': '0.25',
                                                'legal_holiday': '1.35', 'non_legal_holiday': '1.25'})],
                  'decisions.md example with an overtime rate of 1.0 (Tokyo)')
    g.case('m-att-rate1-overtime-2607',
           'decisions.md 3b: 250,000 / 173.8 h x 2,607 min / 60 at rate 1.0 is exactly 62,500 '
           '(651,750,000 / 10,428). ceil_yen keeps 62,500; a hourly base rounded up to 10 decimals '
           '(1,438.4349827388) would give 62,500.00000000086 -> 62,501.',
           R('golden-m-att-rate1', '2026-05-25', E(S=320000, msw='173.8'), base=250000,
             att={'overtime_minutes': 2607}), steps=True)
    g.case('m-att-rate1-overtime-and-absence-2607',
           'Rate 1.0: overtime 2,607 min = 62,500 (ceil) and absence 2,607 min = 62,500 (floor) cancel exactly.',
           R('golden-m-att-rate1', '2026-05-25', E(S=260000, msw='173.8'), base=250000,
             att={'overtime_minutes': 2607, 'absence_minutes': 2607}))
    g.case('m-att-rate1-overtime-2606',
           'Rate 1.0, 2,606 min: 250,000 x 2,606 / 10,428 = 62,476.0260... -> ceil 62,477.',
           R('golden-m-att-rate1', '2026-05-25', E(S=320000, msw='173.8'), base=250000,
             att={'overtime_minutes': 2606}))
    return [f, g]


def all_files():
    return [pay_monthly(), pay_hourly(), pay_daily()] + ot_methods() + attendance_deductions()
