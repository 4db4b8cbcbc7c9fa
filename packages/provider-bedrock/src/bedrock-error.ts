import { GatewayError, parseFailureBody, pickRelayedErrorHeaders, unrecognisedUpstreamError, type GatewayErrorKind, type UpstreamFailureV1 } from '@modelgate/core';

// Bedrock runtime errors (InvokeModel API reference, "Errors"): REST-JSON, the type in the
// `x-amzn-errortype` header (`ThrottlingException:http://internal.amazon.com/...`) and `message` in
// the body. The status stays the service's, the kind is the type's.
const KIND_BY_TYPE: Readonly<Record<string, GatewayErrorKind>> = {
  ValidationException: 'invalid_request',
  AccessDeniedException: 'permission',
  ResourceNotFoundException: 'not_found',
  ThrottlingException: 'rate_limited',
  ServiceQuotaExceededException: 'rate_limited',
  ModelNotReadyException: 'overloaded',
  ServiceUnavailableException: 'overloaded',
  ModelTimeoutException: 'timeout',
  ModelErrorException: 'server',
  InternalServerException: 'server',
};

// Errors about the gateway's own AWS credentials, not the client's request: a 403 passed on would
// read as the client's missing permission.
const CREDENTIAL_TYPES = new Set(['InvalidSignatureException', 'UnrecognizedClientException', 'ExpiredTokenException', 'IncompleteSignatureException', 'MissingAuthenticationTokenException']);

// Anthropic's words for a prompt over the window, which Bedrock relays in a ValidationException.
const CONTEXT_LENGTH = /prompt is too long|input is too long|too many input tokens/i;

function errorType(failure: UpstreamFailureV1): string | undefined {
  const header = failure.headers['x-amzn-errortype'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(':')[0];
}

export function bedrockError(failure: UpstreamFailureV1): GatewayError {
  const body = parseFailureBody(failure) as { message?: unknown; Message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : typeof body?.Message === 'string' ? body.Message : undefined;
  const type = errorType(failure);
  const headers = pickRelayedErrorHeaders(failure.headers);
  if (type && CREDENTIAL_TYPES.has(type)) {
    return new GatewayError({
      status: 502,
      kind: 'authentication',
      type: 'server_error',
      code: 'upstream_authentication_failed',
      // AWS's message may quote the canonical request: it is not passed on.
      message: `Bedrock refused the gateway's AWS credentials for this provider (${type}). The provider's credentials or the gateway's clock need attention; your API key was accepted.`,
    });
  }
  if (message === undefined) return unrecognisedUpstreamError(failure, 'Bedrock', headers);
  const kind = type === 'ValidationException' && CONTEXT_LENGTH.test(message) ? 'context_length' : type ? KIND_BY_TYPE[type] : undefined;
  return new GatewayError({ status: failure.status, message, code: type ?? null, kind, headers });
}

// ConverseStream's exception members (lowerCamel) and the statuses their errors carry (API reference, "Errors").
const STREAM_STATUS: Readonly<Record<string, number>> = {
  throttlingException: 429,
  serviceUnavailableException: 503,
  modelStreamErrorException: 424,
  internalServerException: 500,
  validationException: 400,
  modelTimeoutException: 408,
};

/** An exception Bedrock sent inside a stream, as the gateway's error with the kind of its type. */
export function bedrockStreamError(exceptionType: string, message: string | undefined): GatewayError {
  const type = exceptionType.charAt(0).toUpperCase() + exceptionType.slice(1);
  const kind = type === 'ModelStreamErrorException' ? 'server' : KIND_BY_TYPE[type];
  return new GatewayError({ status: STREAM_STATUS[exceptionType] ?? 500, message: message ?? type, code: type, kind });
}
