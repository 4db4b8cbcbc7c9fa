import { describe, expect, it } from '@jest/globals';
import { GATEWAY_ERROR_KINDS, GOOGLE_FINISH_REASONS } from '@modelgate/core';
import { convertGoogleUsage, mergeGoogleUsage } from './convert-google-usage.js';
import { googleError, GOOGLE_ERROR_MAP } from './google-error.js';
import { mapGoogleFinishReason } from './map-google-finish-reason.js';

describe('mapGoogleFinishReason (PROTOCOLS F.7, every reason)', () => {
  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', false, 'length'],
    ['SAFETY', false, 'content_filter'],
    ['RECITATION', false, 'content_filter'],
    ['LANGUAGE', false, 'content_filter'],
    ['BLOCKLIST', false, 'content_filter'],
    ['PROHIBITED_CONTENT', false, 'content_filter'],
    ['SPII', false, 'content_filter'],
    ['IMAGE_SAFETY', false, 'content_filter'],
    ['IMAGE_PROHIBITED_CONTENT', false, 'content_filter'],
    ['IMAGE_RECITATION', false, 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', false, 'error'],
    ['UNEXPECTED_TOOL_CALL', false, 'error'],
    ['TOO_MANY_TOOL_CALLS', true, 'error'],
    ['OTHER', false, 'stop'],
    ['FINISH_REASON_UNSPECIFIED', false, 'stop'],
    ['NO_IMAGE', false, 'stop'],
    ['IMAGE_OTHER', false, 'stop'],
    ['MISSING_THOUGHT_SIGNATURE', false, 'error'],
    ['MALFORMED_RESPONSE', false, 'error'],
    ['SOMETHING_NEW', true, 'error'],
    [undefined, false, 'stop'],
  ] as const)('%s (calls: %s) → %s', (reason, calls, expected) => {
    expect(mapGoogleFinishReason(reason, calls)).toBe(expected);
  });

  it('has a row for every documented reason', () => {
    for (const reason of GOOGLE_FINISH_REASONS) expect(['stop', 'length', 'content_filter', 'tool_calls', 'error']).toContain(mapGoogleFinishReason(reason, false));
  });
});

describe('convertGoogleUsage and mergeGoogleUsage (PROTOCOLS E.3, E.4, F.8)', () => {
  it('counts thoughts as reasoning completion tokens, cached tokens as a subset of the prompt, tool-use prompts as prompt', () => {
    expect(convertGoogleUsage({ promptTokenCount: 310, candidatesTokenCount: 18, thoughtsTokenCount: 142, cachedContentTokenCount: 256, toolUsePromptTokenCount: 10, totalTokenCount: 480 })).toEqual({
      prompt_tokens: 320,
      completion_tokens: 160,
      total_tokens: 480,
      prompt_tokens_details: { cached_tokens: 256 },
      completion_tokens_details: { reasoning_tokens: 142 },
    });
    expect(convertGoogleUsage({})).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } });
  });

  it('keeps the last value of each field and never loses a known one to a chunk that omits it', () => {
    const first = mergeGoogleUsage({}, { promptTokenCount: 9, totalTokenCount: 9, thoughtsTokenCount: 4 });
    const last = mergeGoogleUsage(first, { promptTokenCount: 9, candidatesTokenCount: 3, totalTokenCount: 16 });
    expect(last).toEqual({ promptTokenCount: 9, candidatesTokenCount: 3, thoughtsTokenCount: 4, totalTokenCount: 16 });
    expect(mergeGoogleUsage(last, undefined)).toEqual(last);
  });
});

const body = (status: string, code: number, message: string, details?: unknown[]) => JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } });

describe('googleError (PROTOCOLS E.5 → A.6, every row)', () => {
  it.each([
    [400, 'INVALID_ARGUMENT', 400, 'invalid_request_error', null, 'invalid_request'],
    [400, 'FAILED_PRECONDITION', 400, 'invalid_request_error', 'failed_precondition', 'permission'],
    [401, 'UNAUTHENTICATED', 401, 'authentication_error', 'invalid_api_key', 'authentication'],
    [403, 'PERMISSION_DENIED', 403, 'permission_error', null, 'permission'],
    [404, 'NOT_FOUND', 404, 'invalid_request_error', 'model_not_found', 'not_found'],
    [429, 'RESOURCE_EXHAUSTED', 429, 'rate_limit_error', 'rate_limit_exceeded', 'rate_limited'],
    [500, 'INTERNAL', 500, 'server_error', null, 'server'],
    [503, 'UNAVAILABLE', 503, 'server_error', 'overloaded', 'overloaded'],
    [504, 'DEADLINE_EXCEEDED', 504, 'server_error', 'upstream_timeout', 'timeout'],
  ])('%i %s → %i %s (%s, kind %s)', (upstreamStatus, rpcStatus, status, type, code, kind) => {
    const error = googleError({ status: upstreamStatus, headers: {}, body: body(rpcStatus, upstreamStatus, `the ${rpcStatus}`) });
    expect({ status: error.status, kind: error.kind, envelope: error.toEnvelope() }).toEqual({ status, kind, envelope: { error: { message: `the ${rpcStatus}`, type, param: null, code } } });
  });

  it('gives every status in the map a kind from the one list', () => {
    for (const mapped of Object.values(GOOGLE_ERROR_MAP)) expect(GATEWAY_ERROR_KINDS).toContain(mapped.kind);
  });

  it('turns an invalid key (400 API_KEY_INVALID) into 401, and RetryInfo into retry-after', () => {
    const invalidKey = googleError({ status: 400, headers: {}, body: body('INVALID_ARGUMENT', 400, 'API key not valid. Please pass a valid API key.', [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }]) });
    expect({ status: invalidKey.status, code: invalidKey.code, kind: invalidKey.kind }).toEqual({ status: 401, code: 'invalid_api_key', kind: 'authentication' });
    const limited = googleError({ status: 429, headers: {}, body: body('RESOURCE_EXHAUSTED', 429, 'slow down', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.2s' }]) });
    expect(limited.headers).toEqual({ 'retry-after': '2' });
    const relayed = googleError({ status: 429, headers: { 'retry-after': '7' }, body: body('RESOURCE_EXHAUSTED', 429, 'slow down', [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' }]) });
    expect(relayed.headers).toEqual({ 'retry-after': '7' });
  });

  it('reads a prompt over the context window, array-wrapped bodies, and bodies that are not Google JSON', () => {
    const tooLong = googleError({ status: 400, headers: {}, body: body('INVALID_ARGUMENT', 400, 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).') });
    expect({ code: tooLong.code, kind: tooLong.kind }).toEqual({ code: 'context_length_exceeded', kind: 'context_length' });
    expect(googleError({ status: 503, headers: {}, body: `[${body('UNAVAILABLE', 503, 'overloaded')}]` }).kind).toBe('overloaded');
    const html = googleError({ status: 502, headers: {}, body: '<html>Bad gateway</html>' });
    expect({ status: html.status, code: html.code, kind: html.kind, message: html.message }).toEqual({ status: 502, code: 'upstream_error', kind: 'server', message: 'Gemini answered with status 502: <html>Bad gateway</html>' });
  });
});
