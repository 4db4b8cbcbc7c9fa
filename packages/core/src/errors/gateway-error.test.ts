import { describe, expect, it } from '@jest/globals';
import { GatewayError } from './gateway-error.js';
import { openAiCompatibleError } from './openai-compatible-error.js';

describe('GatewayError', () => {
  it('always produces the full envelope, with a type derived from the status', () => {
    const error = new GatewayError({ status: 429, message: 'slow down' });
    expect(error.toEnvelope()).toEqual({ error: { message: 'slow down', type: 'rate_limit_error', param: null, code: null } });
    expect(new GatewayError({ status: 503, message: 'x' }).type).toBe('server_error');
  });

  it('is recognised by its marker, not by instanceof', () => {
    const error = new GatewayError({ status: 400, message: 'x' });
    expect(GatewayError.isInstance(error)).toBe(true);
    expect(GatewayError.isInstance({ ...error })).toBe(false);
    expect(GatewayError.isInstance(new Error('x'))).toBe(false);
    expect(GatewayError.isInstance(null)).toBe(false);
  });
});

describe('openAiCompatibleError', () => {
  it('keeps the upstream envelope, status and back-off headers', () => {
    const error = openAiCompatibleError(
      {
        status: 429,
        headers: { 'retry-after': '2', 'x-ratelimit-remaining-requests': '0', 'set-cookie': ['x'] },
        body: JSON.stringify({ error: { message: 'Rate limit reached, try again in 2s', type: 'requests', param: null, code: 'rate_limit_exceeded' } }),
      },
      'OpenAI',
    );
    expect(error.status).toBe(429);
    expect(error.toBody()).toEqual({ message: 'Rate limit reached, try again in 2s', type: 'requests', param: null, code: 'rate_limit_exceeded' });
    // The vendor's x-ratelimit-* describe the gateway's account, not the client's key (issue 27).
    expect(error.headers).toEqual({ 'retry-after': '2' });
  });

  it('wraps a body that is not an envelope', () => {
    const error = openAiCompatibleError({ status: 502, headers: {}, body: '<html>Bad gateway</html>' }, 'DeepSeek');
    expect(error.toBody()).toEqual({ message: 'DeepSeek answered with status 502: <html>Bad gateway</html>', type: 'server_error', param: null, code: 'upstream_error' });
  });
});
