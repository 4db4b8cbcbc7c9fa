import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '../openai-simulator.js';

// The Responses API's refusals the simulator reproduces, over real HTTP, with OpenAI's status and
// words. Sources: the unknown item type from OpenAI's answer quoted in router-for-me/CLIProxyAPI#3414
// (May 2026; param `input[<n>]`, the same shape in an Azure report with `input[1]`); the image ones
// from OpenAI's answers quoted in anomalyco/opencode#23983 (empty bytes) and an OpenAI 400 carried in
// a Codex client's tests ("an invalid base64-encoded value", param `input[<n>].output[<k>].image_url`,
// code `invalid_value`); the unsupported image as in Chat Completions.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ITEM_TYPES =
  "'apply_patch_call', 'apply_patch_call_output', 'code_interpreter_call', 'compaction', 'compaction_trigger', 'computer_call', " +
  "'computer_call_output', 'custom_tool_call', 'custom_tool_call_output', 'file_search_call', 'function_call', 'function_call_output', " +
  "'image_generation_call', 'item_reference', 'local_shell_call', 'local_shell_call_output', 'mcp_approval_request', 'mcp_approval_response', " +
  "'mcp_call', 'mcp_list_tools', 'message', 'reasoning', 'shell_call', 'shell_call_output', 'tool_search_call', 'tool_search_output', and 'web_search_call'";
const EXPECTED_IMAGE = "Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got";
const UNSUPPORTED = "You uploaded an unsupported image. Please make sure your image is below 20 MB in size and is of one the following formats: ['png', 'jpeg', 'gif', 'webp'].";

const error = (message: string, param: string | null, code: string) => ({ error: { message, type: 'invalid_request_error', param, code } });
const hello = { role: 'user', content: 'hello' };
const withImage = (url: string) => ({ role: 'user', content: [{ type: 'input_text', text: 'What is it?' }, { type: 'input_image', image_url: url }] });
const call = { type: 'function_call', call_id: 'call_1', name: 'screenshot', arguments: '{}' };
const imageOutput = (url: string) => ({ type: 'function_call_output', call_id: 'call_1', output: [{ type: 'input_text', text: 'shot' }, { type: 'input_image', image_url: url }] });

const REJECTIONS: Array<[rule: string, input: unknown[], expected: ReturnType<typeof error>]> = [
  ['an unknown item type', [hello, { type: 'context_compaction', summary: 'x' }], error(`Invalid value: 'context_compaction'. Supported values are: ${ITEM_TYPES}.`, 'input[1]', 'invalid_value')],
  ['a chat-style content part sent as an item', [{ type: 'input_text', text: 'hi' }], error(`Invalid value: 'input_text'. Supported values are: ${ITEM_TYPES}.`, 'input[0]', 'invalid_value')],
  ['an empty item type', [{ type: '', role: 'user', content: 'hi' }], error(`Invalid value: ''. Supported values are: ${ITEM_TYPES}.`, 'input[0]', 'invalid_value')],
  ['an image with empty base64', [withImage('data:image/png;base64,')], error(`Invalid 'input[0].content[1].image_url'. ${EXPECTED_IMAGE} empty base64-encoded bytes.`, 'input[0].content[1].image_url', 'invalid_value')],
  ['an image whose base64 is invalid', [withImage('data:image/png;base64,%%%')], error(`Invalid 'input[0].content[1].image_url'. ${EXPECTED_IMAGE} an invalid base64-encoded value.`, 'input[0].content[1].image_url', 'invalid_value')],
  [
    "a tool output's image whose base64 is invalid",
    [hello, call, imageOutput(`data:image/png;base64,${PNG.slice(1)}`)],
    error(`Invalid 'input[2].output[1].image_url'. ${EXPECTED_IMAGE} an invalid base64-encoded value.`, 'input[2].output[1].image_url', 'invalid_value'),
  ],
  [
    'an image with a media type that is not an image',
    [withImage(`data:application/octet-stream;base64,${PNG}`)],
    error(`Invalid 'input[0].content[1].image_url'. ${EXPECTED_IMAGE} unsupported MIME type 'application/octet-stream'.`, 'input[0].content[1].image_url', 'invalid_value'),
  ],
  ['an image format OpenAI cannot read', [withImage(`data:image/svg+xml;base64,${PNG}`)], error(UNSUPPORTED, null, 'image_parse_error')],
];

describe('OpenAI simulator: what the Responses API refuses', () => {
  let simulator: OpenAiSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiSimulator();
  });
  afterAll(() => simulator.close());
  beforeEach(() => simulator.reset());

  const send = (path: string, input: unknown[]) =>
    fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4.1', input }) });

  it.each(REJECTIONS)('refuses %s with 400 and OpenAI’s words, on /responses and /responses/compact', async (_rule, input, expected) => {
    for (const path of ['/responses', '/responses/compact']) {
      const response = await send(path, input);
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 400, body: expected });
    }
  });

  it.each([
    ['every listed item type that needs no fields of its own, and easy messages without a type', [hello, { type: 'message', role: 'user', content: 'again' }, { type: 'item_reference', id: 'msg_1' }, { type: 'web_search_call', id: 'ws_1', status: 'completed' }]],
    ['images inline (PNG, image/jpg) and by URL, in a message and a tool output', [withImage(`data:image/png;base64,${PNG}`), call, imageOutput(`data:image/jpg;base64,${PNG}`), withImage('https://example.com/cat.png')]],
  ])('accepts %s', async (_label, input) => {
    const response = await send('/responses', input);
    expect(response.status).toBe(200);
  });
});
