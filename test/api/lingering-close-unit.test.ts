import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { isLingering, lingerBeforeClose } from '../../server/app/http/lingering-close.ts';

/** A request whose body is still arriving when it is answered; `complete` is set by the test. */
function pendingRequest(socket: Socket): IncomingMessage {
  const body = new PassThrough() as unknown as IncomingMessage & { complete: boolean };
  Object.assign(body, { socket, complete: false });
  return body;
}

describe('lingering close', () => {
  it('closes at once when the body has arrived between the answer and the close', () => {
    const socket = new Socket();
    const req = pendingRequest(socket);
    const nodeDestroySoon = vi.spyOn(Socket.prototype, 'destroySoon');
    lingerBeforeClose(req);
    (req as { complete: boolean }).complete = true;
    expect(() => socket.destroySoon()).not.toThrow();
    expect(isLingering(socket)).toBe(true);
    expect(nodeDestroySoon).toHaveBeenCalledTimes(1);
    nodeDestroySoon.mockRestore();
    socket.destroy();
  });
});
