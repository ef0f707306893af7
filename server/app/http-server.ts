/**
 * The HTTP server around the app: timeouts against slow clients, the JSON envelope on answers Node's
 * HTTP layer gives by itself, and graceful shutdown.
 *
 * Shutdown (drain), in three steps:
 * 1. The accept window. GET /readyz answers 503 at once (the balancer stops sending), but the listener
 *    stays open and every request is served, its answer saying `Connection: close` (requests already
 *    in flight too), so each client moves to a new connection (to another instance) after its answer.
 *    Closing the listener at the signal reset every connection still waiting to be accepted: in the
 *    kernel's accept queue (one process on a loaded machine) or in the cluster primary's queue of
 *    handles for its workers (PAYROLL_WORKERS > 1), which the primary closes once no worker listens.
 *    The window ends once no new connection has come for `quietMs` (checked after the event loop's
 *    next poll for connections, so a loop that was busy past the quiet time accepts what waits first),
 *    and at half the drain timeout at the latest, which leaves the other half to what it accepted last.
 * 2. The listener closes; idle kept-alive connections are closed (after the reads pending in that
 *    turn, and never before IDLE_GRACE_MS after the signal: a connection that looks idle may hold a
 *    request its client has already sent, still in the socket buffer), then each as it becomes idle.
 *    A request that still arrives on an open connection gets 503 service_unavailable with
 *    `Connection: close` and Retry-After.
 * 3. The deadline (drainTimeoutMs after the signal) cuts what is left; the requests it cut in flight
 *    are counted in the drain's outcome, which makes the process exit 1 (server/boot/serve-process.ts).
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

export interface DrainOutcome {
  /** Requests in flight that the drain deadline cut (0 for a clean drain). */
  cutRequests: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The node:http server, for tests that watch its events. */
  http: http.Server;
  /**
   * Starts the drain (the module's comment has its steps); resolves when the listener has closed.
   * drainTimeoutMs bounds the accept window (half of it), as in stop().
   */
  beginDrain(drainTimeoutMs?: number): Promise<void>;
  /** Drains (waiting at most drainTimeoutMs in all), then closes the store. */
  stop(drainTimeoutMs?: number): Promise<DrainOutcome>;
}

/** How the drain ends its accept window (server/boot/config.ts PAYROLL_DRAIN_QUIET_MS). */
export interface DrainSettings {
  /** The listener closes once no new connection has come for this long (bounded by half the drain timeout). */
  drainQuietMs: number;
}

/** How long start-up waits for the app's backends to connect (app.ts appSettled). */
const SETTLE_WAIT_MS = 2000;

const DEFAULT_TIMEOUTS: HttpTimeouts & DrainSettings = {
  requestTimeoutMs: CONFIG_DEFAULTS.PAYROLL_REQUEST_TIMEOUT_MS,
  headersTimeoutMs: CONFIG_DEFAULTS.PAYROLL_HEADERS_TIMEOUT_MS,
  keepAliveTimeoutMs: CONFIG_DEFAULTS.PAYROLL_KEEP_ALIVE_TIMEOUT_MS,
  drainQuietMs: CONFIG_DEFAULTS.PAYROLL_DRAIN_QUIET_MS,
};

const DEFAULT_DRAIN_TIMEOUT_MS: number = CONFIG_DEFAULTS.PAYROLL_SHUTDOWN_TIMEOUT_MS;

/** How long after the drain begins an idle kept-alive connection stays open at least, for a request already on its way. */
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
  timeouts: HttpTimeouts & Partial<DrainSettings> = DEFAULT_TIMEOUTS,
): Promise<RunningServer> {
  const quietMs = timeouts.drainQuietMs ?? DEFAULT_TIMEOUTS.drainQuietMs;
  let draining = false;
  // GET /readyz says 503 from the signal on (server/app/routes/health.ts)
  const app = createApp({ ...deps, draining: () => draining });
  // Serving before the change feed listens would be correct (generations are read per request until
  // then) but slower; a feed that cannot connect does not hold the start-up back for long.
  await Promise.race([appSettled(app), new Promise((resolve) => setTimeout(resolve, SETTLE_WAIT_MS).unref())]);
  const handle = app.callback();
  /** The accept window is over (the listener is closed): a request arriving now is refused with 503. */
  let acceptWindowOver = false;
  /** The listener is closed and the idle grace is over: idle connections are closed as they become idle. */
  let idleGraceOver = false;
  /** When the last connection was accepted (or the drain began, if later): the accept window's quiet time runs from it. */
  let lastConnectionAt = 0;
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

  /**
   * A pipelined request behind one still in flight on this connection: that earlier response must not
   * close the connection, or the answer to this one would never be delivered. This one closes it instead.
   */
  function closeWithThisOne(req: IncomingMessage): void {
    for (const pending of inFlight) {
      if (pending.req.socket === req.socket && !pending.headersSent) {
        pending.removeHeader('Connection');
        pending.shouldKeepAlive = true;
      }
    }
  }

  function refuseDuringDrain(req: IncomingMessage, res: ServerResponse): void {
    closeWithThisOne(req);
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
    if (acceptWindowOver) return refuseDuringDrain(req, res);
    if (draining) {
      // served, and the client goes elsewhere for its next request
      closeWithThisOne(req);
      res.setHeader('Connection', 'close');
    }
    inFlight.add(res);
    // 'on', not 'once': a response emits 'close' once, and once's wrapper is two more objects per request
    res.on('close', responseClosed);
    void handle(req, res);
  }

  server.on('request', serve);
  server.on('connection', () => {
    lastConnectionAt = performance.now();
  });
  // With a checkContinue listener Node no longer sends "100 Continue" by itself: send it, unless the
  // drain's accept window is over (then the client is spared sending a body that would be refused).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!acceptWindowOver) res.writeContinue();
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
  let stopping: Promise<DrainOutcome> | undefined;

  /**
   * Closes the idle connections after this turn's reads (setImmediate runs after the poll phase): a
   * request that arrived meanwhile makes its connection busy first, and is answered instead of reset.
   */
  function closeIdleAfterPendingReads(): void {
    setImmediate(() => server.closeIdleConnections());
  }

  let drainTimers: NodeJS.Timeout[] = [];
  let listenerClosed: Promise<void> | undefined;

  /**
   * The accept window: resolves once no connection has been accepted for quietMs, or at `latest`. A
   * timer that fires late (the loop was busy) looks again after this turn's poll, which accepts the
   * connections waiting meanwhile (they move lastConnectionAt) before the window is judged quiet.
   */
  function acceptWindow(latest: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const look = () => {
        const now = performance.now();
        const quietUntil = lastConnectionAt + quietMs;
        if (now >= latest || now >= quietUntil) return resolve();
        drainTimers.push(setTimeout(() => setImmediate(look), Math.min(quietUntil, latest) - now));
      };
      look();
    });
  }

  function beginDrain(drainTimeoutMs = DEFAULT_DRAIN_TIMEOUT_MS): Promise<void> {
    if (listenerClosed) return listenerClosed;
    draining = true;
    const start = performance.now();
    lastConnectionAt = Math.max(lastConnectionAt, start);
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    const graceOver = new Promise<void>((resolve) => drainTimers.push(setTimeout(resolve, IDLE_GRACE_MS)));
    listenerClosed = acceptWindow(start + drainTimeoutMs / 2).then(() => {
      acceptWindowOver = true;
      // net.Server's close stops accepting; http.Server's would also close every idle connection at once.
      closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    });
    void Promise.all([listenerClosed, graceOver]).then(() => {
      idleGraceOver = true;
      closeIdleAfterPendingReads();
    });
    return listenerClosed;
  }

  return {
    port: address.port,
    url: `http://${urlHost}:${address.port}`,
    http: server,
    beginDrain,
    stop(drainTimeoutMs = DEFAULT_DRAIN_TIMEOUT_MS) {
      stopping ??= (async () => {
        let cutRequests = 0;
        const cut = () => {
          // responses not yet finished: their requests are lost to the client
          for (const res of inFlight) if (!res.writableFinished) cutRequests += 1;
          server.closeAllConnections();
        };
        const deadline = setTimeout(cut, drainTimeoutMs);
        deadline.unref();
        // the accept window ends by half the drain timeout, before the deadline
        await beginDrain(drainTimeoutMs);
        await closed;
        clearTimeout(deadline);
        for (const timer of drainTimers) clearTimeout(timer);
        drainTimers = [];
        await deps.store.close();
        await disposeApp(app);
        return { cutRequests };
      })();
      return stopping;
    },
  };
}
