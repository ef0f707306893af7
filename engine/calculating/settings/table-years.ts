/**
 * The income tax tables a step combines (a rule reading several of them, e.g. the bonus lookup: the bonus
 * rate table and the monthly table) should be of one year: the National Tax Agency publishes them
 * together. When the data has a new version of one but not yet of the other (the older one stays in force
 * until its successor is imported), a calculation combines tables of different years: it is computed, and
 * its `warnings` say so (INCOME_TAX_TABLES_OF_DIFFERENT_YEARS), with the versions in settings_snapshot.
 */
import type { CompiledPipeline } from '../../loading/rules/load.ts';
import type { RuleRegistry } from '../../loading/rules/registry.ts';
import { MASTER_REF_TYPE, type MasterRef, type MasterSlot } from '../../loading/rules/slots.ts';

const MIXED_TAX_TABLE_YEARS = 'INCOME_TAX_TABLES_OF_DIFFERENT_YEARS';

/** Per pipeline, the groups of income tax slots one of its computing rules reads together. */
export function taxTableGroups(pipeline: CompiledPipeline, registry: RuleRegistry): MasterSlot[][] {
  const groups = new Map<string, MasterSlot[]>();
  for (const step of pipeline.steps) {
    for (const rule of registry.versions(step.rule)) {
      if (rule.doc.step_type === 'settings_resolution') continue; // it lists every resolved table; it computes nothing with them
      const slots = (rule.doc.masters as MasterSlot[]).filter((s) => MASTER_REF_TYPE[s] === 'income_tax_table');
      if (slots.length > 1) groups.set([...slots].sort().join(' '), slots);
    }
  }
  return [...groups.values()];
}

const NONE: readonly string[] = Object.freeze([]);
const byRefs = new WeakMap<object, WeakMap<MasterSlot[][], readonly string[]>>();

/** The warning codes for one resolution's refs (remembered per frozen refs object). */
export function tableYearWarnings(groups: MasterSlot[][], refs: Partial<Record<MasterSlot, MasterRef>>): readonly string[] {
  if (groups.length === 0) return NONE;
  let perGroups = byRefs.get(refs);
  const known = perGroups?.get(groups);
  if (known) return known;
  const mixed = groups.some((g) => new Set(g.map((slot) => refs[slot]?.effective_from.slice(0, 4)).filter(Boolean)).size > 1);
  const out = mixed ? Object.freeze([MIXED_TAX_TABLE_YEARS]) : NONE;
  if (Object.isFrozen(refs)) {
    if (!perGroups) byRefs.set(refs, (perGroups = new WeakMap()));
    perGroups.set(groups, out);
  }
  return out;
}
