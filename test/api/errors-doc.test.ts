/** docs/errors.md is the one page of error codes: it must list every code the service can send. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_REGISTRY } from '../../server/app/errors/registry.ts';

const page = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

const DETAIL_CODES = [
  'required',
  'unknown_field',
  'forbidden_field',
  'invalid_type',
  'invalid_format',
  'invalid_value',
  'invalid_length',
  'out_of_range',
  'duplicate_code',
  'date_order',
  'inconsistent_value',
  'negative_candidate_gross',
  // the body scan's (server/app/http/json-scan.ts)
  'too_deep',
  'too_many_values',
  'inexact_number',
  'forbidden_key',
];

describe('docs/errors.md', () => {
  it.each(Object.entries(ERROR_REGISTRY))('lists %s with its status', (code, def) => {
    expect(page).toContain(`| ${def.status} | \`${code}\` |`);
  });

  it.each(DETAIL_CODES)('documents the validation detail code %s', (code) => {
    expect(page).toContain(`| \`${code}\` |`);
  });
});
