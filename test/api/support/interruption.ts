/**
 * What a run has claimed (its PostgreSQL database, its Redis db) released even when the run is
 * interrupted (Ctrl-C, SIGTERM, SIGHUP). Vitest exits a moment after such a signal without running the
 * global teardowns, so the release cannot wait on a promise: the signal handler runs
 * interruption-cleanup.mjs synchronously, which drops and flushes what is still claimed, then the run
 * exits as vitest decides. A run killed with SIGKILL releases nothing; the next run reclaims what it
 * left (postgres-gate.ts, redis-gate.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type Claimed = { kind: 'postgres'; serverUrl: string; database: string } | { kind: 'redis'; url: string; owner: string };

const claimed = new Set<Claimed>();
const SCRIPT = fileURLToPath(new URL('./interruption-cleanup.mjs', import.meta.url));
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let listening = false;

function releaseAll(signal: string): void {
  if (claimed.size === 0) return;
  const items = [...claimed];
  claimed.clear();
  process.stderr.write(
    `${signal}: releasing what this run claimed (${items.map((c) => (c.kind === 'postgres' ? c.database : c.url)).join(', ')})\n`,
  );
  spawnSync(process.execPath, [SCRIPT], { input: JSON.stringify(items), stdio: ['pipe', 'inherit', 'inherit'], timeout: 15_000 });
}

/** Registers `item` to be released if the run is interrupted; the returned function forgets it (the normal teardown ran). */
export function onInterruption(item: Claimed): () => void {
  claimed.add(item);
  if (!listening) {
    listening = true;
    for (const signal of SIGNALS) {
      process.on(signal, () => {
        releaseAll(signal);
        // Alone (vitest not listening for this signal), the default would have ended the process.
        if (process.listenerCount(signal) === 1) process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
      });
    }
  }
  return () => void claimed.delete(item);
}
