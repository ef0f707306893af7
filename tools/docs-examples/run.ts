/**
 * Runs a document's curl examples, in order, against the running code: a server on a random local
 * port with the real engine and a fresh SQLite store in a temporary folder, one Standard account (the
 * examples' $API_KEY). Returns the document with every example's response block rewritten.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadEngine } from '../../engine/index.ts';
import { createAccountWithKey } from '../../server/app/accounts.ts';
import { startServer } from '../../server/app/http-server.ts';
import { openSqliteStore } from '../../server/app/store/sqlite.ts';
import { shellExamples, withResponseBlocks } from './curl-examples.ts';
import { summarizeResponse } from './summarize.ts';

export interface ExampleResponse {
  method: string;
  path: string;
  status: number;
  /** the status the example says it shows (`# expect NNN`), when it shows a refusal */
  expected?: number;
}

/** An example succeeded: the status it expects, or else a 2xx. */
export function exampleFailed(r: ExampleResponse): boolean {
  return r.expected !== undefined ? r.status !== r.expected : r.status >= 300;
}

export async function renderDocExamples(markdown: string): Promise<{ text: string; responses: ExampleResponse[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-docs-examples-'));
  const store = await openSqliteStore(join(dir, 'payroll.sqlite'));
  const server = await startServer(
    {
      engine: loadEngine(),
      store,
      logger: pino({ level: 'silent' }),
      config: { rateLimitPerSecond: 1000, rateLimitBurst: 2000, freePlanMonthlyQuota: 10, maxBodyBytes: 1024 * 1024 },
    },
    0,
    '127.0.0.1',
  );
  try {
    const { api_key } = await createAccountWithKey(store, 'docs examples', 'standard');
    const lines = markdown.split('\n');
    const responses: ExampleResponse[] = [];
    const rendered: string[][] = [];
    for (const block of shellExamples(lines)) {
      const out: string[] = [];
      for (const c of block.commands) {
        const res = await fetch(`${server.url}${c.path}`, {
          method: c.method,
          headers: { 'X-API-Key': api_key, ...(c.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...c.headers },
          body: c.body,
        });
        responses.push({ method: c.method, path: c.path, status: res.status, ...(c.expectedStatus ? { expected: c.expectedStatus } : {}) });
        if (out.length) out.push('');
        out.push(...summarizeResponse(c.method, c.path, res.status, await res.json()));
      }
      rendered.push(out);
    }
    return { text: withResponseBlocks(lines, rendered).join('\n'), responses };
  } finally {
    await server.stop(2000);
    rmSync(dir, { recursive: true, force: true });
  }
}
