import { describe, expect, it } from '@jest/globals';
import { anthropicError, ANTHROPIC_ERROR_MAP } from './anthropic-error.js';
import { convertAnthropicUsage } from './convert-anthropic-usage.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

describe('mapAnthropicFinishReason (PROTOCOLS F.7, every row)', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['pause_turn', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    [null, 'stop'],
    ['something_new', 'stop'],
  ])('%s → %s', (stopReason, finishReason) => {
    expect(mapAnthropicFinishReason(stopReason)).toBe(finishReason);
  });
});

describe('convertAnthropicUsage (PROTOCOLS F.8)', () => {
  it('counts cache reads and writes into prompt_tokens; cached_tokens is the reads', () => {
    expect(convertAnthropicUsage({ input_tokens: 412, output_tokens: 96, cache_creation_input_tokens: 100, cache_read_input_tokens: 2048 })).toEqual({
      prompt_tokens: 2560,
      completion_tokens: 96,
      total_tokens: 2656,
      prompt_tokens_details: { cached_tokens: 2048, cache_write_tokens: 100 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it('treats missing and null counts as zero and reports thinking tokens when given', () => {
    expect(convertAnthropicUsage({ output_tokens: 5, cache_read_input_tokens: null, output_tokens_details: { thinking_tokens: 3 } })).toEqual({
      prompt_tokens: 0,
      completion_tokens: 5,
      total_tokens: 5,
      prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 3 },
    });
  });
});

describe('anthropicError (PROTOCOLS D.6 → A.6, every row)', () => {
  it.each([
    [400, 'invalid_request_error', 400, 'invalid_request_error', null],
    [402, 'billing_error', 402, 'insufficient_quota', 'insufficient_quota'],
    [403, 'permission_error', 403, 'permission_error', null],
    [404, 'not_found_error', 404, 'invalid_request_error', 'not_found'],
    [413, 'request_too_large', 413, 'invalid_request_error', 'request_too_large'],
    [429, 'rate_limit_error', 429, 'rate_limit_error', 'rate_limit_exceeded'],
    [500, 'api_error', 500, 'server_error', null],
    [504, 'timeout_error', 504, 'server_error', 'upstream_timeout'],
    [529, 'overloaded_error', 503, 'server_error', 'overloaded'],
  ])('%i %s → %i %s (%s)', (upstreamStatus, type, status, openAiType, code) => {
    const body = JSON.stringify({ type: 'error', error: { type, message: `the ${type}` }, request_id: 'req_1' });
    const error = anthropicError({ status: upstreamStatus, headers: { 'retry-after': '3', 'anthropic-ratelimit-requests-remaining': '0' }, body });
    expect(error.status).toBe(status);
    expect(error.toEnvelope()).toEqual({ error: { message: `the ${type}`, type: openAiType, param: null, code } });
    expect(error.headers).toEqual({ 'retry-after': '3' });
  });

  it('says a 401 is Anthropic refusing the gateway’s key, with its own code, for JSON and other bodies', () => {
    for (const body of [JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }), 'Unauthorized']) {
      const error = anthropicError({ status: 401, headers: {}, body });
      expect(error.status).toBe(401);
      expect(error.toBody()).toMatchObject({ type: 'authentication_error', code: 'upstream_authentication_failed' });
      expect(error.message).toMatch(/^Anthropic rejected the gateway's credentials for this provider \((invalid x-api-key|Unauthorized)\)/);
    }
  });

  it('covers every type in the map', () => {
    expect(Object.keys(ANTHROPIC_ERROR_MAP)).toHaveLength(10);
  });

  it('gives agent clients context_length_exceeded for a prompt that is too long', () => {
    const body = JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } });
    expect(anthropicError({ status: 400, headers: {}, body }).code).toBe('context_length_exceeded');
  });

  it('wraps a body that is not Anthropic JSON, 529 still becoming 503', () => {
    const error = anthropicError({ status: 529, headers: {}, body: '<html>overloaded</html>' });
    expect(error.status).toBe(503);
    expect(error.toBody()).toMatchObject({ code: 'upstream_error', message: 'Anthropic answered with status 529: <html>overloaded</html>' });
  });
});
