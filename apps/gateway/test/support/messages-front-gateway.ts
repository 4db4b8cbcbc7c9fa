import Anthropic from '@anthropic-ai/sdk';
import { startAnthropicSimulator, type AnthropicSimulator } from '@modelgate/provider-anthropic/testing';
import { startDeepSeekSimulator, type DeepSeekSimulator } from '@modelgate/provider-deepseek/testing';
import { startGoogleSimulator, type GoogleSimulator } from '@modelgate/provider-google/testing';
import { startOpenAiSimulator, type OpenAiSimulator } from '@modelgate/provider-openai/testing';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.js';
import { startGatewayInFrontOf, TEST_SERVICE_KEY, type GatewayInFrontOf } from './test-gateway.js';

/** One model id per family, as the Messages front's tests ask for them. */
export const MESSAGES_TEST_MODELS = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1-mini',
  google: 'gemini-3.8-flash',
  deepseek: 'deepseek-v4-pro',
} as const;

export type MessagesTestFamily = keyof typeof MESSAGES_TEST_MODELS;

/** The four simulators behind the gateway; Anthropic's answers pass through a proxy that keeps their bytes. */
export interface FourSimulators {
  readonly anthropic: AnthropicSimulator;
  readonly anthropicProxy: RecordingProxy;
  readonly openai: OpenAiSimulator;
  readonly google: GoogleSimulator;
  readonly deepseek: DeepSeekSimulator;
  close(): Promise<void>;
}

export type MessagesFrontGateway = GatewayInFrontOf<FourSimulators> & {
  /** The official Anthropic client, pointed at the gateway with the test key (`x-api-key` unless `bearer`). */
  client(options?: { bearer?: boolean; apiKey?: string; maxRetries?: number }): Anthropic;
};

const UPSTREAM_KEYS = { anthropic: 'sk-ant-upstream', openai: 'sk-openai-upstream', google: 'gemini-upstream', deepseek: 'sk-deepseek-upstream' } as const;

async function startFourSimulators(): Promise<FourSimulators> {
  const anthropic = await startAnthropicSimulator({ apiKey: UPSTREAM_KEYS.anthropic });
  const anthropicProxy = await startRecordingProxy(anthropic.origin);
  const openai = await startOpenAiSimulator({ apiKey: UPSTREAM_KEYS.openai });
  const google = await startGoogleSimulator({ apiKey: UPSTREAM_KEYS.google });
  const deepseek = await startDeepSeekSimulator({ apiKey: UPSTREAM_KEYS.deepseek });
  return {
    anthropic,
    anthropicProxy,
    openai,
    google,
    deepseek,
    async close() {
      await anthropicProxy.close();
      await Promise.all([anthropic.close(), openai.close(), google.close(), deepseek.close()]);
    },
  };
}

/**
 * A gateway on 127.0.0.1:0 serving the four families from their simulators, for the Anthropic
 * Messages front: Claude ids pass through to Anthropic (via the recording proxy), GPT, Gemini and
 * DeepSeek ids are bridged. `overrides` go to the gateway's config (keys, limits…).
 */
export async function startMessagesFrontGateway(overrides: Partial<GatewayConfigInput> = {}): Promise<MessagesFrontGateway> {
  const simulators = await startFourSimulators();
  const running = await startGatewayInFrontOf(simulators, {
    server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 4 * 1024 * 1024, shutdownGraceMs: 5_000 },
    providers: [
      { package: '@modelgate/provider-anthropic', id: 'anthropic', settings: { baseUrl: simulators.anthropicProxy.origin, apiKey: UPSTREAM_KEYS.anthropic } },
      { package: '@modelgate/provider-openai', id: 'openai', settings: { baseUrl: simulators.openai.url, apiKey: UPSTREAM_KEYS.openai } },
      { package: '@modelgate/provider-google', id: 'google', settings: { baseUrl: `${simulators.google.origin}/v1beta`, apiKey: UPSTREAM_KEYS.google } },
      { package: '@modelgate/provider-deepseek', id: 'deepseek', settings: { baseUrl: simulators.deepseek.url, apiKey: UPSTREAM_KEYS.deepseek } },
    ],
    keys: [{ name: 'test', key: TEST_SERVICE_KEY }],
    ...overrides,
  });
  return {
    ...running,
    client: ({ bearer = false, apiKey = TEST_SERVICE_KEY, maxRetries = 0 } = {}) =>
      new Anthropic({ baseURL: running.gateway.url, ...(bearer ? { authToken: apiKey, apiKey: null } : { apiKey }), maxRetries }),
  };
}
