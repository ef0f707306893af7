/**
 * tier_lookup — [tiers, key] -> the AmountTier with from <= key <= to (both inclusive, to null = open),
 * as a plain object with all its fields (absent optional fields fixed/rate/add/amount/subtract -> null)
 * plus `index` (0-based, Decimal). Why: the computer-method (電算機特例) tables 1, 3 and 4.
 * No tier -> EngineError income_tax_lookup_failed.
 */
import { Decimal, toDecimal } from '../../decimal.ts';
import { EngineError } from '../../errors.ts';
import type { AmountTier } from '../../masters/types.ts';
import type { OperatorDef, Value } from '../types.ts';
import { describe, fromScope, requireDecimal, isDecimal } from '../values.ts';

const OPTIONAL = ['fixed', 'rate', 'add', 'amount', 'subtract'] as const;

function dec(v: unknown): Decimal {
  return isDecimal(v) ? (v as Decimal) : toDecimal(v);
}

export const tierLookupOperator: OperatorDef = {
  names: ['tier_lookup'],
  arity: [2, 2],
  compile([tiersEv, keyEv], _raw, ctx) {
    const where = ctx.where;
    return (scope) => {
      const tiers = tiersEv(scope) as unknown as AmountTier[] | null;
      const key = requireDecimal('tier_lookup', where, keyEv(scope), 2);
      if (!Array.isArray(tiers)) {
        throw new EngineError('income_tax_lookup_failed', `tier table missing (${describe(tiers)}) for amount ${key.toFixed()}`);
      }
      for (let i = 0; i < tiers.length; i++) {
        const t = tiers[i];
        if (dec(t.from).lte(key) && (t.to === null || t.to === undefined || key.lte(dec(t.to)))) {
          const out: { [k: string]: Value } = {};
          for (const [k, v] of Object.entries(t)) out[k] = fromScope(v);
          for (const k of OPTIONAL) if (!(k in out)) out[k] = null;
          out.to = t.to === undefined ? null : out.to;
          out.index = new Decimal(i);
          return out;
        }
      }
      throw new EngineError('income_tax_lookup_failed', `no tier of the table contains the amount ${key.toFixed()}`);
    };
  },
};
