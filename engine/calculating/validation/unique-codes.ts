/** `code` must be unique within each item array (spec cross-field rule 4; bonus rule 1). */
import type { ValidationDetail } from '../../errors.ts';
import { detail, isObj, itemsAt, type Obj } from './read.ts';

export function checkUniqueCodes(request: Obj, arrays: readonly string[]): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  for (const name of arrays) {
    if (itemsAt(request, name).length < 2) continue; // one item or none: nothing to repeat
    const firstIndex = new Map<string, number>();
    itemsAt(request, name).forEach((item, i) => {
      if (!isObj(item) || typeof item.code !== 'string') return;
      const first = firstIndex.get(item.code);
      if (first === undefined) firstIndex.set(item.code, i);
      else
        out.push(
          detail(
            [name, i, 'code'],
            'duplicate_code',
            `code "${item.code}" is already used by ${name}[${first}]; codes must be unique within ${name}.`,
          ),
        );
    });
  }
  return out;
}
