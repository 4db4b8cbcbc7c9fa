import type { CompletionUsage, ModelPricingV1 } from '@modelgate/core';
import type { Logger } from 'pino';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { computeCost } from '../usage/compute-cost.js';
import { estimateRequestTokens, estimateTokensFromCharacters } from '../usage/estimate-tokens.js';
import type { UsageRecord } from '../usage/usage-record.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { BudgetGuard } from './budget-guard.js';
import { rateLimitExceeded } from './rate-limit-errors.js';
import { rateLimitHeaders } from './rate-limit-headers.js';
import { hasRateLimits, type RateLimiter } from './rate-limiter.js';

/** What admission leaves on the request state for the end of the request. */
export interface Admission {
  readonly endpoint: GatewayEndpoint;
  readonly model: string;
  readonly family: string;
  readonly pricing?: ModelPricingV1;
  readonly estimatedPromptTokens: number;
  /** Tokens charged against TPM up front (zero when the key has no TPM). */
  readonly reservedTokens: number;
  /** A concurrency slot was taken and must be released. */
  readonly holdsLease: boolean;
}

export interface AdmissionTarget {
  readonly endpoint: GatewayEndpoint;
  readonly model: string;
  readonly family: string;
  readonly pricing?: ModelPricingV1;
}

export interface RequestOutcome {
  readonly status: number;
  readonly clientAborted: boolean;
}

const NANOSECONDS_PER_MILLISECOND = 1_000_000;

/**
 * Budget and rate limits before a request reaches the upstream, and its bookkeeping after the
 * response has closed (streams: once settled): the concurrency slot is released, TPM is reconciled
 * with the real tokens, and one usage record is queued.
 */
export class RequestGate {
  private readonly settling = new Set<Promise<void>>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly budgets: BudgetGuard,
    private readonly recorder: UsageRecorder,
    private readonly logger: Logger,
  ) {}

  /** Throws the 429 that applies; otherwise returns the rate-limit headers for the response. */
  async admit(state: GatewayState, key: AuthenticatedKey, target: AdmissionTarget, body: object): Promise<Record<string, string>> {
    await this.budgets.assertWithinBudget(key);
    const estimate = estimateRequestTokens(body);
    let headers: Record<string, string> = {};
    let holdsLease = false;
    if (hasRateLimits(key.limits)) {
      const decision = await this.limiter.acquire({ keyId: key.id, leaseId: state.requestId, limits: key.limits, estimatedTokens: estimate.totalTokens });
      if (!decision.admitted) throw rateLimitExceeded(decision, target.model);
      headers = rateLimitHeaders(decision);
      holdsLease = Boolean(key.limits.maxConcurrent);
    }
    state.admission = {
      ...target,
      estimatedPromptTokens: estimate.promptTokens,
      reservedTokens: key.limits?.tpm ? estimate.totalTokens : 0,
      holdsLease,
    };
    return headers;
  }

  /** Called once the response has closed; never throws. */
  settle(state: GatewayState, outcome: RequestOutcome): void {
    const done = this.finish(state, outcome)
      .catch((error: unknown) => this.logger.error({ err: error, requestId: state.requestId }, 'settling a request failed'))
      .finally(() => this.settling.delete(done));
    this.settling.add(done);
  }

  /**
   * Records an authenticated model request that ended before admission or was refused by it (a
   * 400, 403, 404 or 429), so that every request leaves one usage record; it used no tokens.
   */
  recordRefusal(state: GatewayState, endpoint: GatewayEndpoint, outcome: RequestOutcome): void {
    this.recorder.record({
      requestId: state.requestId,
      keyId: state.key!.id,
      model: state.model,
      endpoint,
      status: outcome.status,
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
      tokensEstimated: false,
      costUsd: 0,
      latencyMs: Number(process.hrtime.bigint() - state.startedAt) / NANOSECONDS_PER_MILLISECOND,
      stream: state.stream === true,
      clientAborted: outcome.clientAborted,
      createdAt: Date.now(),
    });
  }

  /** Waits for requests still being settled, then writes every queued usage record. */
  async drain(): Promise<void> {
    while (this.settling.size > 0) await Promise.all(this.settling);
    await this.recorder.flush();
  }

  private async finish(state: GatewayState, outcome: RequestOutcome): Promise<void> {
    await state.streamSettled;
    const admission = state.admission!;
    const key = state.key!;
    const record = toUsageRecord(state, admission, outcome);
    this.recorder.record(record);
    this.budgets.noteSpend(key.id, record.costUsd);
    if (admission.holdsLease) await this.limiter.release(key.id, state.requestId);
    if (admission.reservedTokens > 0) {
      await this.limiter.reconcileTokens(key.id, record.promptTokens + record.completionTokens - admission.reservedTokens);
    }
  }
}

function toUsageRecord(state: GatewayState, admission: Admission, outcome: RequestOutcome): UsageRecord {
  const clientAborted = outcome.clientAborted || state.streamOutcome === 'client-aborted';
  const tokens = countTokens(state.usage, state, admission, clientAborted);
  const now = process.hrtime.bigint();
  return {
    requestId: state.requestId,
    keyId: state.key!.id,
    model: admission.model,
    family: admission.family,
    endpoint: admission.endpoint,
    status: outcome.status,
    ...tokens,
    costUsd: computeCost(tokens, admission.pricing),
    latencyMs: Number(now - state.startedAt) / NANOSECONDS_PER_MILLISECOND,
    timeToFirstTokenMs: state.firstByteAt === undefined ? undefined : Number(state.firstByteAt - state.startedAt) / NANOSECONDS_PER_MILLISECOND,
    stream: state.stream === true,
    clientAborted,
    createdAt: Date.now(),
  };
}

/**
 * The upstream's usage when it sent one. Otherwise, when the upstream may have worked (a stream
 * started, or the client left), the prompt estimate and the streamed text's estimate, marked as such.
 */
function countTokens(usage: CompletionUsage | undefined, state: GatewayState, admission: Admission, clientAborted: boolean) {
  if (usage) {
    return {
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens,
      cachedTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
      reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
      tokensEstimated: false,
    };
  }
  const upstreamWorked = state.firstByteAt !== undefined || clientAborted;
  return {
    promptTokens: upstreamWorked ? admission.estimatedPromptTokens : 0,
    completionTokens: estimateTokensFromCharacters(state.streamedCharacters ?? 0),
    cachedTokens: 0,
    reasoningTokens: 0,
    tokensEstimated: upstreamWorked,
  };
}
