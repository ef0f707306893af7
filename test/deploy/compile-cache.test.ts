/**
 * dist/main.js (server/boot/boot.ts, built as `npm run build` builds it) beside a small stand-in for the
 * server bundle: it names the bundle by the SHA-256 of its bytes before running it (the load cache's proof
 * is of that bundle), and on Node 22 and later runs it through Node's compile cache in dist/compile-cache/.
 * A cache is taken only for the bytes it was made from: a bundle rebuilt to other bytes of the same length
 * runs its own code. Where the cache folder cannot be made, the bundle runs all the same. Node reports what
 * its compile cache does under NODE_DEBUG_NATIVE=COMPILE_CACHE, on stderr.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleIdentityOf } from '../../server/boot/bundle-identity.ts';
import { SHIM } from '../../tools/build.ts';

const ROOT = join(import.meta.dirname, '../..');
const HAS_COMPILE_CACHE = Number(process.versions.node.split('.')[0]) >= 22;
const dist = mkdtempSync(join(tmpdir(), 'compile-cache-'));
const bundle = join(dist, 'server.cjs');
afterAll(() => rmSync(dist, { recursive: true, force: true }));
beforeAll(async () => {
  await build({ ...SHIM, absWorkingDir: ROOT, outdir: dist, logLevel: 'silent' });
});

/** A stand-in bundle: its answer, and the identity boot.ts gave it. Same length for any answer of 3 letters. */
function writeBundle(answer: string): Buffer {
  const source = Buffer.from(
    `console.log(JSON.stringify({ answer: ${JSON.stringify(answer)}, identity: globalThis[Symbol.for('payroll.server-bundle-identity')] }));\n`,
  );
  writeFileSync(bundle, source);
  return source;
}

/** One start of dist/main.js: what the bundle printed and what the compile cache reported. */
function start(): { answer: string; identity: string; cache: string } {
  const res = spawnSync(process.execPath, [join(dist, 'main.js')], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
  });
  expect(res.status, res.stderr).toBe(0);
  return { ...(JSON.parse(res.stdout) as { answer: string; identity: string }), cache: res.stderr };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const accepted = /V8 code cache for CommonJS \S*server\.cjs was accepted/;

describe('dist/main.js', () => {
  it('runs the bundle, named by the SHA-256 of its bytes', () => {
    rmSync(join(dist, 'compile-cache'), { recursive: true, force: true });
    const source = writeBundle('one');
    expect(start()).toMatchObject({ answer: 'one', identity: bundleIdentityOf(sha256(source)) });
  });

  it.runIf(HAS_COMPILE_CACHE)('on Node 22 and later, the next start takes the compile cache the first wrote in dist/compile-cache', () => {
    rmSync(join(dist, 'compile-cache'), { recursive: true, force: true });
    writeBundle('one');
    const first = start();
    expect(first.cache).not.toMatch(accepted);
    expect(readdirSync(join(dist, 'compile-cache'), { recursive: true }).length).toBeGreaterThan(1); // a folder per Node, an entry in it
    const next = start();
    expect(next.answer).toBe('one');
    expect(next.cache).toMatch(accepted);
  });

  it.runIf(HAS_COMPILE_CACHE)('a bundle rebuilt to other bytes of the same length runs its own code, and its cache is made again', () => {
    rmSync(join(dist, 'compile-cache'), { recursive: true, force: true });
    const one = writeBundle('one');
    start();
    expect(start().cache).toMatch(accepted);
    const two = writeBundle('two');
    expect(two.length).toBe(one.length);
    const rebuilt = start();
    expect(rebuilt).toMatchObject({ answer: 'two', identity: bundleIdentityOf(sha256(two)) });
    expect(rebuilt.cache).not.toMatch(accepted);
    expect(rebuilt.cache).toMatch(/code hash mismatch/);
    expect(start()).toMatchObject({ answer: 'two', cache: expect.stringMatching(accepted) });
  });

  it('where the cache folder cannot be made, the bundle runs all the same', () => {
    rmSync(join(dist, 'compile-cache'), { recursive: true, force: true });
    // a regular file where the folder should be: nothing can be written below it (root ignores permission bits)
    writeFileSync(join(dist, 'compile-cache'), '');
    try {
      writeBundle('one');
      const res = start();
      expect(res.answer).toBe('one');
      expect(res.cache).not.toMatch(accepted);
    } finally {
      rmSync(join(dist, 'compile-cache'), { force: true });
    }
  });
});
