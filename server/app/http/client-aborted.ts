/**
 * The client closed the connection before its request body arrived in full. Nobody is left to read
 * an answer, and nothing failed on our side: it is logged at info as a client abort, never as a 5xx
 * (on PostgreSQL setups the body reader used to meet the closed stream and log a 500 "stream is not
 * readable").
 */
import type { IncomingMessage } from 'node:http';

export class ClientAbortedError extends Error {
  constructor() {
    super('the client closed the connection before the request body arrived');
    this.name = 'ClientAbortedError';
  }
}

/** The request stream was closed by the client before it was complete (so its body can no longer be read). */
export function clientGone(req: IncomingMessage): boolean {
  return !req.complete && (req.destroyed || req.readableAborted);
}
