import { Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { finished } from 'node:stream';
import got, { type Got, type Request as GotRequest } from 'got';
import type { UpstreamRequestV1 } from '@modelgate/core';
import type { UpstreamConfig } from './upstream-config.js';
import { StaleSocketWatch } from './stale-socket-watch.js';
import { openWithStaleConnectionRetry, requestBodyText, StaleConnectionFailure } from './stale-connection-retry.js';
import { toUpstreamTransportError, upstreamRedirect, upstreamTimeoutFailure } from './upstream-transport-errors.js';
import type { UpstreamAnswerLimits, UpstreamReply, UpstreamTransport } from './upstream-transport.js';

interface AgentPair {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;
}

/**
 * The transport on got (the default). Keep-alive agents are shared by all requests and close a
 * connection idle for `idleSocketTimeoutMs`, before the upstream's own idle time-out does. got's
 * retries are off, because a POST to a model is not idempotent: the one retry is a request that
 * failed on a reused connection before any answer byte (it never reached the upstream), sent once
 * more on a new connection. Redirects are never followed.
 */
export class GotUpstreamTransport implements UpstreamTransport {
  private readonly agent: AgentPair;
  /** For the retry: a connection of its own, not one more pooled connection that may be stale too. */
  private readonly freshConnectionAgent: AgentPair = { http: new HttpAgent({ keepAlive: false }), https: new HttpsAgent({ keepAlive: false }) };
  private readonly limits: UpstreamAnswerLimits;

  // Everything but the request itself is merged once, here, instead of into every request's options.
  private readonly client: { readonly stream: Got; readonly whole: Got };

  constructor(private readonly config: UpstreamConfig) {
    const pool = { keepAlive: true, maxSockets: Infinity, scheduling: 'lifo', timeout: config.idleSocketTimeoutMs } as const;
    this.agent = { http: new HttpAgent(pool), https: new HttpsAgent(pool) };
    this.limits = { maxResponseBytes: config.maxResponseBytes, maxEventBytes: config.maxEventBytes, streamIdleTimeoutMs: config.streamIdleTimeoutMs };
    const shared = { retry: { limit: 0 }, throwHttpErrors: false, followRedirect: false };
    this.client = {
      // A stream's wait for the headers is timed by `send` (timeoutMs), its whole length by
      // `limitLength` (totalTimeoutMs) and its silences by the relays (streamIdleTimeoutMs: only
      // events count, not keep-alive comments): got's socket time-out would blur the three.
      stream: got.extend({ ...shared, timeout: { connect: config.connectTimeoutMs } }),
      whole: got.extend({ ...shared, timeout: { connect: config.connectTimeoutMs, request: config.timeoutMs } }),
    };
  }

  open(request: UpstreamRequestV1, signal: AbortSignal): Promise<UpstreamReply> {
    const body = requestBodyText(request);
    return openWithStaleConnectionRetry(request.url, signal, (fresh) => this.send(request, body, signal, fresh ? this.freshConnectionAgent : this.agent));
  }

  async close(): Promise<void> {
    for (const agents of [this.agent, this.freshConnectionAgent]) {
      agents.http.destroy();
      agents.https.destroy();
    }
  }

  /** One attempt: rejects with a GatewayError, or a StaleConnectionFailure the caller may retry. */
  private send(request: UpstreamRequestV1, body: string | undefined, signal: AbortSignal, agent: AgentPair): Promise<UpstreamReply> {
    const client = request.stream ? this.client.stream : this.client.whole;
    return new Promise((resolve, reject) => {
      let stream: GotRequest;
      try {
        // A bodiless POST or DELETE gets an empty body: got's stream would otherwise wait for one to be written.
        stream = client.stream(request.url, { method: request.method, headers: request.headers, body: body ?? (request.method === 'GET' ? undefined : ''), signal, agent });
      } catch (error) {
        reject(toUpstreamTransportError(error, request.url));
        return;
      }
      const staleSocket = new StaleSocketWatch(stream);
      const { timeoutMs } = this.config;
      const startedAt = Date.now();
      const headersTimer = request.stream ? setTimeout(() => stream.destroy(upstreamTimeoutFailure('response headers', timeoutMs)), timeoutMs) : undefined;
      const onError = (error: unknown) => {
        clearTimeout(headersTimer);
        reject(staleSocket.explains(error) ? new StaleConnectionFailure(error) : toUpstreamTransportError(error, request.url));
        staleSocket.stop();
      };
      stream.once('error', onError);
      stream.once('response', (response: { statusCode: number; headers: IncomingHttpHeaders }) => {
        clearTimeout(headersTimer);
        staleSocket.stop();
        stream.off('error', onError);
        if (response.statusCode >= 300 && response.statusCode < 400) {
          stream.destroy();
          reject(upstreamRedirect(request.url, response.statusCode, response.headers.location));
          return;
        }
        if (request.stream) this.limitLength(stream, startedAt);
        resolve({ status: response.statusCode, headers: response.headers, body: stream, limits: this.limits });
      });
    });
  }

  /**
   * Fails a stream still running `totalTimeoutMs` after its request was sent. The timer goes as
   * soon as the stream is over, however it ended (`finished`: end, error or close): a pending one
   * would keep the finished stream alive, and destroy it with an error no one listens to.
   */
  private limitLength(stream: GotRequest, startedAt: number): void {
    const ms = this.config.totalTimeoutMs;
    const timer = setTimeout(() => stream.destroy(upstreamTimeoutFailure('end of the answer', ms)), Math.max(0, startedAt + ms - Date.now()));
    timer.unref();
    finished(stream, () => clearTimeout(timer));
  }
}
