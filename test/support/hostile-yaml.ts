/**
 * Data files an adversary (or a slip of masters:import) puts where rules and masters are read: a
 * withholding table with far too many rows (tools/measure-reload/hostile-masters.ts), a "billion laughs"
 * of nested aliases. Written into copies of the project's folders, never into the project's own.
 */
export { MONTHLY_TABLE, writeOversizedMonthlyTable } from '../../tools/measure-reload/hostile-masters.ts';

/** Seven levels of nine aliases each: 9^7 (4,782,969) strings once expanded. */
export const BILLION_LAUGHS = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  .concat(['b', 'c', 'd', 'e', 'f', 'g'].map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdef'[i]}`).join(',')}]`))
  .join('\n');
