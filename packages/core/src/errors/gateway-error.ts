import type { ErrorBody, ErrorEnvelope } from '../protocol/v1/error-envelope.js';
import { defaultErrorKind, type GatewayErrorKind } from './gateway-error-kind.js';

const GATEWAY_ERROR_MARKER = Symbol.for('modelgate.error');

export interface GatewayErrorInit {
  status: number;
  message: string;
  type?: string;
  param?: string | null;
  code?: string | null;
  /** What went wrong, for retries, fallbacks and the request log; derived from `status` when absent. Never sent to the client. */
  kind?: GatewayErrorKind;
  /** Response headers that belong with this error (`retry-after`, rate-limit headers). */
  headers?: Readonly<Record<string, string>>;
  cause?: unknown;
}

const DEFAULT_TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'invalid_request_error',
  405: 'invalid_request_error',
  409: 'invalid_request_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  422: 'invalid_request_error',
  429: 'rate_limit_error',
};

export function defaultErrorType(status: number): string {
  return DEFAULT_TYPE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
}

/**
 * The one error type of the gateway and its plugins. It always becomes OpenAI's envelope with its
 * status. Recognised by a registered symbol, not `instanceof`, so two copies of core still agree.
 */
export class GatewayError extends Error {
  readonly status: number;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
  /** Internal: not part of the envelope (`toBody`/`toEnvelope`), so clients see exactly what they did before. */
  readonly kind: GatewayErrorKind;
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: GatewayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'GatewayError';
    this.status = init.status;
    this.type = init.type ?? defaultErrorType(init.status);
    this.param = init.param ?? null;
    this.code = init.code ?? null;
    this.kind = init.kind ?? defaultErrorKind(init.status);
    this.headers = init.headers ?? {};
    Object.defineProperty(this, GATEWAY_ERROR_MARKER, { value: true });
  }

  static isInstance(value: unknown): value is GatewayError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[GATEWAY_ERROR_MARKER] === true;
  }

  toBody(): ErrorBody {
    return { message: this.message, type: this.type, param: this.param, code: this.code };
  }

  toEnvelope(): ErrorEnvelope {
    return { error: this.toBody() };
  }
}
