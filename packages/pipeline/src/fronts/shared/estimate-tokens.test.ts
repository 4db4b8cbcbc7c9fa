import { describe, expect, it } from '@jest/globals';
import type { ChatCompletionRequest, ResponsesRequest } from '@modelgate/core';
import { MAX_DEFAULT_OUTPUT_TOKENS, UNKNOWN_MODEL_OUTPUT_TOKENS } from './estimate-tokens.js';
import { openAiChatFront } from '../chat/openai-chat-front.js';
import { openAiResponsesFront } from '../responses/openai-responses-front.js';

const [chatOperation] = openAiChatFront.operations;
const [responsesOperation] = openAiResponsesFront.operations;

describe('token estimates of the OpenAI fronts', () => {
  it('estimates the prompt from the messages or the Responses input, plus the requested maximum', () => {
    const messages = [{ role: 'user' as const, content: 'x'.repeat(400) }];
    const chat = chatOperation.estimateTokens({ model: 'm', messages, max_completion_tokens: 50 } as ChatCompletionRequest, undefined);
    expect(chat.promptTokens).toBe(Math.ceil(JSON.stringify([messages]).length / 4));
    expect(chat.totalTokens).toBe(chat.promptTokens + 50);
    expect(responsesOperation.estimateTokens({ model: 'm', input: 'hello', max_output_tokens: 10 } as ResponsesRequest, undefined).totalTokens).toBeGreaterThan(10);
  });

  it('reserves the output limit the request asked for, else the model\'s (capped), else a default', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const prompt = Math.ceil(JSON.stringify([messages]).length / 4);
    const estimate = (request: Partial<ChatCompletionRequest>, modelLimit?: number) =>
      chatOperation.estimateTokens({ model: 'm', messages, ...request } as ChatCompletionRequest, modelLimit).totalTokens - prompt;
    expect(estimate({ max_tokens: 7 })).toBe(7);
    expect(estimate({ max_completion_tokens: 9, max_tokens: 7 })).toBe(9);
    expect(estimate({}, 2_000)).toBe(2_000);
    expect(estimate({}, 64_000)).toBe(MAX_DEFAULT_OUTPUT_TOKENS);
    expect(estimate({})).toBe(UNKNOWN_MODEL_OUTPUT_TOKENS);
  });

  it('reserves the output limit once for each of the n choices the vendor generates', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const prompt = Math.ceil(JSON.stringify([messages]).length / 4);
    const estimate = (request: Partial<ChatCompletionRequest>, modelLimit?: number) =>
      chatOperation.estimateTokens({ model: 'm', messages, ...request } as ChatCompletionRequest, modelLimit).totalTokens - prompt;
    expect(estimate({ n: 128, max_tokens: 1000 })).toBe(128_000);
    expect(estimate({ n: 3 }, 2_000)).toBe(6_000);
    expect(estimate({ n: 1, max_tokens: 10 })).toBe(10);
    expect(estimate({ n: null, max_tokens: 10 })).toBe(10);
  });

  it('counts the Responses instructions with the input', () => {
    const without = responsesOperation.estimateTokens({ model: 'm', input: 'hello' }, undefined).promptTokens;
    const withInstructions = responsesOperation.estimateTokens({ model: 'm', input: 'hello', instructions: 'y'.repeat(400) }, undefined).promptTokens;
    expect(withInstructions - without).toBeGreaterThanOrEqual(100);
  });
});
