/**
 * The port and pid a started server (`dist/main.js`, `npm start`) gives in its "listening" log line on
 * standard output, for the tools and tests that start one as a child process (the code cache's warm-up,
 * test/api/npm-start.test.ts). Rejects with `exitMessage` when the child exits before that line.
 */
import type { ChildProcess } from 'node:child_process';

export function listeningOf(
  child: ChildProcess,
  exited: Promise<number | null>,
  exitMessage: (code: number | null, out: string) => string,
): Promise<{ port: number; pid: number }> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) resolve(JSON.parse(line) as { port: number; pid: number });
    });
    void exited.then((code) => reject(new Error(exitMessage(code, out))));
  });
}
