import { GatewayError } from './gateway-error.js';

// Constructors for the failures every part of the gateway raises, so that status, type, code and
// kind are chosen in one place.

export function invalidRequest(message: string, param: string | null = null, code: string | null = null): GatewayError {
  return new GatewayError({ status: 400, kind: 'invalid_request', message, param, code });
}

export function unsupportedParameter(param: string, message: string): GatewayError {
  return new GatewayError({ status: 400, kind: 'invalid_request', message, param, code: 'unsupported_parameter' });
}

export function modelNotFound(model: string): GatewayError {
  return new GatewayError({
    status: 404,
    kind: 'not_found',
    message: `The model '${model}' does not exist or you do not have access to it.`,
    param: 'model',
    code: 'model_not_found',
  });
}

/** The upstream answered something that is not its protocol: a server fault on its side, never the client's. */
export function upstreamProtocolError(message: string, cause?: unknown): GatewayError {
  return new GatewayError({ status: 502, kind: 'server', type: 'server_error', code: 'upstream_protocol_error', message, cause });
}
