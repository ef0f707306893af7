/**
 * The loaded masters. resolve() runs on every request, so records are indexed by kind and id at load and
 * each id's versions are kept sorted by effective_from; a lookup scans the (few) versions of one table.
 */
import type { MasterKind, MasterOfKind, MasterRecord, MasterSet } from './types.ts';
import { ParameterSet } from '../parameters/set.ts';
import type { ResultLabels } from './schemas/result-labels.ts';

export class IndexedMasterSet implements MasterSet {
  private readonly byKind = new Map<MasterKind, MasterRecord[]>();
  private readonly byKindId = new Map<string, MasterRecord[]>();

  constructor(
    records: MasterRecord[],
    readonly parameters: ParameterSet = new ParameterSet([]),
    readonly resultLabels: ResultLabels | null = null,
  ) {
    const sorted = [...records].sort((a, b) => cmp(a.id, b.id) || cmp(a.effective_from, b.effective_from));
    for (const r of sorted) {
      push(this.byKind, r.kind, r);
      push(this.byKindId, key(r.kind, r.id), r);
    }
    for (const list of this.byKind.values()) Object.freeze(list);
  }

  all<K extends MasterKind>(kind: K): MasterOfKind<K>[] {
    return [...((this.byKind.get(kind) ?? []) as MasterOfKind<K>[])];
  }

  resolve<K extends MasterKind>(kind: K, id: string, date: string): MasterOfKind<K> | undefined {
    const versions = this.byKindId.get(key(kind, id));
    if (!versions) return undefined;
    // Newest first: payroll mostly asks for recent dates. Dates are YYYY-MM-DD, so string order is date order.
    for (let i = versions.length - 1; i >= 0; i--) {
      const v = versions[i];
      if (v.effective_from <= date) return v.effective_to === null || date <= v.effective_to ? (v as MasterOfKind<K>) : undefined;
    }
    return undefined;
  }

  /** Every table id of a kind (e.g. the 47 kyokai-NN ids). */
  ids(kind: MasterKind): string[] {
    return [...new Set((this.byKind.get(kind) ?? []).map((r) => r.id))];
  }
}

const key = (kind: string, id: string) => `${kind}\u0000${id}`;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
function push<K>(m: Map<K, MasterRecord[]>, k: K, r: MasterRecord) {
  const list = m.get(k);
  if (list) list.push(r);
  else m.set(k, [r]);
}
