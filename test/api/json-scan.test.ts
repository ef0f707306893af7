/**
 * The streaming body scan (server/app/http/json-scan.ts) gives the same verdict however the body is cut
 * into chunks (a UTF-8 sequence, a key or a number split between two), and its number check
 * (server/app/http/json-numbers.ts) passes exactly the numbers that JSON.parse and JSON.stringify keep.
 */
import { describe, expect, it } from 'vitest';
import { readsExactly } from '../../server/app/http/json-numbers.ts';
import { JsonBodyScanner, JsonScanRefusal, type JsonScanProblem } from '../../server/app/http/json-scan.ts';

function verdict(chunks: Uint8Array[], maxStringBytes?: number): JsonScanProblem | 'ok' {
  const scanner = new JsonBodyScanner(maxStringBytes);
  try {
    for (const c of chunks) scanner.push(c);
    scanner.end();
    return 'ok';
  } catch (err) {
    if (err instanceof JsonScanRefusal) return err.problem;
    throw err;
  }
}

/** The verdict of every two-chunk cut of body, which must all be the same; returns it. */
function sameAtEveryCut(body: string | Buffer, maxStringBytes?: number): JsonScanProblem | 'ok' {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const whole = verdict([bytes], maxStringBytes);
  for (let cut = 0; cut <= bytes.length; cut++) {
    expect(verdict([bytes.subarray(0, cut), bytes.subarray(cut)], maxStringBytes), `cut at ${cut}`).toEqual(whole);
  }
  return whole;
}

describe('the JSON body scan', () => {
  it('passes ordinary bodies, Japanese text and escapes at every cut', () => {
    expect(sameAtEveryCut('{"name":"給与 \\"x\\"","n":[1,-2,3.5,1e3,true,false,null],"k\\u00e9":{}}')).toBe('ok');
  });

  it('refuses bytes that are not UTF-8 with the offset of the first bad byte, at every cut', () => {
    expect(sameAtEveryCut(Buffer.from([0x7b, 0x22, 0x61, 0xe3, 0x81, 0x22, 0x7d]))).toEqual({ kind: 'utf8', byte: 3 });
    expect(sameAtEveryCut(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]))).toEqual({ kind: 'utf8', byte: 1 }); // a surrogate
    expect(sameAtEveryCut(Buffer.from([0x22, 0xc0, 0xaf, 0x22]))).toEqual({ kind: 'utf8', byte: 1 }); // overlong
    expect(sameAtEveryCut(Buffer.from([0x22, 0xf0, 0x9f, 0x98]))).toEqual({ kind: 'utf8', byte: 1 }); // cut by the end
  });

  it('finds "__proto__" however it is spelt or cut, with its path', () => {
    for (const key of ['__proto__', '\\u005f_proto__', '__\\u0070roto__']) {
      expect(sameAtEveryCut(`{"a":[{"b":1},{"${key}":{}}]}`)).toEqual({
        kind: 'forbidden_key',
        path: ['a', 1, '__proto__'],
        token: '__proto__',
      });
    }
    expect(sameAtEveryCut('{"__proto":1,"proto__":2,"x":"__proto__"}')).toBe('ok');
  });

  it('names an inexact number by its path, at every cut', () => {
    expect(sameAtEveryCut('{"m":{"ref":12345678901234567890}}')).toEqual({
      kind: 'inexact_number',
      path: ['m', 'ref'],
      token: '12345678901234567890',
    });
  });

  it('counts depth, values, array items and object members', () => {
    expect(verdict([Buffer.from('['.repeat(33))])).toEqual({ kind: 'depth', byte: 32 });
    expect(verdict([Buffer.from(`${'['.repeat(32)}${']'.repeat(32)}`)])).toBe('ok');
    expect(verdict([Buffer.from(`{"a":[${'0,'.repeat(1000)}0],"b":[[${'0,'.repeat(1000)}0]]}`)])).toEqual({
      kind: 'oversize',
      containers: [
        { kind: 'array', path: ['a'], items: 1001 },
        { kind: 'array', path: ['b', 0], items: 1001 },
      ],
    });
    // an oversize array inside an oversize one is not reported apart
    expect(verdict([Buffer.from(`[[${'0,'.repeat(1000)}0],${'[0],'.repeat(1000)}[0]]`)])).toEqual({
      kind: 'oversize',
      containers: [{ kind: 'array', path: [], items: 1002 }],
    });
    const keys = Array.from({ length: 1001 }, (_, i) => `"k${i}":${i}`).join(',');
    expect(verdict([Buffer.from(`{"m":{${keys}}}`)])).toEqual({
      kind: 'oversize',
      containers: [{ kind: 'object', path: ['m'], items: 1001 }],
    });
    expect(verdict([Buffer.from(`[${'0,'.repeat(999)}0]`)])).toBe('ok');
  });

  it('refuses a string of more bytes than its bound, value or key, with its place, at every cut', () => {
    const long = 'x'.repeat(13);
    expect(sameAtEveryCut(`{"a":[1,"${'x'.repeat(12)}"],"b":"\\u00e9"}`, 12)).toBe('ok');
    expect(sameAtEveryCut(`{"a":[1,"${long}"],"b":2}`, 12)).toEqual({ kind: 'long_string', path: ['a', 1] });
    expect(sameAtEveryCut(`{"a":{"k":1,"${long}":2}}`, 12)).toEqual({ kind: 'long_string', path: ['a'], name: long });
    expect(sameAtEveryCut(`{"a":"\\u00e9\\u00e9\\u00e9"}`, 12)).toEqual({ kind: 'long_string', path: ['a'] });
    // unbounded by default
    expect(sameAtEveryCut(`{"a":"${long}"}`)).toBe('ok');
  });

  it('after a long string, reads only for UTF-8: a later broken byte is still the answer, other problems are not', () => {
    const after = (rest: string | Buffer) => Buffer.concat([Buffer.from(`{"a":"${'x'.repeat(20)}",`), Buffer.from(rest)]);
    expect(sameAtEveryCut(after(Buffer.from([0x22, 0xff, 0x22, 0x7d])), 12)).toEqual({ kind: 'utf8', byte: 29 });
    expect(sameAtEveryCut(after(`"b":${'['.repeat(40)}`), 12)).toEqual({ kind: 'long_string', path: ['a'] });
    expect(sameAtEveryCut(after('"__proto__":1}'), 12)).toEqual({ kind: 'long_string', path: ['a'] });
  });

  it('remembers the first word that is no JSON literal, for the syntax error place', () => {
    const scanner = new JsonBodyScanner();
    scanner.push(Buffer.from('{"a": tru, "b": secret}'));
    expect(scanner.stray).toBe(6);
  });
});

describe('readsExactly', () => {
  it.each(['0', '-0', '1.5', '1.50', '15e-1', '0.1', '9007199254740991', '1e21', '1E+21', '5e-324', '0.000001'])(
    '%s reads as the number sent',
    (token) => expect(readsExactly(token)).toBe(true),
  );
  it.each(['12345678901234567890', '9007199254740993', '1e400', '-1e400', '1e-400', '0.30000000000000000001'])(
    '%s would be read as another number',
    (token) => expect(readsExactly(token)).toBe(false),
  );
});
