import { describe, expect, it } from '@jest/globals';
import { GatewayError, type CallContextV1 } from '@modelgate/core';
import { OpenAiCompatibleStreamTranslator } from './openai-compatible-stream-translator.js';

const chunk = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}';

const call: CallContextV1 = { requestId: 'req_1', publicModel: 'house', upstreamModel: 'gpt-4.1', warn: () => undefined };
const OPENAI = { vendorName: 'OpenAI', call };

describe('OpenAiCompatibleStreamTranslator', () => {
  it('relays chunks verbatim and parses them for the gateway', () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI);
    const [output] = translator.onEvent({ data: chunk });
    expect(output!.serialized).toBe(chunk);
    expect(output!.chunk.choices[0]!.delta.content).toBe('Hi');
    expect(translator.onEvent({ data: '[DONE]' })).toEqual([]);
    expect(translator.onEnd()).toEqual([]);
  });

  it("does not relay a chunk without choices or usage (a compatible server's filter-results opener), but does the final usage chunk", () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI);
    expect(translator.onEvent({ data: '{"id":"","object":"","created":0,"model":"","choices":[],"prompt_filter_results":[{"prompt_index":0}]}' })).toEqual([]);
    const usage = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}';
    expect(translator.onEvent({ data: usage })).toEqual([{ chunk: JSON.parse(usage), serialized: usage }]);
  });

  it('with usage the client did not ask for: counts it, drops the usage chunk, and cuts `usage: null` from the bytes', () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI, {}, true);
    const withNull = `${chunk.slice(0, -1)},"usage":null}`;
    expect(translator.onEvent({ data: withNull })).toEqual([{ chunk: JSON.parse(withNull), serialized: chunk }]);
    // Another server's layout: re-encoded without the member.
    const spaced = '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","usage": null,"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":null}]}';
    expect(translator.onEvent({ data: spaced })).toEqual([{ chunk: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'x' }, finish_reason: null }] } }]);
    const usage = { prompt_tokens: 3, completion_tokens: 50, total_tokens: 53, completion_tokens_details: { reasoning_tokens: 49 } };
    expect(translator.onEvent({ data: JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage }) })).toEqual([]);
    expect(translator.accountedUsage()).toEqual(usage);
  });

  it('fails a stream that ends without [DONE]', () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI);
    translator.onEvent({ data: chunk });
    expect(() => translator.onEnd()).toThrow(/before sending \[DONE\]/);
  });

  it('turns an upstream error payload into a gateway error', () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI);
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
        new OpenAiCompatibleStreamTranslator(OPENAI).onEvent({ data });
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
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI);
    expect(() => translator.onEvent({ data: '{not json' })).toThrow(/not valid JSON/);
  });

  it('chunk hook: the same chunk keeps the upstream bytes, a new one is re-encoded, null drops it', () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI, {
      chunk: (parsed) => {
        const delta = parsed.choices[0]!.delta as { content?: string | null; reasoning_content?: string };
        if (delta.content === 'drop') return null;
        if (delta.reasoning_content === undefined) return parsed;
        return { ...parsed, choices: [{ ...parsed.choices[0]!, delta: { role: 'assistant', reasoning_details: [{ type: 'reasoning.text', text: delta.reasoning_content }] } as never }] };
      },
    });
    expect(translator.onEvent({ data: chunk })).toEqual([{ chunk: JSON.parse(chunk), serialized: chunk }]);
    const reasoning = chunk.replace('"content":"Hi"', '"reasoning_content":"Let me think"');
    const [changed] = translator.onEvent({ data: reasoning });
    expect(changed!.serialized).toBeUndefined();
    expect(changed!.chunk.choices[0]!.delta).toEqual({ role: 'assistant', reasoning_details: [{ type: 'reasoning.text', text: 'Let me think' }] });
    expect(translator.onEvent({ data: chunk.replace('"Hi"', '"drop"') })).toEqual([]);
  });

  it('usage hook: the gateway counts the normalised usage, the client gets the upstream bytes', () => {
    const translator = new OpenAiCompatibleStreamTranslator(OPENAI, {
      usage: (usage) => ({ ...usage, completion_tokens_details: { reasoning_tokens: (usage as unknown as { reasoning: number }).reasoning } }),
    });
    const usageChunk = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":9,"total_tokens":12,"reasoning":6}}';
    const [output] = translator.onEvent({ data: usageChunk });
    expect(output!.serialized).toBe(usageChunk);
    expect(output!.chunk.usage?.completion_tokens_details).toEqual({ reasoning_tokens: 6 });
    expect(translator.onEvent({ data: chunk })[0]!.chunk.usage).toBeUndefined();
  });
});
