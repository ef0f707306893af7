/** The messages of a coordinated reload between the cluster's primary and its workers (server/process/cluster-reload.ts). */
import type { LoadProblem } from '../../engine/index.ts';

export type ReloadMessage =
  | { type: 'reload:prepare'; id: number }
  | { type: 'reload:prepared'; id: number; ok: boolean; rules_masters_hash?: string; problems: LoadProblem[] }
  | { type: 'reload:commit'; id: number }
  | { type: 'reload:abort'; id: number; problems: LoadProblem[] };

/** True for a reload message (other messages share the channel: the cluster rate limiter's). */
export function isReloadMessage(m: unknown): m is ReloadMessage {
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof (m as { type?: unknown }).type === 'string' &&
    (m as { type: string }).type.startsWith('reload:')
  );
}
