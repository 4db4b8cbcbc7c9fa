import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startOpenAiChatSimulator, type OpenAiChatSimulator } from './openai-chat-simulator.js';

// Each image rule of the chat simulator, over real HTTP: a data URL OpenAI refuses goes in,
// OpenAI's status and words come out. Sources: "Invalid base64 image_url." is OpenAI's answer to bad
// or empty base64 in many reports (its code "invalid_base64" from one client's handling of it);
// "Invalid image URL: '<param>'. Expected a base64-encoded data URL …" with the param and
// `invalid_value` from an OpenAI forum thread (community.openai.com/t/1289584, 2025), its MIME ending
// from Azure's copy of the same check; "You uploaded an unsupported image. …" from
// CosmosShadow/gptpdf#6 (its code then "sanitizer_server_error", "image_parse_error" since).

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PARAM = 'messages[0].content[1].image_url.url';
const UNSUPPORTED = "You uploaded an unsupported image. Please make sure your image is below 20 MB in size and is of one the following formats: ['png', 'jpeg', 'gif', 'webp'].";

const error = (message: string, param: string | null, code: string) => ({ error: { message, type: 'invalid_request_error', param, code } });

const REJECTIONS: Array<[rule: string, url: string, expected: ReturnType<typeof error>]> = [
  ['base64 with characters outside the alphabet', 'data:image/png;base64,not base64!', error('Invalid base64 image_url.', null, 'invalid_base64')],
  ['base64 without its padding', `data:image/png;base64,${PNG.replace(/=+$/, '')}`, error('Invalid base64 image_url.', null, 'invalid_base64')],
  ['empty base64', 'data:image/jpeg;base64,', error('Invalid base64 image_url.', null, 'invalid_base64')],
  ['a data URL without ;base64', `data:image/png,${PNG}`, error('Invalid base64 image_url.', null, 'invalid_base64')],
  [
    'a media type that is not an image',
    `data:application/pdf;base64,${PNG}`,
    error(`Invalid image URL: '${PARAM}'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got unsupported MIME type 'application/pdf'.`, PARAM, 'invalid_value'),
  ],
  ['an image format OpenAI cannot read (BMP)', 'data:image/bmp;base64,Qk0=', error(UNSUPPORTED, null, 'image_parse_error')],
  ['an image format OpenAI cannot read (TIFF)', `data:image/tiff;base64,${PNG}`, error(UNSUPPORTED, null, 'image_parse_error')],
];

describe('OpenAI chat simulator: image data URLs', () => {
  let simulator: OpenAiChatSimulator;
  beforeAll(async () => {
    simulator = await startOpenAiChatSimulator();
  });
  afterAll(() => simulator.close());
  beforeEach(() => simulator.reset());

  const send = (url: string) =>
    fetch(`${simulator.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: [{ type: 'text', text: 'What is it?' }, { type: 'image_url', image_url: { url } }] }] }),
    });

  it.each(REJECTIONS)('refuses %s with 400 and OpenAI’s words', async (_rule, url, expected) => {
    const response = await send(url);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: expected });
  });

  it.each([
    ['a PNG', `data:image/png;base64,${PNG}`],
    ['a JPEG declared image/jpg', `data:image/jpg;base64,${PNG}`],
    ['a WebP with an upper-case media type', `data:IMAGE/WEBP;base64,${PNG}`],
    ['a remote URL', 'https://example.com/cat.png'],
  ])('accepts %s', async (_label, url) => {
    expect((await send(url)).status).toBe(200);
  });
});
