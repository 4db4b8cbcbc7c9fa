import { GatewayError, type ModelPricingV1 } from '@modelgate/core';
import type { Logger } from 'pino';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import type { GatewayState } from '../middleware/gateway-state.js';
import { computeCost } from '../usage/compute-cost.js';
import { countTokens } from '../usage/count-tokens.js';
import { answerCharacters, estimateRequestTokens, estimateTokensFromCharacters } from '../usage/estimate-tokens.js';
import type { RequestEnding } from '../usage/request-ending.js';
import type { UsageRecord } from '../usage/usage-record.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { BudgetGuard } from './budget-guard.js';
import { rateLimitExceeded, requestTooLargeForTpm } from './rate-limit-errors.js';
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
  /** The model's output limit: what a request without one may generate, for the TPM estimate. */
  readonly defaultOutputTokens?: number;
}

const NANOSECONDS_PER_MILLISECOND = 1_000_000;

function clientClosedRequest(): GatewayError {
  return new GatewayError({ status: 499, code: 'client_closed_request', message: 'The client closed the connection while the request was being admitted.' });
}

/**
 * Budget and rate limits before a request reaches the upstream, and its bookkeeping: one usage
 * record per request (a completed answer's is queued, and spooled, before its last byte is
 * written; any other's once the response has closed and its stream, if any, has settled), then
 * the concurrency slot is released and TPM is reconciled with the real tokens.
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
    const estimate = estimateRequestTokens(body, target.defaultOutputTokens);
    // Over the whole limit, the request can never be admitted: refused at once, for every limiter.
    const tpm = key.limits?.tpm;
    if (tpm && estimate.totalTokens > tpm) throw requestTooLargeForTpm(target.model, tpm, estimate);
    let headers: Record<string, string> = {};
    let holdsLease = false;
    if (hasRateLimits(key.limits)) {
      const decision = await this.limiter.acquire({ keyId: key.id, leaseId: state.recordId!, limits: key.limits, estimatedTokens: estimate.totalTokens });
      if (!decision.admitted) throw rateLimitExceeded(decision, target.model);
      headers = rateLimitHeaders(decision);
      holdsLease = Boolean(key.limits.maxConcurrent);
    }
    const reservedTokens = key.limits?.tpm ? estimate.totalTokens : 0;
    if (state.connectionClosed) {
      // The client left during the checks and its request is recorded already: give back what was
      // taken, and call no upstream for nobody.
      if (holdsLease) await this.limiter.release(key.id, state.recordId!);
      if (reservedTokens > 0) await this.limiter.reconcileTokens(key.id, -reservedTokens);
      throw clientClosedRequest();
    }
    state.admission = {
      ...target,
      estimatedPromptTokens: estimate.promptTokens,
      reservedTokens,
      holdsLease,
    };
    state.stage = 'upstream';
    return headers;
  }

  /**
   * Queues the record of an admitted request whose answer is complete (a whole body about to be
   * written, or a stream about to write its last bytes), so that with a spool the record is on
   * disk before the client has the answer. Once per request; `settle` does the rest.
   */
  recordAnswer(state: GatewayState, status: number, answer?: unknown): void {
    if (!state.admission || state.usageRecord || state.connectionClosed) return;
    const stage = state.stage ?? 'responding';
    this.recordUsage(state, state.admission, { status, outcome: status < 400 ? 'completed' : 'failed', stage }, answer);
  }

  /** Called once the response has closed, with how it ended (known once a stream has settled); never throws. */
  settle(state: GatewayState, ending: () => RequestEnding): void {
    const done = this.finish(state, ending)
      .catch((error: unknown) => this.logger.error({ err: error, requestId: state.requestId }, 'settling a request failed'))
      .finally(() => this.settling.delete(done));
    this.settling.add(done);
  }

  /**
   * Records an authenticated model request that ended before admission: refused (a 400, 403, 404
   * or 429) or left by its client, so that every request leaves one usage record; it used no tokens.
   */
  recordRefusal(state: GatewayState, endpoint: GatewayEndpoint, ending: RequestEnding): void {
    this.recorder.record({
      recordId: state.recordId!,
      requestId: state.requestId,
      keyId: state.key!.id,
      model: state.model,
      endpoint,
      status: ending.status,
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
      tokensEstimated: false,
      costUsd: 0,
      latencyMs: Number(process.hrtime.bigint() - state.startedAt) / NANOSECONDS_PER_MILLISECOND,
      stream: state.stream === true,
      clientAborted: ending.outcome === 'client_aborted',
      outcome: ending.outcome,
      stage: ending.stage,
      createdAt: Date.now(),
    });
  }

  /** Waits for requests still being settled, then writes every queued usage record. */
  async drain(): Promise<void> {
    while (this.settling.size > 0) await Promise.all(this.settling);
    await this.recorder.flush();
  }

  private async finish(state: GatewayState, ending: () => RequestEnding): Promise<void> {
    await state.streamSettled;
    const admission = state.admission!;
    const record = state.usageRecord ?? this.recordUsage(state, admission, ending());
    if (admission.holdsLease) await this.limiter.release(record.keyId, state.recordId!);
    if (admission.reservedTokens > 0) {
      await this.limiter.reconcileTokens(record.keyId, record.promptTokens + record.completionTokens - admission.reservedTokens);
    }
  }

  private recordUsage(state: GatewayState, admission: Admission, ending: RequestEnding, answer?: unknown): UsageRecord {
    const record = this.toUsageRecord(state, admission, ending, answer);
    state.usageRecord = record;
    this.recorder.record(record);
    this.budgets.noteSpend(record.keyId, record.costUsd);
    return record;
  }

  /**
   * The upstream's usage when it sent a usable one; otherwise, when the upstream worked on the
   * request (it answered, or the client or the shutdown cut it short), the prompt estimate and the
   * generated text's, marked as estimated. Unusable counts from an upstream are logged (names and
   * values only: never a prompt).
   */
  private toUsageRecord(state: GatewayState, admission: Admission, ending: RequestEnding, answer: unknown): UsageRecord {
    const upstreamWorked = ending.outcome !== 'failed' || state.firstByteAt !== undefined;
    const tokens = countTokens(
      state.usage,
      () => ({
        promptTokens: admission.estimatedPromptTokens,
        completionTokens: estimateTokensFromCharacters(answer === undefined ? (state.streamedCharacters ?? 0) : answerCharacters(answer)),
      }),
      upstreamWorked,
    );
    if (Object.keys(tokens.unusable).length > 0) {
      const unusable = Object.fromEntries(Object.entries(tokens.unusable).map(([field, value]) => [field, String(JSON.stringify(value)).slice(0, 40)]));
      this.logger.warn({ requestId: state.requestId, model: admission.model, provider: state.provider, unusable }, 'the upstream reported unusable token counts; estimated instead');
    }
    const now = process.hrtime.bigint();
    return {
      recordId: state.recordId!,
      requestId: state.requestId,
      keyId: state.key!.id,
      model: admission.model,
      family: admission.family,
      endpoint: admission.endpoint,
      status: ending.status,
      promptTokens: tokens.promptTokens,
      completionTokens: tokens.completionTokens,
      cachedTokens: tokens.cachedTokens,
      reasoningTokens: tokens.reasoningTokens,
      tokensEstimated: tokens.tokensEstimated,
      costUsd: computeCost(tokens, admission.pricing),
      latencyMs: Number(now - state.startedAt) / NANOSECONDS_PER_MILLISECOND,
      timeToFirstTokenMs: state.firstByteAt === undefined ? undefined : Number(state.firstByteAt - state.startedAt) / NANOSECONDS_PER_MILLISECOND,
      stream: state.stream === true,
      clientAborted: ending.outcome === 'client_aborted',
      outcome: ending.outcome,
      stage: ending.stage,
      createdAt: Date.now(),
    };
  }
}
