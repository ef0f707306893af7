/**
 * The code cache of the server bundle (server/boot/code-cache.ts): a cache is handed to V8 only for the exact
 * bytes it was made from. V8's own check looks at the source's length only, so a cache of another
 * source of the same length would run the other source's code: shown here, and refused by the header.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { readCodeCache, sha256, writeCodeCache } from '../../server/boot/code-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two sources of the same length that compute different values. */
const ONE = Buffer.from('(function () { return "one"; })');
const TWO = Buffer.from('(function () { return "two"; })');

function compiled(source: Buffer, cachedData?: Buffer): vm.Script {
  return new vm.Script(source.toString('utf8'), { filename: 'bundle.cjs', cachedData });
}
const run = (script: vm.Script) => (script.runInThisContext() as () => string)();

describe('the bundle code cache', () => {
  it('gives back the data made from the same bytes, and V8 takes it', () => {
    const file = join(dir, 'same.code-cache');
    writeCodeCache(file, sha256(ONE), compiled(ONE).createCachedData());
    const data = readCodeCache(file, sha256(ONE));
    expect(data).toBeInstanceOf(Buffer);
    const script = compiled(ONE, data);
    expect(script.cachedDataRejected).toBe(false);
    expect(run(script)).toBe('one');
  });

  it('refuses a cache made from other bytes of the same length, which V8 alone would take', () => {
    const file = join(dir, 'other.code-cache');
    const data = compiled(ONE).createCachedData();
    writeCodeCache(file, sha256(ONE), data);
    expect(ONE.length).toBe(TWO.length);
    // V8 accepts the other source's cache and runs the bytecode it holds: "one" for the source of "two"
    const fooled = compiled(TWO, data);
    expect(fooled.cachedDataRejected).toBe(false);
    expect(run(fooled)).toBe('one');
    // the header names the source it was made from: no cache for TWO
    expect(readCodeCache(file, sha256(TWO))).toBeUndefined();
  });

  it('refuses damaged data, a header of another Node version or format, and a file that is not a cache', () => {
    const file = join(dir, 'damaged.code-cache');
    writeCodeCache(file, sha256(ONE), compiled(ONE).createCachedData());
    const bytes = readFileSync(file);
    const newline = bytes.indexOf(0x0a);
    const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Record<string, unknown>;
    const data = bytes.subarray(newline + 1);
    const withHeader = (h: Record<string, unknown>, d: Buffer) => {
      writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(h)}\n`), d]));
      return readCodeCache(file, sha256(ONE));
    };
    expect(withHeader(header, data)).toBeInstanceOf(Buffer); // the file as written is good

    const flipped = Buffer.from(data);
    flipped[flipped.length >> 1] ^= 0xff;
    expect(withHeader(header, flipped)).toBeUndefined();
    expect(withHeader(header, data.subarray(0, data.length - 1))).toBeUndefined();
    expect(withHeader({ ...header, node: 'v0.0.0' }, data)).toBeUndefined();
    expect(withHeader({ ...header, format: 0 }, data)).toBeUndefined();
    writeFileSync(file, 'not a cache');
    expect(readCodeCache(file, sha256(ONE))).toBeUndefined();
    expect(readCodeCache(join(dir, 'missing.code-cache'), sha256(ONE))).toBeUndefined();
  });

  it('says nothing where it cannot write, and leaves no temporary file', () => {
    // a regular file where the folder should be: every write below it fails (root ignores permission bits)
    const notAFolder = join(dir, 'not-a-folder');
    writeFileSync(notAFolder, '');
    expect(() => writeCodeCache(join(notAFolder, 'x.code-cache'), sha256(ONE), Buffer.from('data'))).not.toThrow();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
