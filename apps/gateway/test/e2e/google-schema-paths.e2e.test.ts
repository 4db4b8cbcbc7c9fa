import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startGoogleTestGateway, type GoogleTestGateway } from '../support/google-test-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

/** A tool schema with what Gemini's legacy subset lacks: additionalProperties, $ref/$defs, anyOf (with null), const. */
const BOOKING = {
  type: 'object',
  additionalProperties: false,
  $defs: { city: { type: 'string', description: 'A city name' } },
  properties: {
    from: { $ref: '#/$defs/city' },
    to: { $ref: '#/$defs/city' },
    kind: { const: 'train' },
    seats: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
    class: { anyOf: [{ const: 'first' }, { const: 'second' }] },
  },
  required: ['from', 'to', 'kind'],
};
const bookingTool: OpenAI.Chat.ChatCompletionTool = { type: 'function', function: { name: 'book_trip', description: 'Book a trip', parameters: BOOKING } };

// Both schema paths of PROTOCOLS E.6 against the simulator, which rejects on each what Google rejects.
describe.each([
  ['v1beta', 'parametersJsonSchema', BOOKING],
  [
    'v1',
    'parameters',
    {
      type: 'object',
      properties: {
        from: { type: 'string', description: 'A city name' },
        to: { type: 'string', description: 'A city name' },
        kind: { type: 'string', enum: ['train'] },
        seats: { type: 'integer', minimum: 1, nullable: true },
        class: { anyOf: [{ type: 'string', enum: ['first'] }, { type: 'string', enum: ['second'] }] },
      },
      required: ['from', 'to', 'kind'],
    },
  ],
] as const)('a tool schema with additionalProperties, $ref/$defs, anyOf and const on %s', (apiVersion, field, sent) => {
  let harness: GoogleTestGateway;
  let client: OpenAI;
  beforeAll(async () => {
    harness = await startGoogleTestGateway({}, apiVersion);
    client = new OpenAI({ baseURL: harness.baseUrl, apiKey: TEST_SERVICE_KEY, maxRetries: 0 });
  });
  afterAll(() => harness.close());

  it(`is accepted as ${field}, and so is a response_format schema`, async () => {
    harness.simulator.enqueueReply({ parts: [{ functionCall: { name: 'book_trip', args: { from: 'Oslo', to: 'Bergen', kind: 'train' } } }] });
    const completion = await client.chat.completions.create({
      model: 'gemini-3.8-flash',
      messages: [{ role: 'user', content: 'Book a train from Oslo to Bergen' }],
      tools: [bookingTool],
      response_format: { type: 'json_schema', json_schema: { name: 'booking', schema: BOOKING } },
    });
    expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
    const received = harness.simulator.requests.at(-1)!;
    expect(received.path).toBe(`/${apiVersion}/models/gemini-3.8-flash:generateContent`);
    const body = received.body as { tools: unknown; generationConfig: unknown };
    expect(body.tools).toEqual([{ functionDeclarations: [{ name: 'book_trip', description: 'Book a trip', [field]: sent }] }]);
    expect(body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      [apiVersion === 'v1' ? 'responseSchema' : 'responseJsonSchema']: sent,
      thinkingConfig: { includeThoughts: true },
    });
  });
});
