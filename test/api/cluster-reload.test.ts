/**
 * A reload under node:cluster changes every worker or none (server/process/cluster-reload.ts): the primary
 * commits only when every worker prepared the same set; a refusal by one worker, a worker that exits or
 * stays silent, or two workers that read different files make every worker abort with the same problems.
 * The workers here are stand-ins that answer "prepare" as told; the real processes are in
 * test/api/reload-hostile-files.test.ts. Reloads run one at a time (server/process/one-at-a-time.ts).
 */
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { coordinateReloads, type ReloadPeer } from '../../server/process/cluster-reload.ts';
import { oneAtATime } from '../../server/process/one-at-a-time.ts';
import type { ReloadMessage } from '../../server/process/reload-messages.ts';

type Answer = { ok: true; hash: string } | { ok: false; message: string } | 'exit' | 'silent';

/** A worker stand-in: answers each prepare as `answer` says and records what it was sent. */
class FakeWorker extends EventEmitter implements ReloadPeer {
  readonly sent: ReloadMessage[] = [];
  connected = true;
  constructor(
    readonly process: { pid: number },
    private readonly answer: Answer,
  ) {
    super();
  }
  isConnected() {
    return this.connected;
  }
  send(m: ReloadMessage) {
    this.sent.push(m);
    if (m.type !== 'reload:prepare') return true;
    const a = this.answer;
    setImmediate(() => {
      if (a === 'silent') return;
      if (a === 'exit') {
        this.connected = false;
        this.emit('exit');
      } else if (a.ok) this.emit('message', { type: 'reload:prepared', id: m.id, ok: true, rules_masters_hash: a.hash, problems: [] });
      else
        this.emit('message', {
          type: 'reload:prepared',
          id: m.id,
          ok: false,
          problems: [{ file: 'x.yaml', path: '/', message: a.message }],
        });
    });
    return true;
  }
}

function run(answers: Answer[], timeoutMs = 5_000) {
  const workers = answers.map((a, i) => new FakeWorker({ pid: 100 + i }, a));
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
  const reload = coordinateReloads(() => workers, logger, timeoutMs);
  return { workers, lines, reload };
}
/** What each worker was told after prepare (commit or abort), per worker. */
const decisions = (workers: FakeWorker[]) => workers.map((w) => w.sent.filter((m) => m.type !== 'reload:prepare'));

describe('a coordinated reload: every worker or none', () => {
  it('every worker prepared the same set: all commit', async () => {
    const { workers, lines, reload } = run([
      { ok: true, hash: 'h1' },
      { ok: true, hash: 'h1' },
    ]);
    await reload();
    expect(decisions(workers)).toEqual([[{ type: 'reload:commit', id: 1 }], [{ type: 'reload:commit', id: 1 }]]);
    expect(lines.at(-1)).toMatchObject({ msg: 'reload committed on every worker', workers: 2, rules_masters_hash: 'h1' });
  });

  it('one worker refuses: every worker aborts with its problems, none commits', async () => {
    const { workers, lines, reload } = run([
      { ok: true, hash: 'h1' },
      { ok: false, message: 'too large' },
    ]);
    await reload();
    const abort = { type: 'reload:abort', id: 1, problems: [{ file: 'x.yaml', path: '/', message: 'too large' }] };
    expect(decisions(workers)).toEqual([[abort], [abort]]);
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      worker_pid: 101,
      msg: 'reload refused by worker 101; every worker keeps the masters and rules it serves',
    });
  });

  it('a worker that exits during the reload, or does not answer in time: the others abort', async () => {
    for (const [answer, why] of [
      ['exit', 'worker 101 exited during the reload'],
      ['silent', 'worker 101 did not prepare the reload within 50 ms'],
    ] as const) {
      const { workers, reload } = run([{ ok: true, hash: 'h1' }, answer], 50);
      await reload();
      expect(decisions(workers)[0]).toEqual([{ type: 'reload:abort', id: 1, problems: [{ file: '-', path: '/', message: why }] }]);
      expect(workers[1].sent.some((m) => m.type === 'reload:commit')).toBe(false);
    }
  });

  it('two workers that read different files: every worker aborts', async () => {
    const { workers, reload } = run([
      { ok: true, hash: 'h1' },
      { ok: true, hash: 'h2' },
    ]);
    await reload();
    for (const d of decisions(workers)) expect(d).toEqual([expect.objectContaining({ type: 'reload:abort', id: 1 })]);
    expect(decisions(workers)[0][0]).toMatchObject({ problems: [{ message: expect.stringMatching(/^the workers read different files/) }] });
  });
});

describe('one reload at a time', () => {
  it('calls during a run coalesce into one more run after it, never two at once', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const task = oneAtATime(async () => {
      active += 1;
      most = Math.max(most, active);
      runs += 1;
      await new Promise((r) => setImmediate(r));
      active -= 1;
    });
    await Promise.all([task(), task(), task(), task()]);
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
    await task();
    expect(runs).toBe(3);
  });
});
