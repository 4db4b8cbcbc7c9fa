import type { RequestStage, UsageOutcome } from '@modelgate/pipeline';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import type { GuardrailDecision } from '../modules/guardrails/guardrail-decision.js';

export type { RequestStage, UsageOutcome };

/** One upstream attempt of a request, as its usage record lists it. */
export interface UsageAttempt {
  /** The public model it was for (the requested one, or a fallback). */
  readonly model: string;
  /** `<instance>/<upstream model>`. */
  readonly deployment: string;
  readonly status?: number;
  readonly errorKind?: string;
  readonly durationMs?: number;
}

/** One request's usage and spend, as written to the store. */
export interface UsageRecord {
  /**
   * Minted by the gateway for each request (never the client's `x-request-id`), so a record
   * replayed from the spool is written once. Absent on records written before schema version 2.
   */
  readonly recordId?: string;
  /** The caller's `x-request-id` when it sent one, else the gateway's. */
  readonly requestId: string;
  readonly keyId: string;
  readonly model?: string;
  readonly family?: string;
  readonly endpoint: GatewayEndpoint;
  readonly status: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Prompt tokens read from the vendor's prompt cache (part of `promptTokens`). */
  readonly cachedTokens: number;
  /** Prompt tokens written to the vendor's prompt cache (part of `promptTokens`); absent before schema version 6. */
  readonly cacheWriteTokens?: number;
  /** Of those, the ones written for an hour (priced apart); absent before schema version 6. */
  readonly cacheWrite1hTokens?: number;
  readonly reasoningTokens: number;
  /** True when the upstream sent no usage and the counts were estimated from the text. */
  readonly tokensEstimated: boolean;
  readonly costUsd: number;
  readonly latencyMs: number;
  readonly timeToFirstTokenMs?: number;
  readonly stream: boolean;
  /** `outcome === 'client_aborted'`, kept for readers of the first schema. */
  readonly clientAborted: boolean;
  readonly outcome: UsageOutcome;
  /** Absent on records written before schema version 2. */
  readonly stage?: RequestStage;
  /** The deployment that answered (`<instance>/<upstream model>`), when one did; absent before schema version 3. */
  readonly deployment?: string;
  /** Every upstream attempt, in order (retries and fallbacks included); absent when none was made. */
  readonly attempts?: readonly UsageAttempt[];
  /** The response cache answered (no upstream call; its cost is 0 unless `responseCache.hitCost` is `upstream`). */
  readonly cacheHit?: true;
  /** The guardrails that acted on the request or its answer (store migration 7); absent when none did. */
  readonly guardrails?: readonly GuardrailDecision[];
  /** Unix milliseconds. */
  readonly createdAt: number;
}

export interface UsageFilter {
  keyId?: string;
  model?: string;
  /** Unix milliseconds, inclusive. */
  from?: number;
  /** Unix milliseconds, exclusive. */
  to?: number;
  /** Records only; newest first. */
  limit?: number;
}

export type UsageGrouping = 'key' | 'model' | 'day';

export interface UsageAggregate {
  /** The key id, the model, or the UTC day (YYYY-MM-DD). */
  readonly group: string;
  readonly requests: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
}

/** Time-bucketed usage: one row per bucket and group, for the admin UI's charts. */
export interface UsageSeriesQuery {
  /** `hour` or `day` buckets (UTC). */
  readonly bucket: 'hour' | 'day';
  /** Split each bucket by model, provider family or key; `none` gives one row per bucket. */
  readonly by: 'model' | 'family' | 'key' | 'none';
}

export interface UsageSeriesPoint {
  /** Start of the bucket, Unix milliseconds. */
  readonly bucketStart: number;
  /** The model, family or key id; empty when not split. */
  readonly group: string;
  readonly requests: number;
  /** Requests answered with a status of 400 or more. */
  readonly errors: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  /** Nearest-rank latency percentiles, in ms. */
  readonly latencyP50Ms: number;
  readonly latencyP95Ms: number;
  readonly latencyP99Ms: number;
}
