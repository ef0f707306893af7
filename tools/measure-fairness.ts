/**
 * Fairness between accounts (issue 46 item 1), measured side by side in one run on one server (as
 * `npm start` runs it, SQLite, the default rate limit of 100 a second and a burst of 200): a victim
 * account sends monthly payroll requests at a steady 20 a second (open loop, so a stall shows as
 * latency), first alone, then while an attacker account, within its limits (it waits out every 429's
 * Retry-After), either sends near-1 MiB bodies that end in 422 or PUTs to a company holding the most
 * profile versions a company may hold. Prints the victim's p50, p99 and max and its refusals, and what
 * the attacker got. Reports figures, asserts nothing (docs/reliability.md keeps them and the bound).
 *
 *   npm run measure:fairness -- [--seconds 10] [--attackers 4]
 *
 * Needs `npm run build` (dist/).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createAccountWithKey } from '../server/app/accounts.ts';
import { openSqliteStore } from '../server/app/store/sqlite.ts';
import { MAX_PROFILE_VERSIONS } from '../server/app/validation/limits.ts';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyRequest } from './bench/sample-requests.ts';
import { startServerProcess } from './bench/server-process.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    attackers: { type: 'string', default: '4' },
    // internal: this process is the attacker (its own event loop, so that sending 1 MB bodies does not delay the victim's timing)
    attack: { type: 'string' },
    url: { type: 'string' },
    key: { type: 'string' },
    held: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const ATTACKERS = Number(values.attackers);
const VICTIM_PER_SECOND = 20;
const MONTHLY = '/v1/payroll/monthly:calculate';
const BIG_BODY_BYTES = 1_000_000;

interface Answer {
  status: number;
  ms: number;
}

async function send(url: string, key: string, method: string, path: string, body: string): Promise<Answer & { retryAfter: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, { method, headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
}

/** The victim: one request every 1/20 s whatever the answers' latency, for `seconds`. */
async function victim(url: string, key: string): Promise<Answer[]> {
  const answers: Promise<Answer>[] = [];
  const start = performance.now();
  for (let i = 0; i < SECONDS * VICTIM_PER_SECOND; i++) {
    const due = start + (i * 1000) / VICTIM_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(send(url, key, 'POST', MONTHLY, JSON.stringify(monthlyRequest(i, false))));
  }
  return Promise.all(answers);
}

/** An attacker connection: sends `next()` back to back until `stop`, waiting out each 429's Retry-After. */
async function attacker(url: string, key: string, next: (i: number) => [string, string, string], stop: () => boolean) {
  const statuses: number[] = [];
  for (let i = 0; !stop(); i++) {
    const [method, path, body] = next(i);
    const answer = await send(url, key, method, path, body);
    statuses.push(answer.status);
    if (answer.status === 429) await sleep(answer.retryAfter * 1000);
  }
  return statuses;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function counts(statuses: number[]): string {
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s} x${n}`)
    .join(', ');
}

const paddedMonthly = (() => {
  const base = JSON.stringify({ ...monthlyRequest(0, false), padding: '' });
  return base.replace('"padding":""', `"padding":"${'x'.repeat(BIG_BODY_BYTES - base.length)}"`);
})();

const profilePath = (company: string) => `/cp/v1/companies/${company}/calculation-profile`;
const monthStart = (i: number) => `${2000 + Math.floor((3 + i) / 12)}-${String(((3 + i) % 12) + 1).padStart(2, '0')}-01`;

function attackOf(kind: string, held: number): (i: number) => [string, string, string] {
  if (kind === 'bodies') return () => ['POST', MONTHLY, paddedMonthly];
  return (i) => [
    'PUT',
    profilePath('many'),
    JSON.stringify({ ...BENCH_PROFILE_PUT, effective_from: monthStart(held - 1), allow_withholding_rate_override: i % 2 === 0 }),
  ];
}

/** The attacker's own process: ATTACKERS connections until SIGTERM, then their statuses as one JSON line. */
async function runAttacker(): Promise<void> {
  let stop = false;
  process.once('SIGTERM', () => (stop = true));
  const next = attackOf(values.attack!, Number(values.held));
  process.stdout.write('ready\n');
  const all = await Promise.all(Array.from({ length: ATTACKERS }, () => attacker(values.url!, values.key!, next, () => stop)));
  process.stdout.write(`${JSON.stringify(all.flat())}\n`);
}

/** The attacker, attacking once its process has started (its start-up is not part of the scenario). */
async function spawnAttacker(kind: string, url: string, key: string, held: number): Promise<{ stop(): Promise<number[]> }> {
  const args = ['--attack', kind, '--url', url, '--key', key, '--held', String(held), '--attackers', String(ATTACKERS)];
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  while (!out.startsWith('ready\n')) await sleep(10);
  out = '';
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out || '[]') as number[];
    },
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-fairness-'));
  const file = join(dir, 'payroll.sqlite');
  const seed = openSqliteStore(file);
  const victimKey = (await createAccountWithKey(seed, 'victim', 'standard')).api_key;
  const attackerKey = (await createAccountWithKey(seed, 'attacker', 'standard')).api_key;
  await seed.close();
  const server = await startServerProcess({ ...process.env, PAYROLL_DB: file, PAYROLL_LOG_LEVEL: 'warn' });
  try {
    const put = (key: string, company: string, body: object) => send(server.url, key, 'PUT', profilePath(company), JSON.stringify(body));
    if ((await put(victimKey, BENCH_COMPANY, BENCH_PROFILE_PUT)).status !== 200) throw new Error('the victim profile PUT failed');
    // the attacker's company: as many versions as a company may hold (paced: the PUTs are within the limit)
    let held = 0;
    for (let i = 0; held < MAX_PROFILE_VERSIONS + 1; i++) {
      const answer = await put(attackerKey, 'many', { ...BENCH_PROFILE_PUT, effective_from: monthStart(i) });
      if (answer.status === 429) await sleep(1000);
      else if (answer.status === 200) held++;
      else break; // the bound: 409
    }
    console.log(`attacker company "many": ${held} versions accepted (bound ${MAX_PROFILE_VERSIONS})`);
    await victim(server.url, victimKey); // warm-up, not reported
    await sleep(1500); // every window of the warm-up over

    const scenarios: [string, 'bodies' | 'puts' | null][] = [
      ['victim alone', null],
      [`+ attacker, ${ATTACKERS} connections of ~1 MB bodies ending in 422`, 'bodies'],
      [`+ attacker, ${ATTACKERS} connections PUTting to a company of ${held} versions`, 'puts'],
    ];
    console.log(
      `victim: ${VICTIM_PER_SECOND} monthly payroll requests a second for ${SECONDS} s per scenario; CPU ms of the server per scenario`,
    );
    for (const [name, next] of scenarios) {
      const attack = next ? await spawnAttacker(next, server.url, attackerKey, held) : null;
      const cpu0 = server.cpu().allMs;
      const answers = await victim(server.url, victimKey);
      const attackerStatuses = attack ? await attack.stop() : [];
      const cpu = server.cpu().allMs - cpu0;
      const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
      console.log(
        `${name}: victim p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms ` +
          `(${counts(answers.map((a) => a.status))}); server CPU ${cpu.toFixed(0)} ms` +
          (next ? `; attacker ${counts(attackerStatuses)}` : ''),
      );
      await sleep(2000); // the attacker's windows over before the next scenario
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await (values.attack ? runAttacker() : main());
