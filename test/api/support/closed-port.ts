/**
 * A port where nothing listens, for the gate tests that point a run at a PostgreSQL or Redis that does
 * not answer: listen on 0, note the port, close. It was free a moment ago, so a connection is refused.
 */
import { createServer } from 'node:net';

export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
