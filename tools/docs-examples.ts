/**
 * `npm run docs:examples`: runs every curl example of docs/api.md against the running code and rewrites
 * the marked response block after each one, so the documented answers are the real ones. A test
 * fails when the file differs from what this would write. Exit 1 when an example does not succeed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exampleFailed, renderDocExamples } from './docs-examples/run.ts';

export const API_DOC = fileURLToPath(new URL('../docs/api.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { text, responses } = await renderDocExamples(readFileSync(API_DOC, 'utf8'));
  writeFileSync(API_DOC, text);
  const failed = responses.filter(exampleFailed);
  for (const r of failed) process.stderr.write(`docs:examples: ${r.method} ${r.path} answered ${r.status}\n`);
  process.stderr.write(`wrote ${responses.length} responses to ${API_DOC}\n`);
  process.exitCode = failed.length ? 1 : 0;
}
