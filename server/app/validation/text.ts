/** The free-text rule of the schemas (common.ts TEXT_PATTERN) for values that do not come in a body, such as path parameters. */
import { TEXT_PATTERN } from '../../../engine/contract/index.ts';

const TEXT = new RegExp(TEXT_PATTERN, 'u');

export function isValidText(value: string): boolean {
  return TEXT.test(value);
}
