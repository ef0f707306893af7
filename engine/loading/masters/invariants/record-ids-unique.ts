/** In a multi-record file every record id appears once (an id is a table; one file is one version of it). */
import type { Issue } from './issue.ts';

export function recordIdsUnique(ids: string[]): Issue[] {
  return ids.flatMap((id, i) => (ids.indexOf(id) !== i ? [{ path: `/records/${i}/id`, message: `duplicate record id "${id}"` }] : []));
}
