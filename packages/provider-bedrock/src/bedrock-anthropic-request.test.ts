import { describe, expect, it } from '@jest/globals';
import { bedrockRuntime, toBedrockAnthropicRequest } from './bedrock-anthropic-request.js';

describe('toBedrockAnthropicRequest', () => {
  const runtime = bedrockRuntime('eu-west-1');
  const anthropic = {
    method: 'POST' as const,
    url: 'https://api.anthropic.com/v1/messages',
    headers: { 'x-api-key': 'never', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'a-1, b-2', 'content-type': 'application/json' },
    body: { model: 'claude-sonnet-4-5', stream: true, max_tokens: 10, messages: [] },
    stream: true,
  };

  it("moves the model into the URL, the version and betas into the body, and drops Anthropic's headers", () => {
    expect(toBedrockAnthropicRequest(anthropic, 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0', runtime)).toEqual({
      method: 'POST',
      url: 'https://bedrock-runtime.eu-west-1.amazonaws.com/model/eu.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream',
      headers: { 'content-type': 'application/json', accept: 'application/vnd.amazon.eventstream' },
      body: { anthropic_version: 'bedrock-2023-05-31', max_tokens: 10, messages: [], anthropic_beta: ['a-1', 'b-2'] },
      stream: true,
    });
  });
});

describe('anthropicModelOfBedrockId', () => {
  it('finds the Anthropic id behind base model and inference profile ids', async () => {
    const { anthropicModelOfBedrockId } = await import('./bedrock-anthropic-request.js');
    expect(anthropicModelOfBedrockId('anthropic.claude-haiku-4-5-20251001-v1:0')).toBe('claude-haiku-4-5-20251001');
    expect(anthropicModelOfBedrockId('global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5-20250929');
    expect(anthropicModelOfBedrockId('apac.anthropic.claude-opus-4-6-v1')).toBe('claude-opus-4-6');
  });
});
