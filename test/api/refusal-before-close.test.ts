/**
 * Issue 46 item 4: a client that is still sending its body when the server refuses it, and that asked
 * for `Connection: close` (or is answered with it), reads the refusal instead of a reset. Node closed
 * such a connection as soon as the answer was written, with the rest of the body unread in the socket,
 * and the kernel answered the unread bytes with a reset, which the client met in a write before it had
 * read the answer (EPIPE). Now the server reads and discards the rest (server/app/http/lingering-close.ts,
 * within a bound of time and bytes) before it closes, so every refusal is read: an oversize body (refused
 * by its Content-Length before a byte is read, or part-way by the bytes received), and a body behind a
 * bad key. The server is `npm start`'s process: a client in the server's own process never loses the race.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from './support/bodies.ts';
import { LINGER_MAX_BYTES } from '../../server/app/http/lingering-close.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { startServerProcess, type ListeningServerProcess } from './support/server-process.ts';

const LIMIT = 64 * 1024;
/** Sent after the head, in pieces: far more than the socket buffers hold, so some is unread when the answer goes. */
const BODY_BYTES = 4 * 1024 * 1024;
const PIECE_BYTES = 64 * 1024;
const ROUNDS = 20;

interface Outcome {
  status: number | null;
  code: string | null;
  error: string | null;
}

/** One POST of BODY_BYTES with Connection: close, written piece by piece as the socket takes them. */
function sendOversize(url: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { status: null, code: null, error: null };
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = http.request(
      `${url}${PATHS.incomeTax}`,
      { method: 'POST', agent: false, headers: { Connection: 'close', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          outcome.status = res.statusCode!;
          outcome.code = JSON.parse(Buffer.concat(chunks).toString('utf8')).error.code;
          settle();
        });
        res.on('error', (err: NodeJS.ErrnoException) => {
          outcome.error = err.code ?? err.message;
          settle();
        });
      },
    );
    // After the answer was read, the end of the upload is not this test's concern.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (outcome.status === null) outcome.error = err.code ?? err.message;
      settle();
    });
    const piece = Buffer.alloc(PIECE_BYTES, 0x20);
    let written = 0;
    const writeMore = () => {
      while (written < BODY_BYTES && !req.destroyed) {
        written += PIECE_BYTES;
        if (!req.write(piece)) return void req.once('drain', writeMore);
      }
      if (!req.destroyed) req.end();
    };
    writeMore();
  });
}

describe('a refusal sent while the client is still sending, with Connection: close (npm start, sqlite)', () => {
  let db: TestDatabase;
  let server: ListeningServerProcess;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    // A request deadline far beyond the test's: only the lingering bounds can end a connection here.
    server = await startServerProcess(db, { PAYROLL_MAX_BODY_BYTES: String(LIMIT), PAYROLL_REQUEST_TIMEOUT_MS: '600000' });
  }, 120_000);
  afterAll(async () => {
    server?.kill();
    await server?.exited;
    await db?.drop();
  });
  const api = {
    get key() {
      return server.apiKey;
    },
  };

  const cases: [string, () => Record<string, string>, number, string][] = [
    [
      'an oversize Content-Length (refused before the body is read)',
      () => ({ 'X-API-Key': api.key, 'Content-Type': 'application/json', 'Content-Length': String(BODY_BYTES) }),
      413,
      'payload_too_large',
    ],
    [
      'an oversize chunked body (refused part-way)',
      () => ({ 'X-API-Key': api.key, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
      413,
      'payload_too_large',
    ],
    [
      'a body behind a key that does not exist',
      () => ({ 'X-API-Key': 'pay_000000000000_nope', 'Content-Type': 'application/json', 'Content-Length': String(BODY_BYTES) }),
      401,
      'unauthorized',
    ],
  ];
  for (const [name, headers, status, code] of cases)
    it(`${name}: every refusal is read, none reset`, async () => {
      const outcomes: Outcome[] = [];
      for (let i = 0; i < ROUNDS; i++) outcomes.push(await sendOversize(server.url, headers()));
      const read = outcomes.filter((o) => o.status === status && o.code === code).length;
      console.log(`${name}: ${read} of ${ROUNDS} refusals read; errors ${JSON.stringify(outcomes.map((o) => o.error).filter(Boolean))}`);
      expect(outcomes.map((o) => o.error).filter((e) => e !== null)).toEqual([]);
      expect(read).toBe(ROUNDS);
    }, 60_000);

  /** A raw connection that sends the head of an oversize POST with Connection: close and reads what comes. */
  function oversizeHead(length: number): { socket: net.Socket; answer: Promise<string>; closed: Promise<void> } {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    let gotAnswer: (t: string) => void;
    const answer = new Promise<string>((r) => (gotAnswer = r));
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}\}$/.test(text)) gotAnswer(text);
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.write(
      `POST ${PATHS.incomeTax} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-API-Key: ${server.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    return { socket, answer, closed };
  }

  it('a client that stops sending after its refusal is closed by the lingering deadline, not held until the request deadline', async () => {
    const c = oversizeHead(BODY_BYTES);
    expect((await c.answer).split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    // the client neither sends nor closes: the server closes (LINGER_MS), long before its 600 s request deadline
    await c.closed;
  }, 60_000);

  it('a client that goes on sending after its refusal is cut after LINGER_MAX_BYTES', async () => {
    const total = 16 * LINGER_MAX_BYTES;
    const c = oversizeHead(total);
    expect((await c.answer).split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    const piece = Buffer.alloc(256 * 1024, 0x20);
    let written = 0;
    await new Promise<void>((resolve) => {
      const more = () => {
        while (written < total && !c.socket.destroyed) {
          written += piece.length;
          if (!c.socket.write(piece)) return void c.socket.once('drain', more);
        }
        resolve();
      };
      c.socket.once('close', () => resolve());
      more();
    });
    await c.closed;
    // what was written beyond the bound sat in the two sockets' buffers (a few MB at most on loopback)
    expect(written).toBeLessThan(2 * LINGER_MAX_BYTES);
  }, 60_000);
});
