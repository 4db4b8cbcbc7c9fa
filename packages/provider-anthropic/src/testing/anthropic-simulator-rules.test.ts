import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readSseEvents } from '@modelgate/testkit';
import { startAnthropicSimulator, type AnthropicSimulator } from './index.js';

// Each rejection rule of the simulator, over real HTTP: the bad body goes in, Anthropic's status,
// error type and wording come out. A rule that stops rejecting fails its own row.

const KEY = 'sk-ant-rules';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

type Body = Record<string, unknown>;
const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const base = (extra: Body = {}): Body => ({ model: 'claude-sonnet-4-5', max_tokens: 100, messages: [user('hi')], ...extra });
const toolUse = (id: string) => ({ type: 'tool_use', id, name: 'f', input: {} });
const toolResult = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
const tool = { name: 'f', input_schema: { type: 'object', properties: {} } };
const jsonSchema = (schema: Body): Body => base({ output_config: { format: { type: 'json_schema', schema } } });
const objectOf = (property: Body): Body => ({ type: 'object', properties: { value: property }, required: ['value'], additionalProperties: false });
const image = (mediaType: string, data: string) => user([{ type: 'image', source: { type: 'base64', media_type: mediaType, data } }, { type: 'text', text: 'what is it?' }]);

const REJECTIONS: Array<[rule: string, body: Body, message: string]> = [
  ['output ceiling per model', base({ max_tokens: 65024 }), 'max_tokens: 65024 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-5'],
  ['output ceiling of a dated id', base({ model: 'claude-opus-4-1-20250805', max_tokens: 32001 }), 'max_tokens: 32001 > 32000, which is the maximum allowed number of output tokens for claude-opus-4-1-20250805'],
  ['temperature with top_p', base({ temperature: 0.5, top_p: 0.9 }), '`temperature` and `top_p` cannot both be specified for this model. Please use only one.'],
  ['sampling on a model without it', base({ model: 'claude-opus-4-7', temperature: 0.5 }), '`temperature` is deprecated for this model.'],
  [
    'tool blocks without tools',
    base({ messages: [user('weather?'), assistant([toolUse('toolu_1')]), user([toolResult('toolu_1'), { type: 'text', text: 'sum up' }])] }),
    'Requests which include `tool_use` or `tool_result` blocks must define tools.',
  ],
  [
    'duplicate tool_use ids',
    base({ tools: [tool], messages: [user('go'), assistant([toolUse('toolu_1'), toolUse('toolu_1')]), user([toolResult('toolu_1')])] }),
    'messages.1.content.1: `tool_use` ids must be unique',
  ],
  ['schema: minLength', jsonSchema(objectOf({ type: 'string', minLength: 2 })), "output_config.format.schema: For 'string' type, property 'minLength' is not supported"],
  ['schema: pattern', jsonSchema(objectOf({ type: 'string', pattern: '^a' })), "output_config.format.schema: For 'string' type, property 'pattern' is not supported"],
  ['schema: minimum', jsonSchema(objectOf({ type: 'number', minimum: 0 })), "output_config.format.schema: For 'number' type, property 'minimum' is not supported"],
  ['schema: minItems above 1', jsonSchema(objectOf({ type: 'array', items: { type: 'string' }, minItems: 2 })), "output_config.format.schema: For 'array' type, 'minItems' values other than 0 or 1 are not supported"],
  ['schema: oneOf', jsonSchema(objectOf({ oneOf: [{ type: 'string' }, { type: 'number' }] })), "output_config.format.schema: 'oneOf' is not supported"],
  ['schema: additionalProperties not false', jsonSchema({ type: 'object', properties: {} }), "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false"],
  [
    'strict tool schema',
    base({ tools: [{ name: 'f', strict: true, input_schema: { type: 'object', properties: { q: { type: 'string', maxLength: 3 } }, additionalProperties: false } }] }),
    "tools.0.custom.input_schema: For 'string' type, property 'maxLength' is not supported",
  ],
  ['prefill on a model without prefill', base({ model: 'claude-sonnet-4-6', messages: [user('hi'), assistant('Sure')] }), 'This model does not support assistant message prefill. The conversation must end with a user message.'],
  ['prefill ending in whitespace', base({ messages: [user('hi'), assistant([{ type: 'text', text: 'Sure, ' }])] }), 'messages: final assistant content cannot end with trailing whitespace'],
  [
    'prefill with structured outputs',
    base({ messages: [user('hi'), assistant('{')], output_config: { format: { type: 'json_schema', schema: { type: 'object', properties: {}, additionalProperties: false } } } }),
    'Prefilling the assistant message is not supported when using structured outputs (output_config.format).',
  ],
  ['image bytes of another type', base({ messages: [image('image/png', JPEG)] }), 'messages.0.content.0.image.source.base64.data: Image does not match the provided media type image/png'],
  ['image data that is not base64', base({ messages: [image('image/png', 'not base64!')] }), 'messages.0.content.0.image.source.base64.data: Image does not match the provided media type image/png'],
  [
    'thinking signature it did not issue',
    base({ tools: [tool], thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048, messages: [user('go'), assistant([{ type: 'thinking', thinking: 'hm', signature: 'forged' }, toolUse('toolu_1')]), user([toolResult('toolu_1')])] }),
    'messages.1.content.0: Invalid `signature` in `thinking` block',
  ],
  [
    'redacted thinking it did not issue',
    base({ messages: [user('go'), assistant([{ type: 'redacted_thinking', data: 'forged' }, { type: 'text', text: 'ok' }]), user('again')] }),
    'messages.1.content.0: Invalid `data` in `redacted_thinking` block',
  ],
  [
    'budget thinking on an adaptive-only model',
    base({ model: 'claude-opus-4-7', thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 4096 }),
    '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
  ],
  ['thinking off on an always-on model', base({ model: 'claude-sonnet-5-5', thinking: { type: 'disabled' } }), '"thinking.type.disabled" is not supported for this model: its thinking is always on.'],
  [
    'budget thinking with a tool turn that lost its thinking',
    base({ tools: [tool], thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048, messages: [user('go'), assistant([toolUse('toolu_1')]), user([toolResult('toolu_1')])] }),
    'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking',
  ],
  ['forced tool on a model that refuses it', base({ model: 'claude-sonnet-5-5', tools: [tool], tool_choice: { type: 'any' } }), "tool_choice.any: this model does not support forced tool use; use tool_choice 'auto' or 'none'."],
  [
    'more than four cache breakpoints',
    base({ messages: [user([1, 2, 3, 4, 5].map((n) => ({ type: 'text', text: `part ${n}`, cache_control: { type: 'ephemeral' } })))] }),
    'A maximum of 4 blocks with cache_control may be provided. Found 5.',
  ],
  ['cache_control of an unknown type', base({ messages: [user([{ type: 'text', text: 'x', cache_control: { type: 'forever' } }])] }), "messages.0.content.0.cache_control.type: Input should be 'ephemeral'"],
];

describe('the Anthropic simulator rejects what Anthropic rejects', () => {
  let simulator: AnthropicSimulator;
  const post = (body: Body) =>
    fetch(`${simulator.url}/messages`, { method: 'POST', headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    simulator = await startAnthropicSimulator({ apiKey: KEY });
  });
  afterAll(() => simulator.close());

  it('accepts the base body the rules start from', async () => {
    expect((await post(base())).status).toBe(200);
  });

  it.each(REJECTIONS)('%s', async (_rule, body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message } });
  });

  it('accepts image bytes that match their media type', async () => {
    expect((await post(base({ messages: [image('image/png', PNG)] }))).status).toBe(200);
    expect((await post(base({ messages: [image('image/jpeg', JPEG)] }))).status).toBe(200);
  });

  it('accepts thinking replayed with the signature it issued for that text, and only for that text', async () => {
    simulator.enqueueReply({ content: [{ type: 'thinking', thinking: 'Use the tool.' }, { type: 'tool_use', id: 'toolu_9', name: 'f', input: {} }] });
    const first = (await (await post(base({ tools: [tool], thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048 }))).json()) as { content: Body[] };
    const replay = (thinking: Body) =>
      post(base({ tools: [tool], thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048, messages: [user('hi'), assistant([thinking, first.content[1]]), user([toolResult('toolu_9')])] }));
    expect((await replay(first.content[0]!)).status).toBe(200);
    const edited = await replay({ ...first.content[0], thinking: 'Use another tool.' });
    expect(edited.status).toBe(400);
  });
});

describe('the Anthropic simulator scripts what Anthropic streams', () => {
  let simulator: AnthropicSimulator;
  const stream = async () => {
    const response = await fetch(`${simulator.url}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify(base({ stream: true })),
    });
    return { status: response.status, events: (await readSseEvents(response)).map((event) => JSON.parse(event.data) as Body) };
  };

  beforeAll(async () => {
    simulator = await startAnthropicSimulator({ apiKey: KEY });
  });
  afterAll(() => simulator.close());

  it('redacted thinking, server tool blocks and citations', async () => {
    const citation = { type: 'web_search_result_location', url: 'https://example.com', title: 'Ex', cited_text: 'x', encrypted_index: 'Eo8' };
    simulator.enqueueReply({
      content: [
        { type: 'redacted_thinking', data: 'EmwKredacted' },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'oslo' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result', url: 'https://example.com', title: 'Ex' }] },
        { type: 'text', text: 'Oslo is cold.', citations: [citation] },
      ],
    });
    const { events } = await stream();
    const starts = events.filter((event) => event.type === 'content_block_start').map((event) => (event.content_block as Body).type);
    expect(starts).toEqual(['redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'text']);
    expect(events).toContainEqual({ type: 'content_block_delta', index: 3, delta: { type: 'citations_delta', citation } });
  });

  it('cache usage in message_start and a tool whose input arrives in content_block_start', async () => {
    simulator.enqueueReply({ content: [{ type: 'tool_use', id: 'toolu_s', name: 'f', input: { city: 'Oslo' }, inputAtStart: true }], usage: { cacheReadInputTokens: 40, cacheCreationInputTokens: 7 } });
    const { events } = await stream();
    expect((events[0]!.message as { usage: Body }).usage).toMatchObject({ cache_read_input_tokens: 40, cache_creation_input_tokens: 7 });
    expect(events[2]).toMatchObject({ type: 'content_block_start', content_block: { type: 'tool_use', input: { city: 'Oslo' } } });
    expect(events.some((event) => event.type === 'content_block_delta')).toBe(false);
  });

  it('an error before any content, after message_start, with a 200', async () => {
    simulator.enqueueReply({ content: [{ type: 'text', text: 'never sent' }], streamError: { type: 'overloaded_error', message: 'Overloaded' } });
    const { status, events } = await stream();
    expect(status).toBe(200);
    expect(events.map((event) => event.type)).toEqual(['message_start', 'ping', 'error']);
  });
});
