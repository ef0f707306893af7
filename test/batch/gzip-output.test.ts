/**
 * npm run batch -- --gzip: the output file is gzip (one member per chunk, compressed by the workers) and
 * decompresses to the lines an uncompressed run writes (their ids and timestamps aside), in order, with
 * traces, across several chunks and both workers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { BENCH_COMPANY, BENCH_PROFILE_PUT, monthlyRequest } from '../../tools/bench/sample-requests.ts';
import { outputLines, runBatchCli, tempDir, withoutIds } from './support.ts';

describe('batch --gzip', () => {
  it('writes gzip that decompresses to the plain run, line for line', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.jsonl');
    // 40 lines with trace and without, one refused: several chunks (the first ones are 32 lines)
    const lines = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ type: 'monthly_payroll', request: monthlyRequest(i, i % 2 === 0) }),
    );
    lines.push(JSON.stringify({ type: 'monthly_payroll', request: { ...monthlyRequest(1, true), base_pay: -1 } }));
    writeFileSync(input, lines.join('\n') + '\n');
    const profiles = join(dir, 'profiles.yaml');
    writeFileSync(profiles, stringify({ companies: [{ company_id: BENCH_COMPANY, profile_puts: [BENCH_PROFILE_PUT] }] }));
    const common = ['--in', input, '--profiles', profiles, '--workers', '2'];
    const plain = await runBatchCli([...common, '--out', join(dir, 'out.jsonl')]);
    const packed = await runBatchCli([...common, '--out', join(dir, 'out.jsonl.gz'), '--gzip']);
    expect([plain.code, packed.code]).toEqual([3, 3]);
    const compressed = readFileSync(join(dir, 'out.jsonl.gz'));
    expect([compressed[0], compressed[1]]).toEqual([0x1f, 0x8b]); // the gzip magic
    const text = gunzipSync(compressed).toString('utf8');
    const plainText = readFileSync(join(dir, 'out.jsonl'), 'utf8');
    expect(compressed.length * 3).toBeLessThan(plainText.length);
    const strip = (l: Record<string, any>) => ({ ...l, ...(l.result ? { result: withoutIds(l.result) } : { error: withoutIds(l.error) }) });
    const got = outputLines(text);
    expect(got.map((l) => l.line)).toEqual(lines.map((_, i) => i + 1));
    expect(got.map(strip)).toEqual(outputLines(plainText).map(strip));
    expect(got[0].result.calculation_trace.length).toBeGreaterThan(10);
    expect(got[40].status).toBe(422);
  }, 120_000);
});
