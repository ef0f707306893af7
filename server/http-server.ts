/**
 * The HTTP server around the app, with graceful shutdown: stop accepting connections, let in-flight
 * requests finish (new requests on kept-alive connections get 503 and Connection: close), then close
 * the store. A drain deadline cuts connections that never finish.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from './app-deps.ts';
import { createApp, disposeApp } from './app.ts';
import { ERROR_REGISTRY } from './errors/registry.ts';

export interface RunningServer {
  url: string;
  port: number;
  /** Drains and closes the server and the store. */
  stop(drainTimeoutMs?: number): Promise<void>;
}

export async function startServer(deps: AppDeps, port: number, host?: string): Promise<RunningServer> {
  const app = createApp(deps);
  let draining = false;
  const handle = app.callback();
  const server = http.createServer((req, res) => {
    if (draining) {
      const requestId = randomUUID();
      res.writeHead(ERROR_REGISTRY.service_unavailable.status, { 'Content-Type': 'application/json', Connection: 'close', 'Retry-After': '1', 'X-Request-Id': requestId });
      res.end(JSON.stringify({ error: { code: 'service_unavailable', message: ERROR_REGISTRY.service_unavailable.message, request_id: requestId } }));
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    stop(drainTimeoutMs = 10_000) {
      stopping ??= (async () => {
        draining = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
        deadline.unref();
        await closed;
        clearTimeout(deadline);
        await deps.store.close();
        await disposeApp(app);
      })();
      return stopping;
    },
  };
}
