import { afterEach, describe, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';

describe('GET /catalog, the human-readable model catalog', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('lists each model with family, provider, upstream model, limits and prices, without a key', async () => {
    harness = await startTestGateway({
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', aliases: ['gpt-alias', '<b>odd</b>'] }],
    });
    const response = await fetch(`${harness.gateway.url}/catalog`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    const row = page.split('\n').find((line) => line.includes('<code>gpt-test</code>'))!;
    expect(row).toContain('<code>gpt-alias</code>');
    expect(row).toContain('<code>&lt;b&gt;odd&lt;/b&gt;</code>');
    expect(row).toContain('<td>openai</td>');
    expect(row).toContain('<code>gpt-4.1-mini</code>');
    // gpt-4.1-mini's card: 1,047,576 tokens of context, 32,768 out, $0.40 / $0.10 / $1.60 per million.
    expect(row).toContain('<td>1,048k</td><td>33k</td><td>$0.400</td><td>$0.100</td><td>$1.60</td>');
    // The provider's catalog models and its id patterns are listed too.
    expect(page).toContain('<code>gpt-5</code>');
    expect(page).toContain('<code>gpt-*</code>');
  });

  it("shows each model's name, capabilities and endpoints, and is laid out for a phone without a script", async () => {
    harness = await startTestGateway({
      models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini', displayName: 'House model', capabilities: { reasoning: true } }],
    });
    const page = await (await fetch(`${harness.gateway.url}/catalog`)).text();
    const row = page.split('\n').find((line) => line.includes('<code>gpt-test</code>'))!;
    // The config's overrides on top of gpt-4.1-mini's card.
    expect(row).toContain('<small>House model</small>');
    expect(row).toContain('<td>streaming, tools, vision, JSON schema, reasoning</td>');
    expect(row).toContain('<td><code>/v1/chat/completions</code><br><code>/v1/responses</code><br><code>/v1/responses/compact</code><br><code>/v1/responses/input_tokens</code><br><code>/v1/messages</code><br><code>/v1/messages/count_tokens</code><br><code>/v1beta/models/{model}:generateContent</code><br><code>/v1beta/models/{model}:countTokens</code></td>');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toMatch(/@media \(max-width: 48rem\)[^]*td:nth-child\(11\)::before \{ content: "Endpoints: "; \}/);
    expect(page).not.toContain('<script');
  });

  it('is off when server.publicCatalog is false', async () => {
    harness = await startTestGateway({ server: { host: '127.0.0.1', port: 0, publicCatalog: false } });
    const response = await fetch(`${harness.gateway.url}/catalog`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unknown_url');
  });

  it('answers HEAD on /health and refuses other methods in the envelope', async () => {
    harness = await startTestGateway();
    expect((await fetch(`${harness.gateway.url}/health`, { method: 'HEAD' })).status).toBe(200);
    const refused = await fetch(`${harness.gateway.url}/health`, { method: 'POST' });
    expect(refused.status).toBe(405);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });
});
