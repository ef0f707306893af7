/**
 * Makes the server bundle ASCII: `npm run build` runs it on dist/server.cjs after esbuild. esbuild
 * escapes every non-ASCII character of the code (its default --charset=ascii) but keeps the comments it
 * preserves as they are, and a few hold one (a Japanese table name in the engine, a dash or a ± in a
 * dependency). One such character makes V8 hold the whole 2.3 MB source as a two-byte string, twice
 * (read, then wrapped for CommonJS), at every start (docs/history/performance-rounds.md, fourteenth
 * round, has the cost). Each is written as `\u{…}`: only comments
 * hold them, so no string, regular expression or identifier changes.
 *
 *   tsx tools/bundle-ascii.ts dist/server.cjs
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function asciiSource(source: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range starts at U+0000
  return source.replace(/[^\x00-\x7f]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: tsx tools/bundle-ascii.ts FILE\n');
    process.exit(2);
  }
  const source = readFileSync(file, 'utf8');
  const ascii = asciiSource(source);
  if (ascii !== source) writeFileSync(file, ascii);
}
