"""Regenerate test/golden/monthly/*.yaml from the topic worksheets: python3 gen.py"""
import sys
import topics_pay
mods = [topics_pay]
for extra in ('topics_si', 'topics_tax', 'topics_misc'):
    try:
        mods.append(__import__(extra))
    except ModuleNotFoundError:
        pass
total = 0
for m in mods:
    for f in m.all_files():
        n = f.write()
        total += n
        print(f"{f.name}: {n}")
        if '-v' in sys.argv:
            for c in f.cases:
                print('  ', c['id'], '|', c['description'][-400:])
print('total', total)
