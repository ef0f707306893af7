/**
 * A connection answered while its client is still sending the request body is closed only once that
 * body has arrived (read and thrown away), within a bound of time and bytes: a lingering close, as
 * RFC 9112 section 9.6 asks of a server that closes early.
 *
 * Node closes a connection whose answer says `Connection: close` as soon as the answer is written
 * (socket.destroySoon). The client is then still writing; the bytes it wrote after the close reach a
 * socket that no longer reads, and the kernel answers them with a reset, which the client may meet in a
 * write before it has read the answer (EPIPE, ECONNRESET): it never learns it was refused. Here the
 * socket's destroySoon waits for the end of the request instead; Node's parser goes on reading and
 * discarding the body meanwhile (the request is dumped once it is answered).
 */
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** Longest a refused body is read after its answer before the connection is cut anyway. */
export const LINGER_MS = 5000;
/** Most bytes read after the answer before the connection is cut anyway. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/** Whether the socket is reading the rest of a refused body: nothing more is to be written on it. */
export function isLingering(socket: unknown): boolean {
  return lingering.has(socket as Socket);
}

/**
 * Called before answering a request whose body has not all arrived: if the answer closes the
 * connection, the connection is closed once the body has arrived, or after LINGER_MS or
 * LINGER_MAX_BYTES, whichever comes first. Nothing changes for an answer that keeps it alive.
 */
export function lingerBeforeClose(req: IncomingMessage): void {
  const socket = req.socket;
  if (req.complete || socket.destroyed || lingering.has(socket)) return;
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    lingering.add(this);
    if (req.complete) return Socket.prototype.destroySoon.call(this);
    const close = () => {
      clearTimeout(timer);
      Socket.prototype.destroySoon.call(this);
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    let read = 0;
    // The request is dumped by now (its 'data' listeners removed and it flows): count what it discards.
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_MAX_BYTES) {
        clearTimeout(timer);
        this.destroy();
      }
    });
    req.once('end', close);
    this.once('close', () => clearTimeout(timer));
  };
}
