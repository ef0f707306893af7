"""Shared helpers for writing golden YAML files from the worksheets."""
from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path('/work/main')


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper, data):
    import re
    if re.fullmatch(r'[0-9][0-9.\-]*', data):
        return dumper.represent_scalar('tag:yaml.org,2002:str', data, style="'")
    return yaml.SafeDumper.represent_str(dumper, data)


_Dumper.add_representer(str, _str)


def write(path: str, header: str, company: dict, cases: list):
    ids = [c['id'] for c in cases]
    assert len(ids) == len(set(ids)), ids
    doc = {'company': company, 'cases': cases}
    text = yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110, default_flow_style=False)
    p = ROOT / path
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(''.join('# ' + line + '\n' for line in header.strip().splitlines()) + text)
    # round-trip check: dates and codes must stay strings
    back = yaml.safe_load(p.read_text())
    for c in back['cases']:
        r = c['request']
        assert isinstance(r['payment_date'], str) and isinstance(r['calculation_date'], str)
    print(f'{path}: {len(cases)} cases')
