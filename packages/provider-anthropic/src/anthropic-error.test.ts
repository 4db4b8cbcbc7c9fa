import { describe, expect, it } from '@jest/globals';
import { GATEWAY_ERROR_KINDS } from '@modelgate/core';
import { anthropicError, anthropicErrorFromType, ANTHROPIC_ERROR_MAP } from './anthropic-error.js';

function body(type: string, message: string): string {
  return JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_1' });
}

describe('anthropicError kinds (PROTOCOLS D.6, every row)', () => {
  it.each([
    [400, 'invalid_request_error', 'invalid_request'],
    [401, 'authentication_error', 'authentication'],
    [402, 'billing_error', 'insufficient_quota'],
    [403, 'permission_error', 'permission'],
    [404, 'not_found_error', 'not_found'],
    [413, 'request_too_large', 'invalid_request'],
    [429, 'rate_limit_error', 'rate_limited'],
    [500, 'api_error', 'server'],
    [504, 'timeout_error', 'timeout'],
    [529, 'overloaded_error', 'overloaded'],
  ])('%i %s → %s', (status, type, kind) => {
    expect(anthropicError({ status, headers: {}, body: body(type, `the ${type}`) }).kind).toBe(kind);
  });

  it('gives every type in the map a kind from the one list', () => {
    for (const mapped of Object.values(ANTHROPIC_ERROR_MAP)) expect(GATEWAY_ERROR_KINDS).toContain(mapped.kind);
  });

  it('reads the message only where Anthropic has no type of its own: a prompt that is too long', () => {
    const tooLong = anthropicError({ status: 400, headers: {}, body: body('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum') });
    expect(tooLong.kind).toBe('context_length');
    expect(tooLong.code).toBe('context_length_exceeded');
    // The same words under another type are that type's kind.
    expect(anthropicError({ status: 413, headers: {}, body: body('request_too_large', 'prompt is too long') }).kind).toBe('invalid_request');
  });

  it('falls back to the status for an unknown type or a body that is not Anthropic JSON', () => {
    expect(anthropicError({ status: 529, headers: {}, body: body('brand_new_error', 'x') }).kind).toBe('overloaded');
    expect(anthropicError({ status: 529, headers: {}, body: '<html>overloaded</html>' }).kind).toBe('overloaded');
    expect(anthropicError({ status: 502, headers: {}, body: '' }).kind).toBe('server');
    expect(anthropicError({ status: 400, headers: {}, body: body('constructor', 'x') }).kind).toBe('invalid_request');
  });

  it('keeps the vendor kind for a mid-stream error event, whatever the fallback status', () => {
    expect(anthropicErrorFromType('overloaded_error', 'Overloaded', 502).kind).toBe('overloaded');
    expect(anthropicErrorFromType('rate_limit_error', 'slow down', 502).kind).toBe('rate_limited');
    expect(anthropicErrorFromType('something_new', 'x', 502).kind).toBe('server');
  });
});
