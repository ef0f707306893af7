/**
 * The progress line on stderr (only when stderr is a terminal): lines done, rate, and when the input
 * is a file of known size, percent and ETA from the bytes read. A dozen lines of our own rather than a
 * progress-bar library: the total is known in bytes while the count shown is in lines, and a
 * carriage-return line redrawn at most 5 times a second is all a batch needs.
 */
import { performance } from 'node:perf_hooks';

const REDRAW_MS = 200;

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export class ProgressLine {
  private readonly started = performance.now();
  private lastDraw = 0;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly totalBytes: number | undefined,
  ) {}

  update(lines: number, bytesRead: number, force = false): void {
    const now = performance.now();
    if (!force && now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? lines / seconds : 0;
    let text = `${lines.toLocaleString('en-US')} lines  ${Math.round(rate).toLocaleString('en-US')}/s  ${clock(seconds)}`;
    if (this.totalBytes && bytesRead > 0) {
      const fraction = Math.min(1, bytesRead / this.totalBytes);
      const width = 24;
      const filled = Math.round(fraction * width);
      const eta = (seconds / fraction) * (1 - fraction);
      text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${text}  ETA ${clock(eta)}`;
    }
    this.stream.write(`\r${text}\x1b[K`);
  }

  done(lines: number, bytesRead: number): void {
    this.update(lines, bytesRead, true);
    this.stream.write('\n');
  }
}
