/* eslint-disable @typescript-eslint/no-explicit-any -- the simulator's JSON answers are read field by field here */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startGoogleSimulator, type GoogleSimulator } from './google-simulator.js';
import { mintSignature } from './google-simulator-signatures.js';

const KEY = 'sim-key';
let simulator: GoogleSimulator;
beforeAll(async () => {
  simulator = await startGoogleSimulator({ apiKey: KEY });
});
afterAll(() => simulator.close());

async function generate(model: string, body: unknown, { version = 'v1beta', key = KEY } = {}): Promise<{ status: number; json: Record<string, any> }> {
  const response = await fetch(`${simulator.origin}/${version}/models/${model}:generateContent`, {
    method: 'POST',
    headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const call = (name: string, extra: Record<string, unknown> = {}, id?: string) => ({ functionCall: { ...(id ? { id } : {}), name, args: {} }, ...extra });
const reply = (name: string, id?: string) => ({ functionResponse: { ...(id ? { id } : {}), name, response: { content: 'ok' } } });
const message = (result: { json: any }) => result.json.error?.message as string | undefined;

describe('the Gemini simulator rejects what Google rejects, in its words (PROTOCOLS E.5–E.7)', () => {
  it.each([
    ['both thinking knobs', 'gemini-3.8-flash', { contents: [user('x')], generationConfig: { thinkingConfig: { thinkingLevel: 'LOW', thinkingBudget: 1024 } } }, 'You can only set only one of thinking budget and thinking level.'],
    ['a level the model lacks (through its alias)', 'gemini-3.7-flash', { contents: [user('x')], generationConfig: { thinkingConfig: { thinkingLevel: 'MINIMAL' } } }, 'Thinking level MINIMAL is not supported for this model. Please retry with other thinking level.'],
    ['a level on a budget model', 'gemini-2.5-flash', { contents: [user('x')], generationConfig: { thinkingConfig: { thinkingLevel: 'LOW' } } }, 'Thinking level is not supported for this model.'],
    ['budget 0 where thinking cannot stop', 'gemini-2.5-pro', { contents: [user('x')], generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }, 'Budget 0 is invalid. This model only works in thinking mode.'],
    ['empty parts', 'gemini-3.8-flash', { contents: [{ role: 'user', parts: [] }] }, '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.'],
    ['a role other than user/model', 'gemini-3.8-flash', { contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }, 'Please use a valid role: user, model.'],
    ['fewer responses than calls', 'gemini-2.5-flash', { contents: [user('x'), { role: 'model', parts: [call('a'), call('b')] }, { role: 'user', parts: [reply('a')] }] }, 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.'],
    ['a response named for no call', 'gemini-2.5-flash', { contents: [user('x'), { role: 'model', parts: [call('a')] }, { role: 'user', parts: [reply('b')] }] }, '* GenerateContentRequest.contents[2].parts[0].function_response.name: Function response name "b" does not match any function call name of the preceding model content.'],
    ['a response id naming no call', 'gemini-3.8-flash', { contents: [user('x'), { role: 'model', parts: [call('a', { thoughtSignature: 'skip_thought_signature_validator' }, 'i1')] }, { role: 'user', parts: [reply('a', 'i2')] }] }, '* GenerateContentRequest.contents[2].parts[0].function_response.id: Function response id "i2" does not match any function call id of the preceding model content.'],
    ['an id sent to Gemini 2.x', 'gemini-2.5-flash', { contents: [user('x'), { role: 'model', parts: [call('a', {}, 'i1')] }, { role: 'user', parts: [reply('a', 'i1')] }] }, 'Invalid JSON payload received. Unknown name "id" at \'contents[1].parts[0].function_call\': Cannot find field.'],
    ['a current-turn step without its signature', 'gemini-3.8-flash', { contents: [user('x'), { role: 'model', parts: [call('get_weather', {}, 'i1')] }, { role: 'user', parts: [reply('get_weather', 'i1')] }] }, 'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:get_weather` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.'],
    ['images in a function response on Gemini 2.x', 'gemini-2.5-flash', { contents: [user('x'), { role: 'model', parts: [call('a')] }, { role: 'user', parts: [{ functionResponse: { name: 'a', response: {}, parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] } }] }] }, 'Unable to submit request because `function_response.parts` is not supported for this model. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling'],
    ['text inside a function response\'s parts', 'gemini-3.8-flash', { contents: [user('x'), { role: 'model', parts: [call('a', { thoughtSignature: 'skip_thought_signature_validator' }, 'i1')] }, { role: 'user', parts: [{ functionResponse: { id: 'i1', name: 'a', response: {}, parts: [{ text: 'no' }] } }] }] }, 'Invalid JSON payload received. Unknown name "text" at \'contents[2].parts[0].function_response.parts[0]\': Cannot find field.'],
    ['a non-zero penalty (issue 28 item 2)', 'gemini-3.8-flash', { contents: [user('x')], generationConfig: { presencePenalty: 0.4 } }, 'Penalty is not enabled for this model'],
    ['$ref inside a function response (issue 28 item 3)', 'gemini-2.5-flash', { contents: [user('x'), { role: 'model', parts: [call('a')] }, { role: 'user', parts: [{ functionResponse: { name: 'a', response: { items: [{ $ref: '#/$defs/__schema2' }] } } }] }] }, 'The referenced name `#/$defs/__schema2` in function_response.response does not match to a display_name in the function_response.parts.'],
    ['a signature issued for another model', 'gemini-3.8-flash', { contents: [user('x'), { role: 'model', parts: [call('a', { thoughtSignature: mintSignature('gemini-3.1-pro-preview') }, 'i1')] }, { role: 'user', parts: [reply('a', 'i1')] }] }, 'Corrupted thought signature.'],
    ['a legacy-schema keyword on v1', 'gemini-3.8-flash', { contents: [user('x')], tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } }] }] }, 'Invalid JSON payload received. Unknown name "additionalProperties" at \'tools[0].function_declarations[0].parameters\': Cannot find field.', 'v1'],
    ['an empty properties on a nested OBJECT (issue 28 item 7)', 'gemini-2.5-flash', { contents: [user('x')], tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'object', properties: {} } } } }] }] }, '* GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[0].value.properties: should be non-empty for OBJECT type', 'v1'],
    ['JSON Schema fields on v1', 'gemini-3.8-flash', { contents: [user('x')], tools: [{ functionDeclarations: [{ name: 'f', parametersJsonSchema: { type: 'object' } }] }] }, 'Invalid JSON payload received. Unknown name "parametersJsonSchema" at \'tools[0].function_declarations[0]\': Cannot find field.', 'v1'],
    ['an array without items', 'gemini-3.8-flash', { contents: [user('x')], tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'array' } } } }] }] }, '* GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[0].value.items: missing field.'],
    ['allowedFunctionNames without ANY', 'gemini-3.8-flash', { contents: [user('x')], tools: [{ functionDeclarations: [{ name: 'f' }] }], toolConfig: { functionCallingConfig: { mode: 'AUTO', allowedFunctionNames: ['f'] } } }, '* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: allowed_function_names should only be set when the mode is ANY or VALIDATED.'],
  ])('%s', async (_label, model, body, expected, version = 'v1beta') => {
    const result = await generate(model, body, { version });
    expect({ status: result.status, rpc: result.json.error?.status, message: message(result) }).toEqual({ status: 400, rpc: 'INVALID_ARGUMENT', message: expected });
  });

  it('validates only the current turn, and takes the placeholder; image models validate nothing', async () => {
    const older = [user('x'), { role: 'model', parts: [call('a', {}, 'i1')] }, { role: 'user', parts: [reply('a', 'i1')] }, { role: 'model', parts: [{ text: 'done' }] }];
    expect((await generate('gemini-3.8-flash', { contents: [...older, user('next')] })).status).toBe(200);
    expect((await generate('gemini-3.8-flash', { contents: [user('x'), { role: 'model', parts: [call('a', { thoughtSignature: 'skip_thought_signature_validator' }, 'i1')] }, { role: 'user', parts: [reply('a', 'i1')] }] })).status).toBe(200);
    expect((await generate('gemini-3-pro-image', { contents: older.slice(0, 3) })).status).toBe(200);
  });

  it('answers an invalid key as Google does: 400 INVALID_ARGUMENT with reason API_KEY_INVALID', async () => {
    const result = await generate('gemini-3.8-flash', { contents: [user('x')] }, { key: 'wrong' });
    expect(result).toMatchObject({ status: 400, json: { error: { status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } } });
  });

  it('signs parallel calls on the first only, an answer on its last part, and scripts malformed calls and blocked prompts', async () => {
    simulator.enqueueReply({ parts: [{ functionCall: { name: 'a' } }, { functionCall: { name: 'b' } }] });
    const parallel = (await generate('gemini-3.8-flash', { contents: [user('x')] })).json.candidates[0].content.parts;
    expect(parallel.map((part: { thoughtSignature?: string }) => typeof part.thoughtSignature)).toEqual(['string', 'undefined']);
    expect(parallel.map((part: { functionCall: { id: string } }) => part.functionCall.id)).toEqual([expect.stringMatching(/^[a-z0-9]{8}$/), expect.stringMatching(/^[a-z0-9]{8}$/)]);
    const answer = (await generate('gemini-3.8-flash', { contents: [user('hello')] })).json;
    expect(answer.candidates[0].content.parts).toEqual([{ text: 'Echo: hello', thoughtSignature: simulator.issuedSignatures.at(-1)!.signature }]);
    simulator.enqueueReply({ finishReason: 'MALFORMED_FUNCTION_CALL' });
    expect((await generate('gemini-3.8-flash', { contents: [user('x')] })).json.candidates[0]).toEqual({ finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: expect.any(String), index: 0 });
    simulator.enqueueReply({ blockReason: 'SAFETY' });
    const blocked = (await generate('gemini-3.8-flash', { contents: [user('x')] })).json;
    expect(blocked).not.toHaveProperty('candidates');
    expect(blocked.promptFeedback.blockReason).toBe('SAFETY');
  });
});

describe('the Gemini simulator answers a 429 as Google does (PROTOCOLS E.5)', () => {
  const limited = async () => {
    const response = await fetch(`${simulator.origin}/v1beta/models/gemini-3.8-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [user('x')] }),
    });
    return { retryAfter: response.headers.get('retry-after'), json: (await response.json()) as Record<string, any> };
  };
  const retryDelay = (json: Record<string, any>) => (json.error.details as Array<Record<string, unknown>>).find((detail) => String(detail['@type']).endsWith('RetryInfo'))?.retryDelay;

  it('with no retry-after header: the wait is RetryInfo in the body, next to the quota that ran out', async () => {
    simulator.enqueueFault({ type: 'status', status: 429 });
    simulator.enqueueFault({ type: 'status', status: 429, retryAfterSeconds: 30 });
    const usual = await limited();
    expect(usual.retryAfter).toBeNull();
    expect(usual.json.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect((usual.json.error.details as Array<Record<string, unknown>>).map((detail) => detail['@type'])).toEqual([
      'type.googleapis.com/google.rpc.QuotaFailure',
      'type.googleapis.com/google.rpc.Help',
      'type.googleapis.com/google.rpc.RetryInfo',
    ]);
    expect(retryDelay(usual.json)).toBe('1s');
    const asked = await limited();
    expect({ retryAfter: asked.retryAfter, delay: retryDelay(asked.json) }).toEqual({ retryAfter: null, delay: '30s' });
  });
});

describe('countTokens (https://ai.google.dev/api/tokens)', () => {
  async function count(body: unknown): Promise<{ status: number; json: Record<string, any> }> {
    const response = await fetch(`${simulator.url}/models/gemini-3.8-flash:countTokens`, { method: 'POST', headers: { 'x-goog-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  }

  it('counts contents, or a whole generateContentRequest (images by their cost), by modality', async () => {
    const image = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
    expect(await count({ contents: [user('12345678')] })).toEqual({ status: 200, json: { totalTokens: 2, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 2 }] } });
    const whole = await count({ generateContentRequest: { model: 'models/gemini-3.8-flash', systemInstruction: { parts: [{ text: 'Be terse.' }] }, contents: [{ role: 'user', parts: [{ text: 'look' }, image] }] } });
    expect(whole.json).toEqual({ totalTokens: 3 + 1 + 258, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 4 }, { modality: 'IMAGE', tokenCount: 258 }] });
  });

  it('refuses a generateContentRequest without its models/ name, and what generateContent refuses, in Google\'s words', async () => {
    const unnamed = await count({ generateContentRequest: { contents: [user('x')] } });
    expect([unnamed.status, message(unnamed)]).toEqual([400, '* GenerateContentRequest.model: unexpected model name format\n']);
    const bare = await count({ generateContentRequest: { model: 'gemini-3.8-flash', contents: [user('x')] } });
    expect(message(bare)).toBe('* GenerateContentRequest.model: unexpected model name format\n');
    const empty = await count({ generateContentRequest: { model: 'models/gemini-3.8-flash', contents: [{ role: 'user', parts: [] }] } });
    expect(message(empty)).toBe('* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.');
  });
});

describe('the Gemini simulator caches implicitly', () => {
  it('reports a repeated prefix of 1,024 tokens and more as cachedContentTokenCount, and nothing the first time', async () => {
    const systemInstruction = { parts: [{ text: 'Explain like a patient teacher, one idea at a time. '.repeat(90) }] };
    const first = await generate('gemini-3.8-flash', { systemInstruction, contents: [user('first question')] });
    expect(first.json.usageMetadata.cachedContentTokenCount).toBeUndefined();
    const second = await generate('gemini-3.8-flash', { systemInstruction, contents: [user('second question')] });
    expect(second.json.usageMetadata.cachedContentTokenCount).toBe(Math.ceil(systemInstruction.parts[0]!.text.length / 4));
    expect(second.json.usageMetadata.cachedContentTokenCount).toBeLessThan(second.json.usageMetadata.promptTokenCount);
  });
});
