/** The versions of one table must declare one effective_date_basis: the resolver chooses among them by it. */
import { describe, expect, it } from 'vitest';
import { versionsContinuous } from '../../engine/loading/masters/invariants/index.ts';
import type { MasterMeta } from '../../engine/loading/masters/types.ts';

const v = (version: string, from: string, to: string | null, basis: 'payment_date' | 'premium_month'): MasterMeta => ({
  kind: 'employees_pension_rate_table',
  id: 'employees-pension',
  version,
  effective_from: from,
  effective_to: to,
  known_through: to ?? from,
  effective_date_basis: basis,
  provider: 'test',
  source_artifact_id: null,
  sources: [],
  file: `employees_pension/${version}.yaml`,
});

describe('versions of one table share their date basis', () => {
  it('agreeing versions pass', () => {
    expect(
      versionsContinuous([v('2020-09', '2020-09-01', '2027-08-31', 'premium_month'), v('2027-09', '2027-09-01', null, 'premium_month')]),
    ).toEqual([]);
  });
  it('a version declaring another basis is named with its path', () => {
    expect(
      versionsContinuous([v('2020-09', '2020-09-01', '2027-08-31', 'premium_month'), v('2027-09', '2027-09-01', null, 'payment_date')]),
    ).toEqual([
      {
        file: 'employees_pension/2027-09.yaml',
        path: '/effective_date_basis',
        message:
          'payment_date, but employees_pension/2020-09.yaml (version 2020-09) declares premium_month: all versions of a table are chosen by one date basis',
      },
    ]);
  });
});
