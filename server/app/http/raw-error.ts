/**
 * Error answers written outside Koa: by the HTTP layer itself (malformed framing, oversize headers,
 * timeouts, Expect) and during the shutdown drain. They carry the same envelope and X-Request-Id as
 * every other error, so a client parses one shape whatever part of the server refused it.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_REGISTRY, renderMessage, type ErrorCode } from '../errors/registry.ts';

export interface RawError {
  status: number;
  requestId: string;
  headers: Record<string, string>;
  body: string;
}

/** Seconds a client should wait before retrying a request refused by a draining or unready server. */
export const RETRY_AFTER_SECONDS = 1;

export function rawError(code: ErrorCode, extraHeaders: Record<string, string> = {}): RawError {
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { code, message: renderMessage(code), request_id: requestId } });
  return {
    status: ERROR_REGISTRY[code].status,
    requestId,
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': requestId,
      'X-Content-Type-Options': 'nosniff',
      // The connection's framing is unknown or the server is leaving: the client must not reuse it.
      Connection: 'close',
      ...extraHeaders,
    },
  };
}

/** Answers through Node's response object (a request was parsed), closing the connection after it. */
export function sendRawError(res: ServerResponse, error: RawError): void {
  res.shouldKeepAlive = false;
  res.writeHead(error.status, error.headers);
  res.end(error.body);
}

/** Answers on a bare socket (Node could not parse a request, so there is no response object). */
export function writeRawError(socket: Duplex, error: RawError): void {
  const head = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}`,
    ...Object.entries(error.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${error.body}`);
}
