/**
 * Raw HTTP/1.1 over a TCP socket, for what fetch cannot show or send: kept-alive connections across a
 * drain, pipelined requests, malformed framing. Responses are parsed from the bytes received.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private received = '';
  readonly closed: Promise<void>;
  private waiters: (() => void)[] = [];
  /** The socket's error (ECONNRESET: the server reset the connection), if any. */
  error: NodeJS.ErrnoException | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.received += chunk;
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        for (const w of this.waiters.splice(0)) w();
        resolve();
      }),
    );
    socket.on('error', (err: NodeJS.ErrnoException) => (this.error ??= err));
  }

  static async open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  get isClosed(): boolean {
    return this.socket.destroyed || this.socket.readableEnded;
  }

  write(data: string): void {
    this.socket.write(data);
  }

  /** Writes data and resolves once it is handed to the operating system (sent, as far as the client can tell). */
  writeAndFlush(data: string): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(data, (err) => (err ? reject(err) : resolve())));
  }

  /** Everything received so far, split into complete responses (Content-Length framing). */
  responses(): RawResponse[] {
    const out: RawResponse[] = [];
    let rest = this.received;
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end < 0) return out;
      const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < end + 4 + length) return out;
      out.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
      rest = rest.slice(end + 4 + length);
    }
  }

  /** Waits until `count` complete responses have arrived (or the connection closed). */
  async waitForResponses(count: number): Promise<RawResponse[]> {
    while (this.responses().length < count && !this.isClosed) await new Promise<void>((r) => this.waiters.push(r));
    return this.responses();
  }

  rawText(): string {
    return this.received;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

export function get(path: string, extra = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: test\r\n${extra}\r\n`;
}
