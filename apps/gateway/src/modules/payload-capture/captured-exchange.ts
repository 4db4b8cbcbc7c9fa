/** One captured exchange, as stored and as the admin API shows it (bodies redacted before they were written). */
export interface CapturedExchange {
  /** The exchange's record id (its usage record's). */
  readonly id: string;
  readonly requestId: string;
  readonly keyId: string;
  readonly model?: string;
  readonly endpoint: string;
  readonly status: number;
  readonly stream: boolean;
  /** Unix milliseconds. */
  readonly createdAt: number;
  readonly durationMs?: number;
  readonly firstByteMs?: number;
  /** The upstream attempts: `{ model, deployment, status, errorKind, durationMs }`. */
  readonly attempts?: readonly unknown[];
  /** The request body as it went upstream (after guardrails), redacted. */
  readonly request?: unknown;
  /** The answer: a whole body, or a stream's assembled text per lane, redacted. */
  readonly answer?: unknown;
  /** A body was cut at `capture.maxBodyBytes`. */
  readonly truncated: boolean;
  readonly sizeBytes: number;
}

export interface CaptureFilter {
  keyId?: string;
  model?: string;
  status?: number;
  /** Unix milliseconds, inclusive. */
  from?: number;
  /** Unix milliseconds, exclusive. */
  to?: number;
  limit: number;
}
