import type { buildConnector, Dispatcher } from 'undici';
import { Agent, Pool } from './undici-parts.js';
import type { UpstreamRequestV1 } from '@modelgate/core';
import { ACCEPT_ENCODING } from './decode-content-encoding.js';
import { openWithStaleConnectionRetry, requestBodyText } from './stale-connection-retry.js';
import type { UpstreamConfig } from './upstream-config.js';
import { toUpstreamTransportError } from './upstream-transport-errors.js';
import type { UpstreamReply, UpstreamTransport } from './upstream-transport.js';
import { UndiciUpstreamCall, type UndiciCallSettings } from './undici-upstream-call.js';
import { ConnectionAwareClient } from './undici-stale-connection.js';

/**
 * The transport on undici (`upstream.transport: undici`): the same contract as got's at a fraction
 * of its CPU per request. One keep-alive pool per upstream origin, whose connections close after
 * `idleSocketTimeoutMs` idle (sooner when the upstream's `Keep-Alive` header asks); undici's own
 * headers and body timers are off, the calls keep the contract's time-outs (UndiciUpstreamCall).
 * Nothing is retried but a request lost on a stale pooled connection, sent once more on a
 * connection of its own; redirects are never followed.
 */
export class UndiciUpstreamTransport implements UpstreamTransport {
  private readonly pooled: Agent;
  /** For the retry: keep-alive off (`pipelining: 0`), so every request gets a new connection. */
  private readonly freshConnections: Agent;
  private readonly settings: UndiciCallSettings;

  constructor(config: UpstreamConfig) {
    const shared = { connect: { timeout: config.connectTimeoutMs }, headersTimeout: 0, bodyTimeout: 0 };
    this.pooled = new Agent({
      ...shared,
      keepAliveTimeout: config.idleSocketTimeoutMs,
      keepAliveMaxTimeout: config.idleSocketTimeoutMs,
      factory: (origin, options) =>
        new Pool(origin, { ...options, factory: (poolOrigin, clientOptions) => new ConnectionAwareClient(poolOrigin, clientOptions as ConnectionAwareClientOptions) }),
    });
    this.freshConnections = new Agent({ ...shared, pipelining: 0 });
    this.settings = {
      timeoutMs: config.timeoutMs,
      totalTimeoutMs: config.totalTimeoutMs,
      limits: { maxResponseBytes: config.maxResponseBytes, maxEventBytes: config.maxEventBytes, streamIdleTimeoutMs: config.streamIdleTimeoutMs },
    };
  }

  async open(request: UpstreamRequestV1, signal: AbortSignal): Promise<UpstreamReply> {
    let target: URL;
    try {
      target = new URL(request.url);
    } catch (error) {
      throw toUpstreamTransportError(error, request.url);
    }
    const body = requestBodyText(request);
    const headers = withAcceptEncoding(request.headers);
    return openWithStaleConnectionRetry(request.url, signal, (fresh) =>
      this.send({ origin: target.origin, path: target.pathname + target.search, method: request.method, headers, body }, request, signal, fresh ? this.freshConnections : this.pooled),
    );
  }

  async close(): Promise<void> {
    await Promise.all([this.pooled.destroy(), this.freshConnections.destroy()]);
  }

  /** One attempt: rejects with a GatewayError, or a StaleConnectionFailure the caller may retry. */
  private send(options: Dispatcher.DispatchOptions, request: UpstreamRequestV1, signal: AbortSignal, dispatcher: Dispatcher): Promise<UpstreamReply> {
    return new Promise((resolve, reject) => {
      // Options of their own per attempt: a request is known by them on its connection (ConnectionAwareClient).
      new UndiciUpstreamCall({ ...options }, request.url, request.stream, this.settings, signal, resolve, reject).dispatchOn(dispatcher);
    });
  }
}

type ConnectionAwareClientOptions = ConstructorParameters<typeof ConnectionAwareClient>[1] & { connect: buildConnector.connector };

/** The request's headers, asking for the codings the transport decodes unless they already say. */
function withAcceptEncoding(headers: Readonly<Record<string, string>>): Record<string, string> {
  for (const name in headers) if (name.toLowerCase() === 'accept-encoding') return { ...headers };
  return { ...headers, 'accept-encoding': ACCEPT_ENCODING };
}
