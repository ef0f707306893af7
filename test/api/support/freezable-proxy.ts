/**
 * A TCP proxy in front of a server that a test can freeze: while frozen, connections are still
 * accepted (as a stopped host's kernel does) but no byte, and no close, passes either way; thawed,
 * everything held passes in order. That is a PostgreSQL that stops answering without refusing
 * anything (SIGSTOP, a frozen VM, a network that drops packets), which no timeout of the server covers.
 */
import net from 'node:net';

export interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  /** Runs `action` now, or at the thaw when frozen. */
  const pass = (action: () => void) => (frozen ? held.push(action) : action());

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => pass(() => to.write(chunk)));
      from.on('end', () => pass(() => to.end()));
      from.on('close', () => {
        sockets.delete(from);
        pass(() => to.destroy());
      });
      from.on('error', () => {});
    };
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const action of held.splice(0)) action();
    },
    close: async () => {
      frozen = false;
      held.length = 0;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
