import { describe, expect, it } from '@jest/globals';
import { GatewayError, type GatewayErrorKind } from '@modelgate/core';
import { geminiConventions } from './gemini-conventions.js';

// What Gemini API clients see for each kind of failure (PROTOCOLS E.5), and where the key is read.
describe('geminiConventions.renderError', () => {
  it.each<[GatewayErrorKind, number, number, string]>([
    ['invalid_request', 400, 400, 'INVALID_ARGUMENT'],
    ['context_length', 400, 400, 'INVALID_ARGUMENT'],
    ['authentication', 401, 401, 'UNAUTHENTICATED'],
    ['permission', 403, 403, 'PERMISSION_DENIED'],
    ['not_found', 404, 404, 'NOT_FOUND'],
    ['rate_limited', 429, 429, 'RESOURCE_EXHAUSTED'],
    ['insufficient_quota', 429, 429, 'RESOURCE_EXHAUSTED'],
    ['overloaded', 503, 503, 'UNAVAILABLE'],
    ['server', 502, 500, 'INTERNAL'],
    ['timeout', 504, 504, 'DEADLINE_EXCEEDED'],
    // The vendor refusing the gateway's own key (a 502 of kind authentication) is not the client's fault.
    ['authentication', 502, 500, 'INTERNAL'],
  ])('%s (%i) → %i %s, in Google\'s envelope with the error\'s headers', (kind, status, expectedStatus, name) => {
    const rendered = geminiConventions.renderError(new GatewayError({ status, kind, message: 'what happened', headers: { 'retry-after': '3' } }));
    expect(rendered).toEqual({ status: expectedStatus, headers: { 'retry-after': '3' }, body: { error: { code: expectedStatus, message: 'what happened', status: name } } });
  });
});

describe('geminiConventions.readKey', () => {
  const values = (record: Record<string, string>) => (name: string) => record[name];
  it('reads x-goog-api-key, then ?key=, then Authorization: Bearer', () => {
    expect(geminiConventions.readKey(values({ 'x-goog-api-key': 'mg-a', authorization: 'Bearer mg-c' }), values({ key: 'mg-b' }))).toBe('mg-a');
    expect(geminiConventions.readKey(values({ authorization: 'Bearer mg-c' }), values({ key: 'mg-b' }))).toBe('mg-b');
    expect(geminiConventions.readKey(values({ authorization: 'Bearer mg-c' }), values({}))).toBe('mg-c');
  });
  it('refuses a request without a key with a 401 naming x-goog-api-key', () => {
    expect(() => geminiConventions.readKey(values({}), values({}))).toThrow(expect.objectContaining({ status: 401, message: expect.stringContaining('x-goog-api-key') }));
  });
});
