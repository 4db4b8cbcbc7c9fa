import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import { TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { eventually } from '../support/eventually.js';
import { systemChromium } from '../support/system-chromium.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway, type TestGatewayOverrides } from '../support/test-gateway.js';

// Issue 34: the admin UI's log explorer opens one captured exchange (payload capture) in Chromium.

const chromiumPath = systemChromium();

(chromiumPath ? describe : describe.skip)('the log explorer in Chromium', () => {
  let test: TestGateway;
  let browser: Browser;

  beforeAll(async () => {
    test = await startTestGateway({ admin: { token: TEST_ADMIN_TOKEN }, capture: { models: ['gpt-test'] } } as unknown as TestGatewayOverrides);
    test.simulator.enqueueReply({ kind: 'text', text: 'Noted: write to [the address you gave].' });
    const response = await fetch(`${test.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'Remember my mail: jane.doe@example.com' }] }),
    });
    expect(response.status).toBe(200);
    await eventually(async () => {
      const list = await fetch(`${test.gateway.url}/admin/captures`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
      return ((await list.json()) as { data: unknown[] }).data.length === 1;
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await test?.close();
  });

  it('lists the captured exchange and opens it: request, answer, attempts and timings, redacted', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      await page.goto(`${test.gateway.url}/ui#/logs`);
      await page.fill('input[name=token]', TEST_ADMIN_TOKEN);
      await page.click('button[type=submit]');
      await page.waitForSelector('[data-page=logs] [data-count="1"]');
      const row = page.locator('[data-capture-row]');
      await expect(row.textContent()).resolves.toContain('gpt-test');
      await row.locator('a').click();
      await page.waitForSelector('[data-capture] [data-answer]');
      await expect(page.locator('[data-capture] [data-request]').textContent()).resolves.toContain('Remember my mail: [REDACTED:email]');
      await expect(page.locator('[data-capture] [data-answer]').textContent()).resolves.toContain('Noted: write to [the address you gave].');
      await expect(page.locator('[data-capture] [data-attempts]').textContent()).resolves.toContain('openai/gpt-4.1-mini');
      await expect(page.locator('[data-capture] [data-status]').textContent()).resolves.toBe('200');
      await expect(page.content()).resolves.not.toContain('jane.doe@example.com');
    } finally {
      await context.close();
    }
  });
});
