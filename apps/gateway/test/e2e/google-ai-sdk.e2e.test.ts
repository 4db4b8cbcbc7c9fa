import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { startGoogleTestGateway, type GoogleTestGateway } from '../support/google-test-gateway.js';
import { THINKING_MODEL, THINKING_TURNS, TIME_PARAMETERS, toolResult, USER_QUESTION, WEATHER_PARAMETERS } from '../support/google-thinking-conversation.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

const MODEL = 'gemini-3.8-flash';
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type Language = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;
type CallOptions = Parameters<Language['doGenerate']>[0];
type Prompt = CallOptions['prompt'];
type StreamPart = { type: string; [field: string]: unknown };

const tools: CallOptions['tools'] = [
  { type: 'function', name: 'get_weather', description: 'Current weather', inputSchema: WEATHER_PARAMETERS as never },
  { type: 'function', name: 'get_time', description: 'Local time', inputSchema: TIME_PARAMETERS as never },
];

async function streamParts(model: Language, options: CallOptions): Promise<StreamPart[]> {
  const { stream } = await model.doStream(options);
  const parts: StreamPart[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value as StreamPart);
  return parts;
}

const textOf = (parts: readonly StreamPart[], type: string) => parts.filter((part) => part.type === type).map((part) => String(part.delta)).join('');

// The AI SDK's OpenAI-compatible provider (what Vercel's AI SDK apps use for a custom base URL),
// pointed at the gateway with Gemini ids, driven through its language-model interface.
describe('AI SDK (@ai-sdk/openai-compatible) through the gateway (Gemini family)', () => {
  let harness: GoogleTestGateway;
  let model: (id: string) => Language;
  const lastBody = () => harness.simulator.requests.at(-1)!.body as { contents: unknown[]; [field: string]: unknown };

  beforeAll(async () => {
    harness = await startGoogleTestGateway();
    const provider = createOpenAICompatible({ name: 'modelgate', baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, includeUsage: true, supportsStructuredOutputs: true });
    model = (id) => provider.chatModel(id);
  });
  afterAll(() => harness.close());

  it('generates plain text', async () => {
    const result = await model(MODEL).doGenerate({ prompt: [{ role: 'system', content: 'Be terse.' }, { role: 'user', content: [{ type: 'text', text: 'hello sdk' }] }] });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello sdk' }]);
    expect(result.finishReason.unified).toBe('stop');
    expect(lastBody()).toMatchObject({ systemInstruction: { parts: [{ text: 'Be terse.' }] }, contents: [{ role: 'user', parts: [{ text: 'hello sdk' }] }] });
  });

  it('streams text with usage', async () => {
    harness.simulator.enqueueReply({ parts: [{ text: 'Streamed for the SDK' }], usage: { promptTokenCount: 12, candidatesTokenCount: 5 } });
    const parts = await streamParts(model(MODEL), { prompt: [{ role: 'user', content: [{ type: 'text', text: 'stream' }] }] });
    expect(textOf(parts, 'text-delta')).toBe('Streamed for the SDK');
    const finish = parts.find((part) => part.type === 'finish') as unknown as { finishReason: { unified: string }; usage: { inputTokens: { total: number }; outputTokens: { total: number } } };
    expect(finish.finishReason.unified).toBe('stop');
    expect([finish.usage.inputTokens.total, finish.usage.outputTokens.total]).toEqual([12, 5]);
  });

  it('streams two parallel tool calls and sends their results back', async () => {
    harness.simulator.enqueueReply({ parts: [{ functionCall: { id: 'sdk_1', name: 'get_weather', args: { city: 'Oslo' } } }, { functionCall: { id: 'sdk_2', name: 'get_weather', args: { city: 'Bergen' } } }] });
    const prompt: Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Bergen?' }] }];
    const parts = await streamParts(model(MODEL), { prompt, tools });
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls.map((call) => [call.toolCallId, call.toolName, JSON.parse(String(call.input))])).toEqual([
      ['sdk_1', 'get_weather', { city: 'Oslo' }],
      ['sdk_2', 'get_weather', { city: 'Bergen' }],
    ]);
    expect((parts.find((part) => part.type === 'finish') as unknown as { finishReason: { unified: string } }).finishReason.unified).toBe('tool-calls');

    harness.simulator.enqueueReply({ parts: [{ text: 'Oslo 4C, Bergen 7C.' }] });
    const answer = await model(MODEL).doGenerate({
      tools,
      prompt: [
        ...prompt,
        { role: 'assistant', content: calls.map((call) => ({ type: 'tool-call' as const, toolCallId: String(call.toolCallId), toolName: String(call.toolName), input: String(call.input), providerOptions: call.providerMetadata as never })) },
        { role: 'tool', content: calls.map((call, index) => ({ type: 'tool-result' as const, toolCallId: String(call.toolCallId), toolName: String(call.toolName), output: { type: 'text' as const, value: ['4C', '7C'][index]! } })) },
      ],
    });
    expect(answer.content).toEqual([{ type: 'text', text: 'Oslo 4C, Bergen 7C.' }]);
    expect(lastBody().contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Oslo and Bergen?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'sdk_1', name: 'get_weather', args: { city: 'Oslo' } }, thoughtSignature: harness.simulator.issuedSignatures.at(-2)!.signature },
          { functionCall: { id: 'sdk_2', name: 'get_weather', args: { city: 'Bergen' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'sdk_1', name: 'get_weather', response: { content: '4C' } } },
          { functionResponse: { id: 'sdk_2', name: 'get_weather', response: { content: '7C' } } },
        ],
      },
    ]);
  });

  it('sends an image and a JSON schema', async () => {
    const image = await model(MODEL).doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL } }] }] });
    expect(image.content).toEqual([{ type: 'text', text: 'Echo: What is this?' }]);
    expect(lastBody().contents).toEqual([{ role: 'user', parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: PIXEL } }] }]);
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    harness.simulator.enqueueReply({ parts: [{ text: '{"city":"Oslo"}' }] });
    const json = await model(MODEL).doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'JSON please' }] }], responseFormat: { type: 'json', schema: schema as never, name: 'city' } });
    expect(json.content).toEqual([{ type: 'text', text: '{"city":"Oslo"}' }]);
    expect(lastBody().generationConfig).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema: schema });
  });

  it('holds a three-turn tool conversation with thinking on: every signature the simulator issued comes back in place', async () => {
    const issuedBefore = harness.simulator.issuedSignatures.length;
    for (const turn of THINKING_TURNS) harness.simulator.enqueueReply(turn);
    const prompt: Prompt = [{ role: 'user', content: [{ type: 'text', text: USER_QUESTION }] }];
    for (let turn = 0; turn < THINKING_TURNS.length; turn++) {
      const parts = await streamParts(model(THINKING_MODEL), { prompt, tools, reasoning: 'high' });
      expect(lastBody().generationConfig).toEqual({ thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } });
      const report = checkReturnedSignatures(harness.simulator.issuedSignatures.slice(issuedBefore), lastBody());
      expect({ turn, lost: report.lost, inPlace: report.inPlace.length }).toEqual({ turn, lost: [], inPlace: turn });
      expect(textOf(parts, 'reasoning-delta')).toBe(THINKING_TURNS[turn]!.parts!.flatMap((part) => ('text' in part && part.thought ? [part.text] : [])).join(''));
      const calls = parts.filter((part) => part.type === 'tool-call');
      if (calls.length === 0) {
        expect(textOf(parts, 'text-delta')).toBe('Oslo 4C, Bergen 7C, 10:00 local.');
        break;
      }
      prompt.push(
        { role: 'assistant', content: calls.map((call) => ({ type: 'tool-call' as const, toolCallId: String(call.toolCallId), toolName: String(call.toolName), input: String(call.input), providerOptions: call.providerMetadata as never })) },
        {
          role: 'tool',
          content: calls.map((call) => ({ type: 'tool-result' as const, toolCallId: String(call.toolCallId), toolName: String(call.toolName), output: { type: 'text' as const, value: toolResult(String(call.toolName), JSON.parse(String(call.input)) as Record<string, unknown>) } })),
        },
      );
    }
    expect(harness.simulator.issuedSignatures.length - issuedBefore).toBe(3);
  });
});
