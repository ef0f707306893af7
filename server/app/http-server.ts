/**
 * The HTTP server around the app: timeouts against slow clients, the JSON envelope on answers Node's
 * HTTP layer gives by itself, and graceful shutdown.
 *
 * Shutdown (drain): stop accepting connections and close idle kept-alive ones at once (nothing is in
 * flight on them); requests already in flight finish and their responses say `Connection: close`, so
 * the client opens a new connection (to another instance) instead of reusing one that is about to go;
 * a request that still arrives on an open connection gets 503 service_unavailable with
 * `Connection: close` and Retry-After. A drain deadline cuts connections that never finish.
 *
 * Idle kept-alive connections are closed only after IDLE_GRACE_MS, not at the signal: a connection
 * that looks idle may hold a request its client has already sent, still in the socket buffer, and
 * closing it then resets that request (32 of 32 connections under keep-alive load did). Within the
 * grace such a request is read and answered 503 with Connection: close, which closes the connection
 * cleanly; what is still idle after it is closed, once the pending reads have run.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AppDeps } from './app-deps.ts';
import { appSettled, createApp, disposeApp } from './app.ts';
import { CONFIG_DEFAULTS, type HttpTimeouts } from '../boot/config.ts';
import type { ErrorCode } from './errors/registry.ts';
import { rawError, RETRY_AFTER_SECONDS, sendRawError, writeRawError } from './http/raw-error.ts';
import { corsHeadersFor } from './middleware/cors.ts';
import { isLingering, lingerBeforeClose } from './http/lingering-close.ts';

export interface RunningServer {
  url: string;
  port: number;
  /** The node:http server, for tests that watch its events. */
  http: http.Server;
  /** Starts the drain: no new connections, idle ones closed, new requests answered 503. */
  beginDrain(): void;
  /** Drains (waiting at most drainTimeoutMs for in-flight requests), then closes the store. */
  stop(drainTimeoutMs?: number): Promise<void>;
}

/** How long start-up waits for the app's backends to connect (app.ts appSettled). */
const SETTLE_WAIT_MS = 2000;

const DEFAULT_TIMEOUTS: HttpTimeouts = {
  requestTimeoutMs: CONFIG_DEFAULTS.PAYROLL_REQUEST_TIMEOUT_MS,
  headersTimeoutMs: CONFIG_DEFAULTS.PAYROLL_HEADERS_TIMEOUT_MS,
  keepAliveTimeoutMs: CONFIG_DEFAULTS.PAYROLL_KEEP_ALIVE_TIMEOUT_MS,
};

/** How long after the drain begins an idle kept-alive connection stays open for a request already on its way. */
const IDLE_GRACE_MS = 250;

/** Which envelope answers an error Node's parser or timer raised on a connection. */
function clientErrorCode(err: NodeJS.ErrnoException): ErrorCode {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'bad_request';
}

/**
 * The Origin of bytes Node could not parse into a request, when it is in the part the parser holds
 * (err.rawPacket): a 431 or a broken header still reaches a listed origin's page with its CORS headers.
 */
function originInRawPacket(err: NodeJS.ErrnoException & { rawPacket?: unknown }): string | undefined {
  if (!Buffer.isBuffer(err.rawPacket)) return undefined;
  // Only the head: a header after the blank line is body, not the request's Origin.
  const text = err.rawPacket.toString('latin1', 0, Math.min(err.rawPacket.length, 64 * 1024));
  const head = text.split('\r\n\r\n', 1)[0];
  const match = /\r\norigin:[ \t]*([^\r\n]*?)[ \t]*(?:\r\n|$)/i.exec(head);
  return match?.[1];
}

/** The Origin header of a parsed request (the first one, should a client send several). */
function originOf(req: IncomingMessage): string | undefined {
  const origin = req.headers.origin;
  return Array.isArray(origin) ? origin[0] : origin;
}

/** Node keeps the response being written on a socket as _httpMessage (null between responses). */
function currentResponse(socket: Duplex): ServerResponse | null {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

export async function startServer(
  deps: AppDeps,
  port: number,
  host?: string,
  timeouts: HttpTimeouts = DEFAULT_TIMEOUTS,
): Promise<RunningServer> {
  const app = createApp(deps);
  // Serving before the change feed listens would be correct (generations are read per request until
  // then) but slower; a feed that cannot connect does not hold the start-up back for long.
  await Promise.race([appSettled(app), new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS).unref())]);
  const handle = app.callback();
  let draining = false;
  /** The idle grace of the drain is over: idle connections are closed as they become idle. */
  let idleGraceOver = false;
  /** Responses not finished, to mark them Connection: close when the drain starts (res.req is their request). */
  const inFlight = new Set<ServerResponse>();

  const corsOrigins = deps.config.corsOrigins;
  /** An error answered outside Koa, with the CORS headers the app would give a request from this origin. */
  const outsideError = (code: ErrorCode, origin: string | undefined, headers: Record<string, string> = {}) =>
    rawError(code, { ...corsHeadersFor(corsOrigins, origin), ...headers });

  const server = http.createServer({
    // Node's own refusal of a request without Host is a bare 400 with no body: serve() refuses it instead.
    requireHostHeader: false,
    requestTimeout: timeouts.requestTimeoutMs,
    headersTimeout: timeouts.headersTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    // Node checks the two deadlines above only at this interval (default 30 s): a small deadline needs a
    // finer check, or a slow client would hold its connection up to 30 s past it.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersTimeoutMs / 4))),
  });

  function refuseDuringDrain(req: IncomingMessage, res: ServerResponse): void {
    // A pipelined request behind one still in flight on this connection: that earlier response must not
    // close the connection, or this 503 would never be delivered. This one closes it instead.
    for (const pending of inFlight) {
      if (pending.req.socket === req.socket && !pending.headersSent) {
        pending.removeHeader('Connection');
        pending.shouldKeepAlive = true;
      }
    }
    // Its body may still be on its way: the connection closes once it has arrived (http/lingering-close.ts).
    lingerBeforeClose(req);
    sendRawError(res, outsideError('service_unavailable', originOf(req), { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
  }

  /** A response's 'close' (`this` is the response): one function for all, no closure per request. */
  function responseClosed(this: ServerResponse): void {
    inFlight.delete(this);
    // After the grace, a connection left idle by a response is closed now rather than at the
    // keep-alive timeout (before it, the response's Connection: close closes its own).
    if (idleGraceOver) closeIdleAfterPendingReads();
  }

  function serve(req: IncomingMessage, res: ServerResponse): void {
    // HTTP/1.1 requires Host (RFC 9112 3.2); HTTP/1.0 may omit it.
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      return sendRawError(res, outsideError('bad_request', originOf(req)));
    }
    if (draining) return refuseDuringDrain(req, res);
    inFlight.add(res);
    // 'on', not 'once': a response emits 'close' once, and once's wrapper is two more objects per request
    res.on('close', responseClosed);
    void handle(req, res);
  }

  server.on('request', serve);
  // With a checkContinue listener Node no longer sends "100 Continue" by itself: send it, unless the
  // server is draining (then the client is spared sending a body that would be refused).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!draining) res.writeContinue();
    serve(req, res);
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    sendRawError(res, outsideError('expectation_failed', originOf(req))),
  );
  // CONNECT asks for a tunnel, which this server does not give. Without a listener Node closes the
  // connection without a word; the request's head is parsed, so it is answered like any other method
  // the API has no endpoint for.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const error = outsideError('method_not_allowed', originOf(req));
    deps.logger.info({ request_id: error.requestId, status: error.status, code: 'method_not_allowed', method: req.method }, 'client error');
    if (socket.writable) writeRawError(socket, error);
    else socket.destroy();
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or broken pipe leaves nobody to answer.
    // A connection reading the rest of a refused body has had its answer: it is only to be closed.
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable || isLingering(socket)) {
      socket.destroy();
      return;
    }
    const code = clientErrorCode(err);
    const pending = currentResponse(socket);
    // A request still being read (its body or its time ran out) has its headers; bytes that broke the
    // parser have theirs, if at all, in the part the parser held.
    const origin = pending !== null && !pending.req.complete ? originOf(pending.req) : originInRawPacket(err);
    const error = outsideError(code, origin);
    deps.logger.info({ request_id: error.requestId, status: error.status, code, parser_error: err.code ?? null }, 'client error');
    if (pending !== null && !pending.writableFinished) {
      // Bytes that break the framing after a complete request (pipelined garbage): that request is
      // answered first, then the 400 closes the connection.
      if (pending.req.complete) {
        pending.once('finish', () => (socket.writable ? writeRawError(socket, error) : socket.destroy()));
        return;
      }
      // The request itself is broken (its body, its timeout): a response already under way cannot be replaced.
      if (pending.headersSent) {
        socket.destroy();
        return;
      }
    }
    writeRawError(socket, error);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;

  /**
   * Closes the idle connections after this turn's reads (setImmediate runs after the poll phase): a
   * request that arrived meanwhile makes its connection busy first, and is answered instead of reset.
   */
  function closeIdleAfterPendingReads(): void {
    setImmediate(() => server.closeIdleConnections());
  }

  let graceTimer: NodeJS.Timeout | undefined;

  function beginDrain(): void {
    if (draining) return;
    draining = true;
    // net.Server's close stops accepting; http.Server's would also close every idle connection at once.
    closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    graceTimer = setTimeout(() => {
      idleGraceOver = true;
      closeIdleAfterPendingReads();
    }, IDLE_GRACE_MS);
  }

  return {
    port: address.port,
    url: `http://${urlHost}:${address.port}`,
    http: server,
    beginDrain,
    stop(drainTimeoutMs = 10_000) {
      stopping ??= (async () => {
        beginDrain();
        const deadline = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
        deadline.unref();
        await closed;
        clearTimeout(deadline);
        clearTimeout(graceTimer);
        await deps.store.close();
        await disposeApp(app);
      })();
      return stopping;
    },
  };
}
