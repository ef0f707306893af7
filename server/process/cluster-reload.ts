/**
 * A reload under node:cluster (PAYROLL_WORKERS > 1) changes every worker or none. The primary, on SIGHUP,
 * asks each listening worker to prepare the new set (each checks it off its serving thread and builds it,
 * without swapping); only when every worker has prepared the same set (the same rules_masters_hash) does
 * it tell them all to commit, which is one reference assignment each. Any refusal, a worker that exits or
 * does not answer within PREPARE_TIMEOUT_MS, or two workers that read different files: every worker is
 * told to abort, with the same problems, and keeps the set it serves. Reloads run one at a time; a
 * SIGHUP during one starts one more afterwards.
 */
import type { Logger } from 'pino';
import type { LoadProblem } from '../../engine/index.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { isReloadMessage, type ReloadMessage } from './reload-messages.ts';

/** The longest a worker may take to check and build a set (its own check is bounded at 120 s). */
const PREPARE_TIMEOUT_MS = 150_000;

/** What the primary needs of a worker: node:cluster's Worker has it all. */
export interface ReloadPeer {
  process: { pid?: number };
  send(message: ReloadMessage): unknown;
  isConnected(): boolean;
  on(event: 'message' | 'exit', listener: (m: unknown) => void): unknown;
  off(event: 'message' | 'exit', listener: (m: unknown) => void): unknown;
}

interface Prepared {
  ok: boolean;
  pid?: number;
  rules_masters_hash?: string;
  problems: LoadProblem[];
}

/** Returns the SIGHUP handler: one coordinated reload of the workers `peers()` gives at that moment. */
export function coordinateReloads(peers: () => ReloadPeer[], logger: Logger, timeoutMs = PREPARE_TIMEOUT_MS): () => Promise<void> {
  let nextId = 1;
  return oneAtATime(async () => {
    const id = nextId++;
    const targets = peers();
    if (targets.length === 0) return;
    logger.info({ reload: id, workers: targets.length }, 'reloading masters and rules on every worker');
    const replies = await Promise.all(targets.map((w) => prepare(w, id, timeoutMs)));
    const refused = replies.find((r) => !r.ok);
    const hashes = new Set(replies.map((r) => r.rules_masters_hash));
    if (!refused && hashes.size === 1) {
      for (const w of targets) if (w.isConnected()) w.send({ type: 'reload:commit', id });
      logger.info(
        { reload: id, workers: targets.length, rules_masters_hash: replies[0].rules_masters_hash },
        'reload committed on every worker',
      );
      return;
    }
    const problems: LoadProblem[] = refused
      ? refused.problems
      : [
          {
            file: '-',
            path: '/',
            message: 'the workers read different files (changed during the reload); reload again once they are complete',
          },
        ];
    for (const w of targets) if (w.isConnected()) w.send({ type: 'reload:abort', id, problems });
    logger.error(
      { reload: id, worker_pid: refused?.pid ?? null, problems: problems.length },
      `reload refused${refused ? ` by worker ${refused.pid}` : ''}; every worker keeps the masters and rules it serves`,
    );
  });
}

/** One worker's answer to "prepare reload id": its own, or a refusal when it exits or stays silent. */
function prepare(worker: ReloadPeer, id: number, timeoutMs: number): Promise<Prepared> {
  const pid = worker.process.pid;
  return new Promise((resolve) => {
    const finish = (p: Prepared) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve({ ...p, pid });
    };
    const refuse = (message: string) => finish({ ok: false, problems: [{ file: '-', path: '/', message }] });
    const onMessage = (m: unknown) => {
      if (isReloadMessage(m) && m.type === 'reload:prepared' && m.id === id) finish(m);
    };
    const onExit = () => refuse(`worker ${pid} exited during the reload`);
    const timer = setTimeout(() => refuse(`worker ${pid} did not prepare the reload within ${timeoutMs} ms`), timeoutMs);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    if (worker.isConnected()) worker.send({ type: 'reload:prepare', id });
    else refuse(`worker ${pid} is gone`);
  });
}
