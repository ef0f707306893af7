/**
 * Reading a JSON body: what the streaming scan
 * refuses while the body arrives (depth, value count, invalid UTF-8, numbers that would be read as other
 * numbers, "__proto__"), where broken JSON breaks (line and column, never the body echoed), a missing
 * body said to be missing, and a client that leaves mid-body logged as a client abort at info, never as
 * a 5xx. SQLite and PostgreSQL (on PostgreSQL the key lookup is asynchronous, so an abort often lands
 * before the body is read at all).
 */
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { describeEachStore } from './support/databases.ts';
import { freshServer } from './support/fresh-server.ts';
import { call } from './support/test-server.ts';

describeEachStore('reading a JSON body (%s)', (kind) => {
  const api = freshServer(kind, { company: 'acme-tokyo' });

  const send = (body: string | Buffer, headers: Record<string, string> = {}) =>
    call(api.server, 'POST', PATHS.incomeTax, {
      key: api.key,
      rawBody: body as string,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('refuses nesting deeper than 32 with a 422 naming the depth and the byte, before parsing it', async () => {
    const deep = `${'['.repeat(450_000)}${']'.repeat(450_000)}`;
    for (const [body, headers] of [
      [deep, {}],
      [gzipSync(deep), { 'Content-Encoding': 'gzip' }],
    ] as const) {
      const res = await send(body, headers);
      expect(res.status).toBe(422);
      expect(res.json.error.details).toEqual([
        { path: [], code: 'too_deep', message: 'The body nests arrays and objects more than 32 deep (at byte 32).' },
      ]);
    }
    // 32 deep is still read (and refused by the schema as the wrong type, not by the scan)
    const res = await send(`${'['.repeat(32)}${']'.repeat(32)}`);
    expect(res.status).toBe(422);
    expect(res.json.error.details[0].code).not.toBe('too_deep');
  });

  it('refuses more than 400,000 values with a 422', async () => {
    const res = await send(`[${'0,'.repeat(400_000)}0]`);
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: [], code: 'too_many_values', message: 'The body holds more than 400,000 values (at byte 799999).' },
    ]);
  });

  it('refuses an array or object of more than 1,000 before parsing it, worded by the schema where it bounds it', async () => {
    const monthly = bodies.monthly() as Record<string, unknown>;
    const keys = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]));
    const allowance = { ...(monthly.allowances as object[])[0], metadata: keys };
    const res = await call(api.server, 'POST', PATHS.monthly, {
      key: api.key,
      body: {
        ...monthly,
        allowances: [allowance],
        custom_deductions: Array(1001).fill({}),
        unknown_list: [Array(5000).fill(1)],
        previous_adjustments: Array(1000).fill(1),
        unknown_map: keys,
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.details).toEqual([
      { path: ['allowances', 0, 'metadata'], code: 'invalid_length', message: 'must NOT have more than 20 properties (has 1001).' },
      { path: ['custom_deductions'], code: 'invalid_length', message: 'must NOT have more than 50 items (has 1001).' },
      { path: ['unknown_list', 0], code: 'invalid_length', message: 'must NOT have more than 1000 items (has 5000).' },
      { path: ['unknown_map'], code: 'invalid_length', message: 'must NOT have more than 1000 properties (has 1001).' },
    ]);
  });

  it('refuses a body that is not UTF-8 with 400 naming the byte, instead of reading U+FFFD', async () => {
    const good = Buffer.from(JSON.stringify(bodies.incomeTax()));
    const at = good.indexOf('acme-tokyo');
    for (const bad of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe3, 0x81]]) {
      const body = Buffer.concat([good.subarray(0, at), Buffer.from(bad), good.subarray(at)]);
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('malformed_json');
      expect(res.json.error.message).toMatch(/^The request body is not valid UTF-8 \(byte \d+\); JSON must be sent as UTF-8\.$/);
    }
    // Japanese text is UTF-8 and passes
    const ok = await send(Buffer.from(JSON.stringify({ ...bodies.incomeTax(), company_id: '株式会社' })));
    expect(ok.status).toBe(404);
  });

  it('names a "__proto__" key as refused, with its path', async () => {
    // plain, partly escaped, and escaped throughout in upper-case hex
    for (const raw of ['"__proto__"', '"\\u005f_proto__"', '"\\u005F\\u005F\\u0070\\u0072\\u006F\\u0074\\u006F\\u005F\\u005F"']) {
      const body = JSON.stringify(bodies.incomeTax()).replace(/}$/, `,"calculation_options":{${raw}:{"x":1}}}`);
      const res = await send(body);
      expect(res.status).toBe(422);
      expect(res.json.error.details).toEqual([
        {
          path: ['calculation_options', '__proto__'],
          code: 'forbidden_key',
          message: 'The key "__proto__" is refused in a request body; rename it.',
        },
      ]);
    }
  });

  it('refuses a number that would be read as another number, naming its path; exact numbers in any notation pass', async () => {
    const withBasis = (n: string) => JSON.stringify(bodies.incomeTax()).replace(/"taxable_payment":\d+/, `"taxable_payment":${n}`);
    expect(withBasis('1').includes('"taxable_payment":1')).toBe(true);
    for (const n of ['12345678901234567890', '1e400', '-1e-400', '0.30000000000000000001']) {
      const res = await send(withBasis(n));
      expect(res.status).toBe(422);
      expect(res.json.error.details).toEqual([
        {
          path: ['taxable_payment'],
          code: 'inexact_number',
          message: `${n} cannot be read exactly as a JSON number (more than 15-17 significant digits, or out of range); send it as a string.`,
        },
      ]);
    }
    for (const n of ['300000', '300000.0', '3e5', '3.00000E+5', '9007199254740991']) {
      const res = await send(withBasis(n));
      expect(res.json.error?.details?.[0]?.code ?? null).not.toBe('inexact_number');
    }
  });

  it.each([
    ['{"company_id": ', 'line 1, column 16'],
    ['{"a":1,}', 'line 1, column 8'],
    ['{\n  "a": 1,\n  "b": secret\n}', 'line 3, column 8'],
    ['{\n  "a": [1 2]\n}', 'line 2, column 11'],
    ['   ', null],
  ])('broken JSON %j: 400 with the line and column, without the body', async (body, place) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('malformed_json');
    if (place === null) expect(res.json.error.message).toBe(EMPTY_BODY);
    else expect(res.json.error.message).toBe(`The request body is not valid JSON (${place}).`);
    expect(res.json.error.message).not.toContain('secret');
  });

  it('a missing body with Content-Type: application/json is said to be missing (not a 415)', async () => {
    const none = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key, headers: { 'Content-Type': 'application/json' } });
    expect(none.status).toBe(400);
    expect(none.json.error).toMatchObject({ code: 'malformed_json', message: EMPTY_BODY });
    const empty = await send('');
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe(EMPTY_BODY);
    // without the Content-Type too, the type is what is wrong
    const untyped = await call(api.server, 'POST', PATHS.incomeTax, { key: api.key });
    expect(untyped.status).toBe(415);
  });

  it.each([
    ['at once', 0],
    ['while the body is being read', 150],
  ])('a client that leaves mid-body (%s) is logged as a client abort at info, with no 5xx', async (_when, afterMs) => {
    const before = api.server.logs.length;
    const { port } = new URL(api.server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    const head = `POST ${PATHS.incomeTax} HTTP/1.1\r\nHost: t\r\nX-API-Key: ${api.key}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n`;
    socket.write(`${head}{"company_id":"acme`);
    if (afterMs > 0) await new Promise((r) => setTimeout(r, afterMs));
    socket.destroy();
    const deadline = Date.now() + 5000;
    const lines = () => api.server.logs.slice(before);
    while (!lines().some((l) => l.msg === 'request') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const request = lines().find((l) => l.msg === 'request');
    expect(request).toMatchObject({ route: '/v1/simulations/income-tax:calculate', status: 400 });
    const abort = lines().find((l) => l.msg === 'client aborted the request');
    expect(abort).toMatchObject({ level: 30, request_id: request!.request_id });
    expect(lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

const EMPTY_BODY = 'The request body is missing: send the request as a JSON object, with Content-Type: application/json.';
