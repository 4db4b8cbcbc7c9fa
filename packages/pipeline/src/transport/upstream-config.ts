/** The HTTP client under the transport seam: got (the default) or undici (less CPU per request). */
export type UpstreamTransportKind = 'got' | 'undici';

/** How the gateway talks to upstreams: time-outs, size caps and the keep-alive pool. */
export interface UpstreamConfig {
  /** Which client sends upstream requests; both keep the same contract (see UpstreamTransport). */
  transport: UpstreamTransportKind;
  connectTimeoutMs: number;
  /** Time to the upstream's response headers (and, without streaming, its whole answer). */
  timeoutMs: number;
  /** Longest wait between two events of a stream (keep-alive comments do not count). */
  streamIdleTimeoutMs: number;
  /** Longest a streamed answer may take from its request to its end. */
  totalTimeoutMs: number;
  /**
   * While a relayed Responses stream is silent this long, the gateway writes an SSE comment
   * (`: keep-alive`) so clients with idle time-outs (Codex: 300 s) keep waiting.
   */
  keepAliveIntervalMs: number;
  /** Largest Server-Sent Event accepted from an upstream stream (UTF-8 bytes); past it the stream fails (502). */
  maxEventBytes: number;
  /** Largest non-streamed upstream answer (success or error body, after decompression); past it 502. */
  maxResponseBytes: number;
  /** A pooled keep-alive connection idle this long is closed: keep it below the upstreams' own idle time-out. */
  idleSocketTimeoutMs: number;
}

export const DEFAULT_UPSTREAM_CONFIG: UpstreamConfig = {
  transport: 'got',
  connectTimeoutMs: 10_000,
  timeoutMs: 600_000,
  streamIdleTimeoutMs: 300_000,
  totalTimeoutMs: 1_800_000,
  keepAliveIntervalMs: 15_000,
  maxEventBytes: 16 * 1024 * 1024,
  maxResponseBytes: 32 * 1024 * 1024,
  idleSocketTimeoutMs: 4_000,
};
