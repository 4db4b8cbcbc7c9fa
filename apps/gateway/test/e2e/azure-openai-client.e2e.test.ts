import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAzureOpenAiSimulator, type AzureOpenAiSimulator } from '@modelgate/provider-azure-openai/testing';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from '../support/test-gateway.js';

const AZURE_KEY = 'azure-resource-key-0123';
const DEPLOYMENT = 'gpt-4.1-mini';
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const weatherTool: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

// The official clients through the gateway to an Azure OpenAI resource (the strict Azure simulator,
// v1 API, key auth): chat with an image, a streamed tool call, the Responses API and the Messages
// front. What reached the simulator is what Azure would have received.
describe('official clients through the gateway to Azure OpenAI', () => {
  let harness: GatewayInFrontOf<AzureOpenAiSimulator>;
  let openai: OpenAI;
  const lastAzureRequest = () => harness.simulator.requests.at(-1)!;

  beforeAll(async () => {
    const simulator = await startAzureOpenAiSimulator({ apiKey: AZURE_KEY, deployments: { [DEPLOYMENT]: 'gpt-4.1-mini-2025-04-14' } });
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ package: '@modelgate/provider-azure-openai', id: 'azure', settings: { endpoint: simulator.url, apiKey: AZURE_KEY } }],
      models: [{ id: 'house-gpt', provider: 'azure', upstreamModel: DEPLOYMENT }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
    openai = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());

  it('chat with an image: the deployment and the image reach Azure, its key as api-key', async () => {
    const completion = await openai.chat.completions.create({
      model: 'house-gpt',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: PIXEL } }] }],
    });
    expect(completion.choices[0]!.message.content).toBe('Echo: What is this?');
    const sent = lastAzureRequest();
    expect(sent.path).toBe('/openai/v1/chat/completions');
    expect(sent.headers['api-key']).toBe(AZURE_KEY);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: DEPLOYMENT, messages: [{ content: [{ type: 'text' }, { type: 'image_url', image_url: { url: PIXEL } }] }] });
    expect(harness.logs.join('\n')).not.toContain(AZURE_KEY);
  });

  it('a streamed tool call arrives whole, with usage', async () => {
    harness.simulator.enqueueReply({ kind: 'tool_calls', calls: [{ id: 'call_oslo', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const stream = await openai.chat.completions.create({
      model: 'house-gpt',
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
      tools: [weatherTool],
      stream: true,
      stream_options: { include_usage: true },
    });
    const call = { id: '', name: '', arguments: '' };
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      for (const toolCall of chunk.choices[0]?.delta.tool_calls ?? []) {
        call.id += toolCall.id ?? '';
        call.name += toolCall.function?.name ?? '';
        call.arguments += toolCall.function?.arguments ?? '';
      }
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect({ call, finish }).toEqual({ call: { id: 'call_oslo', name: 'get_weather', arguments: '{"city":"Oslo"}' }, finish: 'tool_calls' });
    expect(usage?.total_tokens).toBeGreaterThan(0);
    expect(lastAzureRequest().body).toMatchObject({ tools: [{ function: { name: 'get_weather' } }], stream: true });
  });

  it('the Responses API goes to /openai/v1/responses with the deployment as model', async () => {
    const response = await openai.responses.create({ model: 'house-gpt', input: 'hello azure responses' });
    expect(response.output_text).toBe('Echo: hello azure responses');
    expect(lastAzureRequest()).toMatchObject({ path: '/openai/v1/responses', body: { model: DEPLOYMENT } });
  });

  it('the Responses API streamed: the events arrive as Azure sent them', async () => {
    const stream = await openai.responses.create({ model: 'house-gpt', input: 'stream azure responses', stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe('Echo: stream azure responses');
    expect(types.at(-1)).toBe('response.completed');
    expect(lastAzureRequest()).toMatchObject({ path: '/openai/v1/responses', body: { model: DEPLOYMENT, stream: true } });
  });

  it('the Messages front (Anthropic client) is served by the Azure deployment over the chat hub', async () => {
    const anthropic = new Anthropic({ baseURL: harness.baseUrl.replace(/\/v1$/, ''), apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
    const message = await anthropic.messages.create({ model: 'house-gpt', max_tokens: 64, messages: [{ role: 'user', content: 'hello from claude code' }] });
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: 'Echo: hello from claude code' })]);
    expect(lastAzureRequest()).toMatchObject({ path: '/openai/v1/chat/completions', body: { model: DEPLOYMENT } });
  });

  it("a prompt Azure's filter blocks is a 400 with code content_filter", async () => {
    const failure = await openai.chat.completions.create({ model: 'house-gpt', messages: [{ role: 'user', content: 'BLOCKED-BY-FILTER' }] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failure as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('content_filter');
  });
});
