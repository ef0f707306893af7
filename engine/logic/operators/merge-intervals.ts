/**
 * merge_intervals — [items] or [items, join_field]: date intervals (objects with start_date and end_date,
 * YYYY-MM-DD, in start order) joined into runs: an item starting by the day after the previous run ends
 * (adjacent or overlapping), or whose join_field is true, extends that run. Each run is {start_date,
 * end_date, members} (members: its items, in order). Why: periods the law treats as one when they are
 * consecutive (two leaves with no working day between them are one leave).
 */
import { addDays, isIsoDate } from '../../util/dates.ts';
import type { OperatorDef, Value } from '../types.ts';
import { describe } from '../values.ts';

type Run = { start_date: string; end_date: string; members: Value[] };

export const mergeIntervalsOperator: OperatorDef = {
  names: ['merge_intervals'],
  arity: [1, 2],
  compile(args, raw, ctx) {
    const join = raw[1];
    if (join !== undefined && (typeof join !== 'string' || !/^[a-z][a-z0-9_]*$/.test(join)))
      throw new Error('merge_intervals: the join field must be a literal field name');
    const [list] = args;
    return (scope) => {
      const items = list(scope);
      if (items === null) return [];
      if (!Array.isArray(items)) throw new Error(`${ctx.where}: operator "merge_intervals" needs an array, got ${describe(items)}`);
      const runs: Run[] = [];
      items.forEach((item, i) => {
        const o = item as Record<string, Value>;
        const start = o?.start_date;
        const end = o?.end_date;
        if (!isIsoDate(start) || !isIsoDate(end) || end < start)
          throw new Error(
            `${ctx.where}: operator "merge_intervals" item ${i} needs start_date <= end_date (YYYY-MM-DD), got ${describe(item)}`,
          );
        const last = runs[runs.length - 1];
        if (last && start < last.start_date)
          throw new Error(`${ctx.where}: operator "merge_intervals" item ${i} starts before the item before it (items in start order)`);
        if (last && (start <= addDays(last.end_date, 1) || (join !== undefined && o[join] === true))) {
          if (end > last.end_date) last.end_date = end;
          last.members.push(item);
        } else runs.push({ start_date: start, end_date: end, members: [item] });
      });
      return runs;
    };
  },
};
