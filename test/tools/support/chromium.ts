/**
 * Debian's chromium driven by playwright-core (no browser download). Outside CI a machine without
 * /usr/bin/chromium skips the browser tests with one line; in CI (CI=true) the browser is required.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export function chromiumAvailability(): { run: boolean; reason?: string } {
  if (existsSync(CHROMIUM)) return { run: true };
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is required in CI (apt-get install -y chromium; .ci/run installs it)`);
  return { run: false, reason: `skipped: ${CHROMIUM} not installed (apt-get install -y chromium)` };
}

export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'payroll-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
