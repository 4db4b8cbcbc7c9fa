import { Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import got, { RequestError, type Got, type Request as GotRequest } from 'got';
import { GatewayError, type UpstreamRequestV1 } from '@modelgate/core';
import type { UpstreamConfig } from '../config/gateway-config.js';

export interface UpstreamReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body as it arrives; already decompressed. */
  readonly body: Readable;
}

/** True for a failure of the upstream connection (got's errors, socket errors), false for a bug. */
export function isUpstreamTransportFailure(error: unknown): boolean {
  return error instanceof RequestError || typeof (error as { code?: unknown } | null)?.code === 'string';
}

/**
 * Network failures become gateway errors: time-outs 504, everything else 502. `afterHeaders`
 * tells a connection lost while the answer was arriving from one that never got through.
 */
export function toUpstreamTransportError(error: unknown, url: string, afterHeaders = false): GatewayError {
  const failure = error as { name?: string; code?: string; message?: string };
  const host = safeHost(url);
  if (failure.name === 'TimeoutError' || failure.code === 'ETIMEDOUT') {
    return new GatewayError({
      status: 504,
      type: 'server_error',
      code: 'upstream_timeout',
      message: `The upstream at ${host} did not answer in time.`,
      cause: error,
    });
  }
  if (afterHeaders) {
    return new GatewayError({
      status: 502,
      type: 'server_error',
      code: 'upstream_interrupted',
      message: `The connection to the upstream at ${host} broke while its answer was arriving (${failure.code ?? failure.name ?? 'network error'}).`,
      cause: error,
    });
  }
  return new GatewayError({
    status: 502,
    type: 'server_error',
    code: 'upstream_unreachable',
    message: `The upstream at ${host} could not be reached (${failure.code ?? failure.name ?? 'network error'}).`,
    cause: error,
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured URL';
  }
}

/**
 * The only place that talks to upstreams (through got). Keep-alive agents are shared by all
 * requests; retries are off because a POST to a model is not idempotent (a retry policy, when
 * added, must be explicit about which failures and statuses it repeats).
 */
export class UpstreamTransport {
  private readonly agent = {
    http: new HttpAgent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' }),
  };

  // Everything but the request itself is merged once, here, instead of into every request's options.
  private readonly client: { readonly stream: Got; readonly whole: Got };

  constructor(config: UpstreamConfig) {
    const shared = { retry: { limit: 0 }, throwHttpErrors: false, agent: this.agent };
    this.client = {
      stream: got.extend({ ...shared, timeout: { connect: config.connectTimeoutMs, response: config.timeoutMs, socket: config.streamIdleTimeoutMs } }),
      whole: got.extend({ ...shared, timeout: { connect: config.connectTimeoutMs, request: config.timeoutMs } }),
    };
  }

  /** Sends the request and resolves once the upstream's status and headers have arrived. */
  open(request: UpstreamRequestV1, signal: AbortSignal): Promise<UpstreamReply> {
    const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    const client = request.stream ? this.client.stream : this.client.whole;
    return new Promise((resolve, reject) => {
      let stream: GotRequest;
      try {
        stream = client.stream(request.url, { method: request.method, headers: request.headers, body, signal });
      } catch (error) {
        reject(toUpstreamTransportError(error, request.url));
        return;
      }
      const onError = (error: unknown) => reject(toUpstreamTransportError(error, request.url));
      stream.once('error', onError);
      stream.once('response', (response: { statusCode: number; headers: IncomingHttpHeaders }) => {
        stream.off('error', onError);
        resolve({ status: response.statusCode, headers: response.headers, body: stream });
      });
    });
  }

  close(): void {
    this.agent.http.destroy();
    this.agent.https.destroy();
  }
}

/** Collects a whole (non-streamed) body; network failures on the way become gateway errors. */
export async function readUpstreamText(body: Readable, url: string): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  } catch (error) {
    throw toUpstreamTransportError(error, url, true);
  }
  return Buffer.concat(chunks).toString('utf8');
}
