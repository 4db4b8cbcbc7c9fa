import { describe, expect, it } from '@jest/globals';
import { GatewayError, type GatewayErrorKind } from '@modelgate/core';
import { anthropicConventions } from './anthropic-conventions.js';

// What Anthropic's clients see for each kind of failure (PROTOCOLS D.6), and where the key is read.

describe('anthropicConventions.renderError', () => {
  it.each<[GatewayErrorKind, number, number, string]>([
    ['invalid_request', 400, 400, 'invalid_request_error'],
    ['context_length', 400, 400, 'invalid_request_error'],
    ['authentication', 401, 401, 'authentication_error'],
    ['permission', 403, 403, 'permission_error'],
    ['not_found', 404, 404, 'not_found_error'],
    ['rate_limited', 429, 429, 'rate_limit_error'],
    ['insufficient_quota', 429, 402, 'billing_error'],
    ['overloaded', 503, 529, 'overloaded_error'],
    ['server', 502, 502, 'api_error'],
    ['timeout', 504, 504, 'timeout_error'],
  ])('%s (%i) → %i %s, in the Anthropic envelope with the error\'s headers', (kind, status, expectedStatus, type) => {
    const rendered = anthropicConventions.renderError(new GatewayError({ status, kind, message: 'what happened', headers: { 'retry-after': '3' } }));
    expect(rendered).toEqual({ status: expectedStatus, headers: { 'retry-after': '3' }, body: { type: 'error', error: { type, message: 'what happened' } } });
  });

  it('names a body over the limit request_too_large', () => {
    expect(anthropicConventions.renderError(new GatewayError({ status: 413, message: 'too big' })).body).toEqual({ type: 'error', error: { type: 'request_too_large', message: 'too big' } });
  });
});

describe('anthropicConventions.readKey', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  it('reads x-api-key first, then Authorization: Bearer', () => {
    expect(anthropicConventions.readKey(headers({ 'x-api-key': 'mg-a', authorization: 'Bearer mg-b' }), () => undefined)).toBe('mg-a');
    expect(anthropicConventions.readKey(headers({ authorization: 'Bearer mg-b' }), () => undefined)).toBe('mg-b');
  });
  it('refuses a request without a key with a 401 naming x-api-key', () => {
    expect(() => anthropicConventions.readKey(headers({}), () => undefined)).toThrow(expect.objectContaining({ status: 401, message: expect.stringContaining('x-api-key') }));
  });
});
