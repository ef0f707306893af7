/**
 * The HTTP batch beside its reference, the single call: the server process of the HTTP section
 * (startBenchServer) answers POST /v1/payroll/monthly:calculate and monthly:batch-calculate of
 * BATCH_ITEMS items of the same kind, with trace and without, in turns. The figure is the server's CPU
 * per item of the batch against the single call's per request, the median of each run's ratio.
 */
import { startBenchServer, type Target } from './http-bench.ts';
import { formatRatio, pairedRatio } from './ratios.ts';
import { monthlyRequest } from './sample-requests.ts';
import type { ServerProcess } from './server-process.ts';
import { fmt, median, table } from './stats.ts';

const BATCH_ITEMS = 100;
const BATCH_FIELDS = new Set(['company_id', 'calculation_date', 'payment_date', 'settings_lock', 'calculation_options']);

function batchBody(trace: boolean): string {
  const requests = Array.from({ length: BATCH_ITEMS }, (_, i) => monthlyRequest(i, trace));
  const common = Object.fromEntries(Object.entries(requests[0]!).filter(([k]) => BATCH_FIELDS.has(k)));
  const items = requests.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !BATCH_FIELDS.has(k))));
  return JSON.stringify({ ...common, items });
}

function pairs(): [single: Target, batch: Target][] {
  return [true, false].map((trace) => [
    {
      name: `monthly:calculate, ${trace ? 'with' : 'without'} trace`,
      method: 'POST',
      path: '/v1/payroll/monthly:calculate',
      body: JSON.stringify(monthlyRequest(1, trace)),
    },
    {
      name: `monthly:batch-calculate of ${BATCH_ITEMS}, ${trace ? 'with' : 'without'} trace`,
      method: 'POST',
      path: '/v1/payroll/monthly:batch-calculate',
      body: batchBody(trace),
    },
  ]);
}

export interface BatchHttpBench {
  text: string;
  /** Server CPU per item of the batch / per single call, with trace and without (median of the runs' ratios). */
  figures: { batchCpuPerItemRatioTrace: number; batchCpuPerItemRatioNoTrace: number };
}

/** Sends `t` `count` times, `concurrency` at a time; the server's CPU milliseconds over it (/proc). */
async function serverCpuMs(server: ServerProcess, key: string, t: Target, count: number, concurrency: number): Promise<number> {
  const before = server.cpu().allMs;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await fetch(server.url + t.path, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: t.body,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${t.name} answered ${res.status}: ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return server.cpu().allMs - before;
}

/**
 * `items` per run and kind: as many single calls (8 at a time), then items / BATCH_ITEMS batches (2 at
 * a time), in turns run by run. CPU time, not wall time, so a loaded machine changes the figures less
 * than it changes throughput.
 */
export async function benchBatchHttp(runs: number, items: number): Promise<BatchHttpBench> {
  const { server, key, stop } = await startBenchServer();
  try {
    const targets = pairs();
    const batches = Math.max(1, Math.round(items / BATCH_ITEMS));
    // warm-up: JIT and caches, not counted (and a check that every item computes)
    for (const [single, batch] of targets) {
      await serverCpuMs(server, key, single, BATCH_ITEMS, 8);
      const res = await fetch(server.url + batch.path, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: batch.body,
      });
      const answer = (await res.json()) as { results?: { status: number }[] };
      if (res.status !== 200 || answer.results?.some((r) => r.status !== 200))
        throw new Error(`${batch.name}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    const rows: string[][] = [];
    const ratios: number[] = [];
    for (const [single, batch] of targets) {
      const singleUs: number[] = [];
      const itemUs: number[] = [];
      for (let run = 0; run < runs; run++) {
        singleUs.push(((await serverCpuMs(server, key, single, batches * BATCH_ITEMS, 8)) * 1000) / (batches * BATCH_ITEMS));
        itemUs.push(((await serverCpuMs(server, key, batch, batches, 2)) * 1000) / (batches * BATCH_ITEMS));
      }
      const ratio = pairedRatio({ figure: itemUs, reference: singleUs });
      ratios.push(ratio);
      rows.push([batch.name, fmt(median(itemUs), 1), fmt(median(singleUs), 1), formatRatio(ratio)]);
    }
    const text = [
      `## HTTP batch (the HTTP section's server; per run ${batches * BATCH_ITEMS} single calls, 8 at a time, then ${batches} batches of ${BATCH_ITEMS}, 2 at a time)`,
      table(['route', 'server CPU us/item', 'single call CPU us/req', 'vs single'], rows),
      `server CPU: user + system time of the server process (/proc) over the calls / items computed; vs single: the median of each run's ratio of the batch's CPU per item to the single call's per request (at most 1x asked, issue 45 item 3)`,
    ].join('\n');
    return { text, figures: { batchCpuPerItemRatioTrace: ratios[0]!, batchCpuPerItemRatioNoTrace: ratios[1]! } };
  } finally {
    await stop();
  }
}
