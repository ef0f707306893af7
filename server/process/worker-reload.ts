/**
 * A node:cluster worker's side of a coordinated reload (server/process/cluster-reload.ts): on "prepare" it checks
 * and builds the new set (off its serving thread, server/process/engine-holder.ts) and answers with the set's
 * fingerprint or its problems, keeping the built engine aside; on "commit" it swaps that engine in, on
 * "abort" it drops it and logs why, the old set serving on. A SIGHUP sent to a worker alone is not acted
 * on: reloading one worker would let the workers serve different sets.
 */
import type { Logger } from 'pino';
import type { Engine } from '../../engine/index.ts';
import { commitAndLog, refuseAndLog, type EngineHolder } from './engine-holder.ts';
import { refusalProblems } from './load-refusal.ts';
import { isReloadMessage, type ReloadMessage } from './reload-messages.ts';

export function followPrimaryReloads(holder: EngineHolder, logger: Logger, send: (m: ReloadMessage) => void): void {
  const prepared = new Map<number, Engine>();
  process.on('message', (m: unknown) => {
    if (!isReloadMessage(m)) return;
    if (m.type === 'reload:prepare') {
      logger.info({ reload: m.id, rules_masters_hash: holder.current().provenance().rules_masters_hash }, 'preparing masters and rules');
      void holder.prepare().then((outcome) => {
        if (outcome.ok) {
          prepared.set(m.id, outcome.engine);
          send({
            type: 'reload:prepared',
            id: m.id,
            ok: true,
            rules_masters_hash: outcome.engine.provenance().rules_masters_hash,
            problems: [],
          });
        } else send({ type: 'reload:prepared', id: m.id, ok: false, problems: refusalProblems(outcome.error) });
      });
    } else if (m.type === 'reload:commit') {
      const engine = prepared.get(m.id);
      prepared.delete(m.id);
      if (engine) commitAndLog(holder, engine, logger);
    } else if (m.type === 'reload:abort') {
      prepared.delete(m.id);
      refuseAndLog(holder, m.problems, logger);
    }
  });
  process.on('SIGHUP', () => logger.warn('SIGHUP to one worker is ignored: send it to the primary, which reloads every worker or none'));
}
