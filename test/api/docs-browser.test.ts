/**
 * GET /docs in headless Chromium against a running server: the page loads without a key and only from
 * this server (no CDN, no validator badge), asks for a key, lists every operation of openapi.json, and
 * Swagger UI's "Try it out" sends the documented monthly example, which comes back 200 with the
 * documented amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/app/openapi/document.ts';
import { calculationExamples } from '../../server/app/openapi/examples/calculations.ts';
import { browserTestsRun, browserTitle, launchChromium, type Browser } from '../support/chromium.ts';
import { freshServer } from './support/fresh-server.ts';
import { realEngine } from './support/real-engine.ts';

const document = buildOpenApiDocument(realEngine()) as any;
const OPERATIONS = Object.entries<any>(document.paths)
  .flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => m !== 'parameters')
      .map((method) => `${method.toUpperCase()} ${path}`),
  )
  .sort();

const browserRuns = browserTestsRun();
describe.runIf(browserRuns)(browserTitle('the interactive reference at /docs (headless Chromium)', browserRuns), () => {
  const api = freshServer('sqlite', { engine: realEngine(), company: 'acme-tokyo' });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists every operation of openapi.json and runs the monthly example with "Try it out"', async () => {
    const page = await browser.context.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto(`${api.server.url}/docs`);
    expect(response!.status()).toBe(200);
    await page.fill('#api-key', api.key);
    await page.click('#key-form button[type=submit]');
    await page.waitForSelector('.opblock');

    const listed = await page.$$eval('.opblock', (blocks) =>
      blocks.map(
        (b) =>
          `${b.querySelector('.opblock-summary-method')!.textContent!.trim()} ${b.querySelector('.opblock-summary-path')!.getAttribute('data-path')}`,
      ),
    );
    expect(listed.sort()).toEqual(OPERATIONS);
    expect(OPERATIONS).toContain('POST /v1/payroll/monthly:calculate');

    const monthly = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/v1/payroll/monthly:calculate"]') });
    await monthly.locator('.opblock-summary').first().click();
    await monthly.locator('.try-out__btn').click();
    await monthly.locator('.execute').click();
    const status = monthly.locator('.live-responses-table .response .response-col_status');
    await status.waitFor();
    expect((await status.textContent())!.trim()).toBe('200');
    const body = JSON.parse((await monthly.locator('.live-responses-table .response-col_description pre').first().textContent())!);
    // The documented example's amounts (engine/contract/examples.ts, checked against the engine elsewhere);
    // 14,775 is also the golden Tokyo 2026-05 health premium for a 300,000 standard monthly remuneration.
    expect(body.amounts.statutory_deductions.health_insurance).toBe(14775);
    expect(body.amounts.net_payment).toBe(
      (calculationExamples(realEngine()).results.monthly_payroll!.amounts as { net_payment: number }).net_payment,
    );

    expect(requested.filter((url) => !url.startsWith(`${api.server.url}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${api.server.url}/v1/payroll/monthly:calculate`);
    expect(problems.filter((p) => !p.includes('favicon.ico'))).toEqual([]);
  });
});
