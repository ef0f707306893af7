/**
 * The service's log lines (server/boot/logger.ts): pino's numeric level, Cloud Logging's `severity`
 * string beside it, and the service's name and version from package.json on every line.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { createLogger } from '../../server/boot/logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

describe('log lines', () => {
  it('grade each level with its Cloud Logging severity beside the numeric level', () => {
    const { logger, lines } = capture('trace');
    logger.trace('t');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    logger.fatal('f');
    expect(lines.map((l) => [l.msg, l.level, l.severity])).toEqual([
      ['t', 10, 'DEBUG'],
      ['d', 20, 'DEBUG'],
      ['i', 30, 'INFO'],
      ['w', 40, 'WARNING'],
      ['e', 50, 'ERROR'],
      ['f', 60, 'CRITICAL'],
    ]);
  });

  it("name the service and its version on every line, a child's lines too", () => {
    const { logger, lines } = capture('info');
    logger.info({ request_id: 'r1' }, 'request');
    logger.child({ worker: 2 }).warn('w');
    for (const line of lines)
      expect(line).toMatchObject({ service: 'payroll-calculation-service', version: pkg.version, pid: process.pid });
    expect(lines[1]).toMatchObject({ worker: 2, severity: 'WARNING' });
    expect(lines).toHaveLength(2);
  });

  it('keeps the configured level: lines below it are not written', () => {
    const { logger, lines } = capture('warn');
    logger.info('dropped');
    logger.error('kept');
    expect(lines.map((l) => l.msg)).toEqual(['kept']);
  });
});
