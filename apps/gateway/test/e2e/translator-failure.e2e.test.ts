import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProviderPluginV1 } from '@modelgate/core';
import openAiProvider, { type OpenAiSettings } from '@modelgate/provider-openai';
import { startOpenAiSimulator } from '@modelgate/provider-openai/testing';
import { authorized, startGatewayInFrontOf, TEST_SERVICE_KEY, waitForLogLine, type TestGateway } from '../support/test-gateway.js';

// A provider whose stream translator has a bug: it throws a TypeError on the second event.
const buggyProvider: ProviderPluginV1<OpenAiSettings> = {
  ...openAiProvider,
  id: 'buggy',
  modelPatterns: ['buggy-*'],
  create(settings, context) {
    const provider = openAiProvider.create(settings, context);
    return {
      chat: {
        ...provider.chat,
        createStreamTranslator(request, call) {
          const inner = provider.chat.createStreamTranslator(request, call);
          let events = 0;
          return {
            onEvent(event) {
              if (++events === 2) throw new TypeError('cannot read properties of undefined (reading "delta")');
              return inner.onEvent(event);
            },
            onEnd: () => inner.onEnd(),
          };
        },
      },
    };
  },
};

describe('a translator that fails mid-stream', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    const simulator = await startOpenAiSimulator();
    harness = await startGatewayInFrontOf(simulator, {
      server: { host: '127.0.0.1', port: 0 },
      providers: [{ plugin: buggyProvider as never, settings: { baseUrl: simulator.url } }],
      keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
      storage: { driver: 'sqlite', path: ':memory:' },
    });
  });
  afterAll(() => harness.close());

  it('answers 500 internal_error, not an upstream failure, and logs the cause', async () => {
    const response = await fetch(`${harness.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: authorized(),
      body: JSON.stringify({ model: 'buggy-model', stream: true, messages: [{ role: 'user', content: 'the secret prompt' }] }),
    });
    // The translator fails on the stream's first event: the answer had not started, so it gets its status.
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { message: 'The gateway failed while relaying the stream.', type: 'server_error', param: null, code: 'internal_error' },
    });
    const failure = (await waitForLogLine(harness.logs, (line) => line.msg === 'request failed while relaying the stream, before the answer started')) as {
      err?: { message: string; stack: string };
    };
    expect(failure.err!.message).toContain('reading "delta"');
    expect(failure.err!.stack).toContain('onEvent');
    expect(harness.logs.join('')).not.toContain('the secret prompt');
  });
});
