/** The JSON log lines of a server child process, as they arrive, and a wait for a line that matches. */
import type { spawn } from 'node:child_process';

export function logLines(child: ReturnType<typeof spawn>): {
  lines: Record<string, unknown>[];
  waitFor(p: (l: Record<string, unknown>) => boolean, ms: number): Promise<Record<string, unknown>>;
} {
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  const waiters: [(l: Record<string, unknown>) => boolean, (l: Record<string, unknown>) => void][] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const text of parts) {
      if (!text.trim()) continue;
      const l = JSON.parse(text);
      lines.push(l);
      for (const [p, resolve] of waiters) if (p(l)) resolve(l);
    }
  });
  return {
    lines,
    waitFor: (p, ms) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(p);
        if (seen) return resolve(seen);
        const timer = setTimeout(() => reject(new Error(`timeout; log so far: ${JSON.stringify(lines)}`)), ms);
        waiters.push([p, (l) => (clearTimeout(timer), resolve(l))]);
      }),
  };
}
