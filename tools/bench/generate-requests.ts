/**
 * Generated batch inputs: N monthly payroll lines (tools/bench/sample-requests.ts) and the YAML profile
 * file of their company. Used by the bench, and on its own for a large run:
 *   npx tsx tools/bench/generate-requests.ts 1000000 notrace .tmp/in1m.jsonl .tmp/profiles.yaml
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyBatchLine } from './sample-requests.ts';

export async function writeRequests(file: string, lines: number, trace: boolean): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < lines; i++) {
    if (!out.write(monthlyBatchLine(i, trace) + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await finished(out);
}

export function writeProfiles(file: string): void {
  writeFileSync(file, stringify({ companies: [{ company_id: BENCH_COMPANY, profile_puts: [BENCH_PROFILE_PUT] }] }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [count, mode, requests, profiles] = process.argv.slice(2);
  if (!/^[1-9]\d*$/.test(count ?? '') || !['trace', 'notrace'].includes(mode ?? '') || !requests || !profiles) {
    process.stderr.write('usage: tsx tools/bench/generate-requests.ts COUNT trace|notrace REQUESTS.jsonl PROFILES.yaml\n');
    process.exit(2);
  }
  await writeRequests(requests, Number(count), mode === 'trace');
  writeProfiles(profiles);
}
