/**
 * rounding_rule_table: the versioned rounding policy (its version is settings_snapshot.rounding_rule_version).
 * It lists no per-step roundings: each rule file names its own (`rounding_rule`), written once there, so a
 * file that still carries an `assignments` map is refused as an unknown key.
 */
import { fileSchema } from './common.ts';

export const roundingRulesSchema = fileSchema('rounding_rule_table', true, [], {});
