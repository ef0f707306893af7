/** Builds the rounding_rule_table kind: the policy version (the roundings themselves are in the rule files). */
import type { RoundingRuleTable } from '../types.ts';
import { meta, type Built, type Raw } from './envelope.ts';

export function buildRoundingRules(raw: Raw, file: string): Built<RoundingRuleTable>[] {
  return [{ pointer: '', record: { ...meta(raw, file, raw.id), kind: 'rounding_rule_table' } }];
}
