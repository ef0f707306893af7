/** Temporary copies of the repository's rules/ with YAML edits, for the declared-outputs tests. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RULES = join(import.meta.dirname, '../../rules');

export interface TempRules {
  dir: string;
  /** writes a file (relative to the copy) */
  write(file: string, text: string): void;
  /** replaces `from` by `to` in a file of the copy; fails when `from` is not there (an edit that no longer applies) */
  edit(file: string, from: string, to: string): void;
  remove(): void;
}

export function tempRules(): TempRules {
  const root = mkdtempSync(join(tmpdir(), 'contract-rules-'));
  const dir = join(root, 'rules');
  cpSync(RULES, dir, { recursive: true });
  return {
    dir,
    write: (file, text) => writeFileSync(join(dir, file), text),
    edit: (file, from, to) => {
      const text = readFileSync(join(dir, file), 'utf8');
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
      writeFileSync(join(dir, file), text.replace(from, to));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A made-up local levy: a share of gross pay, written into the statutory deductions. */
export const LEVY_RULE = `formula_code: deduction.local_levy.v1
step: local_levy
step_type: statutory_deduction
title: Local levy (a made-up example)
formula: floor_yen(gross_payment x 0.001)
inputs:
  gross_payment: amounts.gross_payment
masters: []
expression: {"*": [{var: gross_payment}, 0.001]}
rounding_rule: floor_yen
output_key: amounts.statutory_deductions.local_levy
effective_from: "2020-01-01"
effective_to: null
legal_source: a test's made-up levy
`;

export const LEVY_STEP = [
  '  - rule: deduction.resident_tax\n',
  '  - rule: deduction.resident_tax\n  - rule: deduction.local_levy\n',
] as const;
export const LEVY_DECLARATION = [
  "      resident_tax: {type: yen, description: 'Resident tax, as given in the request.'}\n",
  "      resident_tax: {type: yen, description: 'Resident tax, as given in the request.'}\n      local_levy: {type: yen, description: 'Local levy, 0.1% of gross pay.'}\n",
] as const;
