/**
 * Headless Chromium for the browser tests (the /docs page, the impact report's HTML): Debian's chromium
 * (/usr/bin/chromium) driven by playwright-core, never a browser a test tool downloads. Outside CI a
 * missing chromium skips the browser tests with one line saying how to run them; in CI (CI=true) it is
 * required (.ci/run installs it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { isCi } from '../api/support/gate-env.ts';

/** PAYROLL_TEST_CHROMIUM names another chromium binary (another distribution's path). */
export const CHROMIUM_PATH = process.env.PAYROLL_TEST_CHROMIUM || '/usr/bin/chromium';

/** Whether browser tests run; prints the one skip line when they do not. */
export function browserTestsRun(): boolean {
  if (existsSync(CHROMIUM_PATH) || isCi()) return true;
  process.stdout.write(
    `Browser tests skipped: ${CHROMIUM_PATH} not found. To run them, install Debian's chromium (apt-get install -y chromium) or set PAYROLL_TEST_CHROMIUM to a chromium binary (CI=true makes them required).\n`,
  );
  return false;
}

/** A browser test's title, with the reason when browser tests are skipped (as the store and Redis gates name theirs). */
export function browserTitle(title: string, runs: boolean): string {
  return runs ? title : `${title} [skipped: no chromium at ${CHROMIUM_PATH}]`;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless browser with a fresh profile directory, removed on close. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is required in CI (CI=true): apt-get install -y chromium`);
  const profile = mkdtempSync(join(tmpdir(), 'payroll-chromium-'));
  // playwright-core refuses --user-data-dir in args; a persistent context on a fresh directory is the same.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
