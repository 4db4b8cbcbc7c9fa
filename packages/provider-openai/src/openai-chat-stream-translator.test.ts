import { describe, expect, it } from '@jest/globals';
import { GatewayError } from '@modelgate/core';
import { OpenAiChatStreamTranslator } from './openai-chat-stream-translator.js';

const chunk = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}';

describe('OpenAiChatStreamTranslator', () => {
  it('relays chunks verbatim and parses them for the gateway', () => {
    const translator = new OpenAiChatStreamTranslator('OpenAI');
    const [output] = translator.onEvent({ data: chunk });
    expect(output!.serialized).toBe(chunk);
    expect(output!.chunk.choices[0]!.delta.content).toBe('Hi');
    expect(translator.onEvent({ data: '[DONE]' })).toEqual([]);
    expect(translator.onEnd()).toEqual([]);
  });

  it('fails a stream that ends without [DONE]', () => {
    const translator = new OpenAiChatStreamTranslator('OpenAI');
    translator.onEvent({ data: chunk });
    expect(() => translator.onEnd()).toThrow(/before sending \[DONE\]/);
  });

  it('turns an upstream error payload into a gateway error', () => {
    const translator = new OpenAiChatStreamTranslator('OpenAI');
    let caught: unknown;
    try {
      translator.onEvent({ data: '{"error":{"message":"overloaded","type":"server_error","code":"overloaded"}}' });
    } catch (error) {
      caught = error;
    }
    expect(GatewayError.isInstance(caught)).toBe(true);
    expect((caught as GatewayError).toBody()).toEqual({ message: 'overloaded', type: 'server_error', param: null, code: 'overloaded' });
  });

  it('keeps the kind the upstream named in a mid-stream error', () => {
    const kindOf = (data: string): unknown => {
      try {
        new OpenAiChatStreamTranslator('OpenAI').onEvent({ data });
      } catch (error) {
        return (error as GatewayError).kind;
      }
      return undefined;
    };
    expect(kindOf('{"error":{"message":"overloaded","type":"server_error","code":"overloaded"}}')).toBe('overloaded');
    expect(kindOf('{"error":{"message":"quota","type":"insufficient_quota","code":"insufficient_quota"}}')).toBe('insufficient_quota');
    expect(kindOf('{"error":{"message":"oops","type":"server_error"}}')).toBe('server');
  });

  it('rejects malformed JSON', () => {
    const translator = new OpenAiChatStreamTranslator('OpenAI');
    expect(() => translator.onEvent({ data: '{not json' })).toThrow(/not valid JSON/);
  });
});
