import { describe, expect, it } from '@jest/globals';
import { GatewayError } from './gateway-error.js';
import { GATEWAY_ERROR_KINDS, defaultErrorKind, gatewayErrorKindOf, isGatewayErrorKind } from './gateway-error-kind.js';
import { invalidRequest, modelNotFound, unsupportedParameter, upstreamProtocolError } from './gateway-errors.js';

describe('defaultErrorKind', () => {
  it.each([
    [400, 'invalid_request'],
    [401, 'authentication'],
    [402, 'insufficient_quota'],
    [403, 'permission'],
    [404, 'not_found'],
    [405, 'invalid_request'],
    [408, 'timeout'],
    [409, 'invalid_request'],
    [413, 'invalid_request'],
    [422, 'invalid_request'],
    [429, 'rate_limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'overloaded'],
    [504, 'timeout'],
    [529, 'overloaded'],
    [599, 'server'],
  ] as const)('%i → %s', (status, kind) => {
    expect(defaultErrorKind(status)).toBe(kind);
  });
});

describe('GatewayError kind', () => {
  it('defaults to the kind its status implies', () => {
    expect(new GatewayError({ status: 429, message: 'x' }).kind).toBe('rate_limited');
    expect(new GatewayError({ status: 503, message: 'x' }).kind).toBe('overloaded');
  });

  it('takes an explicit kind over the status, and keeps it out of the envelope clients see', () => {
    const error = new GatewayError({ status: 400, message: 'too long', code: 'context_length_exceeded', kind: 'context_length' });
    expect(error.kind).toBe('context_length');
    expect(error.toEnvelope()).toEqual({ error: { message: 'too long', type: 'invalid_request_error', param: null, code: 'context_length_exceeded' } });
    expect(JSON.stringify(error.toEnvelope())).not.toContain('kind');
  });

  it('is set explicitly by the shared constructors', () => {
    expect(invalidRequest('x').kind).toBe('invalid_request');
    expect(unsupportedParameter('n', 'x').kind).toBe('invalid_request');
    expect(modelNotFound('m').kind).toBe('not_found');
    expect(upstreamProtocolError('x').kind).toBe('server');
  });

  it('is read safely from an error made by another copy of core that has no kind', () => {
    expect(gatewayErrorKindOf({ status: 429 })).toBe('rate_limited');
    expect(gatewayErrorKindOf({ status: 400, kind: 'unheard_of' })).toBe('invalid_request');
    expect(gatewayErrorKindOf({ status: 400, kind: 'content_filter' })).toBe('content_filter');
  });

  it('has one list that the type guard follows', () => {
    expect(GATEWAY_ERROR_KINDS).toHaveLength(11);
    for (const kind of GATEWAY_ERROR_KINDS) expect(isGatewayErrorKind(kind)).toBe(true);
    expect(isGatewayErrorKind('rate_limit')).toBe(false);
    expect(isGatewayErrorKind(undefined)).toBe(false);
  });
});
