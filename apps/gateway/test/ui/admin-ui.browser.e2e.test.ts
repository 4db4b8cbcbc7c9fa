import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { parseGatewayConfig } from '../../src/config/load-gateway-config.js';
import { startDemoProfile, type DemoProfile } from '../../src/demo/demo-profile.js';
import { startGateway, type RunningGateway } from '../../src/server/start-gateway.js';
import { adminClient, chat, eventually, TEST_ADMIN_TOKEN } from '../support/admin-client.js';
import { systemChromium } from '../support/system-chromium.js';
import { createMemoryLogSink } from '../support/test-gateway.js';

/** The part of a canvas element the chart check reads (the gateway's tests compile without the DOM library). */
interface CanvasLike {
  readonly width: number;
  readonly height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { readonly data: Uint8ClampedArray } } | null;
}

// The admin UI in real (headless) Chromium against a gateway on the demo profile, after real
// requests through it. Each test has its own browser context (signed in afresh) and expects what
// the gateway has served so far, so the tests pass in any order (jest --randomize). Screenshots of
// failed tests go to test-results/ui/.

const chromiumPath = systemChromium();
const SCREENSHOTS = join(process.cwd(), 'test-results', 'ui');

(chromiumPath ? describe : describe.skip)('the admin UI in Chromium', () => {
  let demo: DemoProfile;
  let gateway: RunningGateway;
  /** A fresh install: the same demo, a store with no usage and no issued key. */
  let freshGateway: RunningGateway;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let models: string[];
  /** What the gateway has served: all requests, the refused ones, and the requests per model. */
  const mix = { requests: 0, errors: 0, byModel: new Map<string, number>() };

  beforeAll(async () => {
    demo = await startDemoProfile();
    const { sink } = createMemoryLogSink();
    const config = parseGatewayConfig({ ...demo.config, server: { host: '127.0.0.1', port: 0 }, admin: { token: TEST_ADMIN_TOKEN }, storage: { driver: 'sqlite', path: ':memory:' } }, {}, 'test');
    gateway = await startGateway(config, { logger: pino({ level: 'warn' }, sink), baseDirectory: process.cwd() });
    freshGateway = await startGateway(config, { logger: pino({ level: 'warn' }, sink), baseDirectory: process.cwd() });
    // Two models of two families: three answers and a stream on the first, two answers on the second, one unknown model.
    models = [demo.config.models![0]!.id, demo.config.models!.find((model) => model.provider !== demo.config.models![0]!.provider)!.id];
    const sent = [
      ...(await Promise.all([0, 1, 2].map(() => chat(`${gateway.url}/v1`, demo.serviceKey, { model: models[0] })))),
      await chat(`${gateway.url}/v1`, demo.serviceKey, { model: models[0], stream: true }),
      ...(await Promise.all([0, 1].map(() => chat(`${gateway.url}/v1`, demo.serviceKey, { model: models[1] })))),
      await chat(`${gateway.url}/v1`, demo.serviceKey, { model: 'no-such-model' }),
    ];
    expect(sent.map((result) => result.status)).toEqual([200, 200, 200, 200, 200, 200, 404]);
    mix.requests = sent.length;
    mix.errors = 1;
    mix.byModel = new Map([[models[0]!, 4], [models[1]!, 2]]);
    await storedRecords(sent.length);
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 60_000);

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  });

  /** Opens the UI at `route` in this test's page and signs in with the admin token. */
  async function signedIn(route: string, at = gateway): Promise<void> {
    await page.goto(`${at.url}/ui#/${route}`);
    await page.fill('input[name=token]', TEST_ADMIN_TOKEN);
    await page.click('button[type=submit]');
    await page.waitForSelector(`[data-page=${route}]`);
  }

  /** Usage records reach the store within a second (the recorder's batches). */
  const storedRecords = (count: number) =>
    eventually(async () => {
      const usage = (await adminClient(gateway.url).call('GET', '/usage?limit=1000')).body as { records: unknown[] };
      return usage.records.length >= count;
    });

  afterEach(async () => {
    const state = expect.getState();
    if (state.assertionCalls > 0 && state.numPassingAsserts < state.assertionCalls && page) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `${state.currentTestName?.replace(/\W+/g, '-')}.png`), fullPage: true });
    }
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await freshGateway?.close();
    await demo?.close();
  });

  it('refuses a wrong token, then signs in with the admin token', async () => {
    await page.goto(`${gateway.url}/ui`);
    await page.fill('input[name=token]', 'not-the-admin-token-123456');
    await page.click('button[type=submit]');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('admin token');
    await page.fill('input[name=token]', TEST_ADMIN_TOKEN);
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-page=overview] [data-tile=requests]');
  });

  it("shows the requests in the overview's tiles and charts", async () => {
    await storedRecords(mix.requests);
    await signedIn('overview');
    const tile = (name: string) => page.locator(`[data-tile=${name}] .tile-value`).textContent();
    await expect(tile('requests')).resolves.toBe(String(mix.requests));
    await expect(tile('error-rate')).resolves.toBe(`${((mix.errors / mix.requests) * 100).toFixed(1)}%`);
    expect(Number((await tile('tokens'))!.replaceAll(',', ''))).toBeGreaterThan(0);
    const legend = (chart: string, series: string) => page.locator(`[data-chart="${chart}"] [data-series="${series}"] .series-value`).textContent();
    await expect(legend('Requests', models[0]!)).resolves.toBe(String(mix.byModel.get(models[0]!)));
    await expect(legend('Requests', models[1]!)).resolves.toBe(String(mix.byModel.get(models[1]!)));
    // The unknown model's request was refused before a model resolved: its own line, with no model.
    await expect(legend('Requests', '(none)')).resolves.toBe('1');
    // The charts are drawn: uPlot's canvas has coloured pixels.
    const drawn = await page.locator('[data-chart="Requests"] canvas').evaluate((canvas: CanvasLike) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let coloured = 0;
      for (let index = 0; index < data.length; index += 4) if (data[index + 3]! > 0 && !(data[index] === data[index + 1] && data[index + 1] === data[index + 2])) coloured++;
      return coloured;
    });
    expect(drawn).toBeGreaterThan(20);
    await page.selectOption('select[name=split]', 'family');
    await page.waitForSelector('[data-chart="Requests"] [data-series="openai"]');
  });

  it('puts a lone bucket (a fresh install: all usage in one hour) in the middle of the time axis, not at its left edge', async () => {
    await storedRecords(mix.requests);
    const series = (await adminClient(gateway.url).call('GET', '/usage/series?bucket=hour&by=none')).body as { data: Array<{ bucketStart: number }> };
    expect(new Set(series.data.map((point) => point.bucketStart)).size).toBe(1);
    await signedIn('overview');
    // The first line's colour (#2563eb): its point is the only thing drawn in it.
    const columns = await page.locator('[data-chart="Requests"] canvas').evaluate((canvas: CanvasLike) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const xs: number[] = [];
      for (let index = 0; index < data.length; index += 4) {
        if (Math.abs(data[index]! - 0x25) < 12 && Math.abs(data[index + 1]! - 0x63) < 12 && Math.abs(data[index + 2]! - 0xeb) < 12) xs.push((index / 4) % canvas.width);
      }
      return { left: Math.min(...xs), right: Math.max(...xs), width: canvas.width };
    });
    // The plot area lies right of the y axis (70 px, TimeChart's axes); the lone point must sit in its middle.
    const plotMiddle = (70 + columns.width) / 2;
    const pointMiddle = (columns.left + columns.right) / 2;
    expect({ offCentreBy: Math.abs(pointMiddle - plotMiddle) < columns.width / 20 ? 'under 5%' : `${pointMiddle} px, not ${plotMiddle}` }).toEqual({ offCentreBy: 'under 5%' });
  });

  it("shows a fresh install (no usage, no issued key) on every page: each chart says so, nothing breaks", async () => {
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await signedIn('overview', freshGateway);
    await expect(page.locator('[data-tile=requests] .tile-value').textContent()).resolves.toBe('0');
    await expect(page.locator('[data-chart] .empty').allTextContents()).resolves.toEqual(Array(5).fill('No requests in this period.'));
    // Signed in already: the other pages open from the address.
    const visit = async (route: string) => {
      await page.goto(`${freshGateway.url}/ui#/${route}`);
      await page.waitForSelector(`[data-page=${route}]`);
    };
    await visit('keys');
    await expect(page.locator('[data-no-keys]').textContent()).resolves.toContain('No issued keys yet.');
    await visit('usage');
    await page.waitForSelector('[data-count="0"]');
    await visit('models');
    await page.waitForSelector(`[data-model="${models[0]}"]`);
    expect(failures).toEqual([]);
  });

  it('creates a key whose secret works, and revokes it so that it is refused', async () => {
    await signedIn('keys');
    await page.fill('.create-key input[name=name]', 'browser-made');
    await page.fill('.create-key input[name=rpm]', '30');
    await page.fill('.create-key input[name=budgetUsd]', '5');
    await page.click('.create-key button[type=submit]');
    const secret = (await page.locator('[data-secret]').textContent())!;
    expect(secret).toMatch(/^mg-/);
    await expect(page.locator('[data-key=browser-made] [data-status]').textContent()).resolves.toBe('active');
    await expect(page.locator('[data-key=browser-made] [data-spend]').textContent()).resolves.toContain('of $5.00 / month');
    expect((await chat(`${gateway.url}/v1`, secret, { model: models[0] })).status).toBe(200);
    mix.requests++;
    mix.byModel.set(models[0]!, mix.byModel.get(models[0]!)! + 1);
    await page.click('[data-key=browser-made] button:has-text("Revoke")');
    await page.waitForSelector('[data-key=browser-made] [data-status]:has-text("revoked")');
    const refused = await chat(`${gateway.url}/v1`, secret, { model: models[0] });
    expect(refused.status).toBe(401);
  });

  it('filters the usage log and exports it as CSV', async () => {
    await storedRecords(mix.requests);
    await signedIn('usage');
    await page.waitForSelector('[data-record]');
    const total = Number(await page.locator('[data-count]').getAttribute('data-count'));
    expect(total).toBe(mix.requests);
    await page.fill('.filters input[name=model]', models[1]!);
    await page.click('.filters button[type=submit]');
    await page.waitForSelector(`[data-count="2"]`);
    await expect(page.locator('[data-record] [data-column=model]').allTextContents()).resolves.toEqual([models[1], models[1]]);
    await page.fill('.filters input[name=model]', '');
    await page.selectOption('.filters select[name=status]', 'errors');
    await page.click('.filters button[type=submit]');
    await page.waitForSelector(`[data-count="1"]`);
    await expect(page.locator('[data-record] [data-column=status]').allTextContents()).resolves.toEqual(['404']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:has-text("Export CSV")')]);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      });
    });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('time,request_id,key_id,endpoint,model,deployment,status,outcome,prompt_tokens,completion_tokens,cache_read_tokens,cache_write_tokens,cache_write_1h_tokens,response_cache_hit,cost_usd,latency_ms');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',404,refused,');
  });

  it("lists each model's deployments with their state", async () => {
    await signedIn('models');
    await page.waitForSelector(`[data-model="${models[0]}"]`);
    await expect(page.locator(`[data-model="${models[0]}"] [data-state]`).first().textContent()).resolves.toBe('in-rotation');
  });
});
