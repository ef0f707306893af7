/**
 * Issue 22 item 2: SIGTERM under keep-alive load never resets a request. `npm start`'s process (one
 * process, and a cluster of two workers; SQLite and PostgreSQL) serves 32 kept-alive connections that
 * send POSTs back to back; at the moment of the signal every connection has a request on its way (all
 * 32 written, then the signal), and each goes on sending for a moment after it. Every request sent is
 * answered, 200 (it was in flight, or came within the drain's accept window) or 503
 * service_unavailable with Connection: close (it came after the listener closed); no connection is reset,
 * none is closed under a request, and the process exits 0. Before the fix 32 (SQLite) and 12
 * (PostgreSQL) requests got ECONNRESET: the drain closed "idle" connections whose next request was
 * already in the socket buffer.
 */
import { expect, it } from 'vitest';
import { bodies, PATHS } from './support/bodies.ts';
import { createTestDatabase, describeUnless, storeSkipReason, type StoreKind } from './support/databases.ts';
import { RawConnection } from './support/raw-http.ts';
import { startServerProcess } from './support/server-process.ts';
import { putProfile } from './support/test-server.ts';

const CONNECTIONS = 32;
/** Requests each connection sends before the round the signal arrives in. */
const WARM_UP = 3;

function post(key: string): string {
  const payload = JSON.stringify(bodies.monthly());
  return (
    `POST ${PATHS.monthly} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nX-API-Key: ${key}\r\n` +
    `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`
  );
}

interface Outcome {
  statuses: number[];
  /** 503s that are not the drain's envelope with Connection: close. */
  badRefusals: number;
  error: string | null;
  /** Requests written that got no answer before the connection closed. */
  unanswered: number;
}

/**
 * Requests a connection sends after the signal go out only within this time of it: well inside the
 * drain's idle grace (250 ms), so each of them is one the server must answer. (A request sent later on
 * a connection the drain is closing meets HTTP/1.1 keep-alive's own race, which no server can avoid.)
 */
const FOLLOW_UP_WINDOW_MS = 100;

/** Sends requests back to back until an answer says Connection: close, the window closes, or the connection ends. */
async function keepSending(connection: RawConnection, request: string, sent: number, signalAt: number): Promise<Outcome> {
  const outcome: Outcome = { statuses: [], badRefusals: 0, error: null, unanswered: 0 };
  for (;;) {
    const responses = await connection.waitForResponses(sent);
    const last = responses.at(-1);
    if (responses.length < sent) {
      outcome.unanswered = sent - responses.length;
      break;
    }
    outcome.statuses.push(last!.status);
    if (last!.status === 503) {
      const body = JSON.parse(last!.body);
      if (body.error.code !== 'service_unavailable' || last!.headers.connection !== 'close') outcome.badRefusals++;
    }
    if (last!.headers.connection === 'close' || Date.now() - signalAt >= FOLLOW_UP_WINDOW_MS) break;
    connection.write(request);
    sent++;
  }
  await connection.closed;
  outcome.error = connection.error?.code ?? null;
  return outcome;
}

const SETUPS = (['sqlite', 'postgres'] as StoreKind[]).flatMap((kind) => [1, 2].map((workers) => [kind, workers] as const));

for (const [kind, workers] of SETUPS)
  describeUnless(storeSkipReason(kind), `SIGTERM under keep-alive load (${kind}, PAYROLL_WORKERS=${workers})`, () => {
    it('answers every request already sent, resets none, and exits 0', async () => {
      const db = await createTestDatabase(kind);
      const server = await startServerProcess(db, { PAYROLL_WORKERS: String(workers) });
      try {
        expect((await putProfile(server, server.apiKey, 'acme-tokyo')).status).toBe(200);
        const request = post(server.apiKey);
        const connections = await Promise.all(Array.from({ length: CONNECTIONS }, () => RawConnection.open(server.url)));
        for (let round = 1; round <= WARM_UP; round++) {
          for (const c of connections) c.write(request);
          for (const c of connections) expect((await c.waitForResponses(round)).map((r) => r.status)).toEqual(Array(round).fill(200));
        }
        // every connection has a request on its way when the signal comes
        await Promise.all(connections.map((c) => c.writeAndFlush(request)));
        const signalAt = Date.now();
        server.child.kill('SIGTERM');
        const outcomes = await Promise.all(connections.map((c) => keepSending(c, request, WARM_UP + 1, signalAt)));
        expect(await server.exited).toBe(0);
        expect(outcomes.map((o) => o.error).filter((e) => e !== null)).toEqual([]);
        expect(outcomes.reduce((n, o) => n + o.unanswered, 0)).toBe(0);
        expect(outcomes.reduce((n, o) => n + o.badRefusals, 0)).toBe(0);
        const statuses = outcomes.flatMap((o) => o.statuses);
        expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
        // each connection's request of the signal's round was answered
        expect(outcomes.every((o) => o.statuses.length >= 1)).toBe(true);
        console.log(
          `${kind}, ${workers} worker(s): ${statuses.length} answers after the signal, ${statuses.filter((s) => s === 503).length} of them 503`,
        );
      } finally {
        server.kill();
        await server.exited;
        await db.drop();
      }
    }, 180_000);
  });
