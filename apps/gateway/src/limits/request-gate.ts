import { GatewayError, type ModelPricingV1 } from '@modelgate/core';
import {
  answerCharacters,
  estimateTokensFromCharacters,
  type AdmissionControl,
  type AdmissionTarget,
  type Exchange,
  type ExchangeObserver,
  type RequestEnding,
} from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import type { GatewayEndpoint } from '../config/gateway-config.js';
import { computeCost } from '../usage/compute-cost.js';
import { countTokens } from '../usage/count-tokens.js';
import type { UsageAttempt, UsageRecord } from '../usage/usage-record.js';
import type { UsageRecorder } from '../usage/usage-recorder.js';
import type { BudgetAdmission } from './budget-guard.js';
import { insufficientQuota, rateLimitExceeded, requestTooLargeForTpm } from './rate-limit-errors.js';
import { unpricedUnderBudget } from './unpriced-under-budget.js';
import { rateLimitHeaders } from './rate-limit-headers.js';
import { hasRateLimits, type LimitDecision, type RateLimiter } from './rate-limiter.js';

/** What admission took for a request, kept until the request is settled. */
interface Admission {
  readonly endpoint: GatewayEndpoint;
  readonly model: string;
  readonly family: string;
  readonly pricing?: ModelPricingV1;
  /** The front's estimate, read only when a record needs it (the upstream sent no usable usage). */
  readonly target: AdmissionTarget;
  /** Tokens charged against TPM up front (zero when the key has no TPM). */
  readonly reservedTokens: number;
  /** A concurrency slot was taken and must be released. */
  readonly holdsLease: boolean;
}

const NANOSECONDS_PER_MILLISECOND = 1_000_000;
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The key limit that refused a request. */
export type RefusingLimit = 'rpm' | 'tpm' | 'concurrency' | 'budget';

const REFUSED_BY: Readonly<Record<NonNullable<LimitDecision['refusedBy']>, RefusingLimit>> = { requests: 'rpm', tokens: 'tpm', concurrency: 'concurrency' };

/** Told what the gate decided and recorded (the metrics); must not throw. */
export interface RequestGateListener {
  /** A usage record was queued for this exchange: one per model request. */
  recorded?(record: UsageRecord, exchange: Exchange): void;
  refused?(limit: RefusingLimit): void;
}

function clientClosedRequest(): GatewayError {
  return new GatewayError({ status: 499, code: 'client_closed_request', message: 'The client closed the connection while the request was being admitted.' });
}

/**
 * Budget and rate limits before a request reaches the upstream (the pipeline's admission control),
 * and its bookkeeping as an observer of the exchange: one usage record per request (a completed
 * answer's is queued, and spooled, before its last byte is written; any other's once the response
 * has closed and its stream, if any, has settled), then the concurrency slot is released and TPM is
 * reconciled with the real tokens. A model request that was authenticated but never admitted (bad
 * body, unknown model, out of scope, over a limit, or left by its client) still leaves a record
 * with no tokens.
 */
export class RequestGate implements AdmissionControl, ExchangeObserver {
  private readonly settling = new Set<Promise<void>>();
  /** What each admitted exchange took, and its record once queued. */
  private readonly admissions = new WeakMap<Exchange, Admission>();
  private readonly records = new WeakMap<Exchange, UsageRecord>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly budgets: BudgetAdmission,
    private readonly recorder: UsageRecorder,
    private readonly logger: Logger,
    private readonly listener: RequestGateListener = {},
  ) {}

  /**
   * Throws the 429 that applies; otherwise returns the rate-limit headers for the response. A key
   * with no budget and no rate limit is admitted at once, without a promise.
   */
  admit(exchange: Exchange, target: AdmissionTarget): Readonly<Record<string, string>> | Promise<Readonly<Record<string, string>>> {
    const key = exchange.key as AuthenticatedKey;
    if (key.budget || hasRateLimits(key.limits)) return this.admitWithinLimits(exchange, target, key);
    if (exchange.connectionClosed) throw clientClosedRequest();
    this.remember(exchange, target, 0, false);
    return NO_HEADERS;
  }

  private async admitWithinLimits(exchange: Exchange, target: AdmissionTarget, key: AuthenticatedKey): Promise<Readonly<Record<string, string>>> {
    // A budget is kept only when every request under it is priced.
    const unpriced = key.budget ? target.unpriced : undefined;
    if (unpriced) throw this.refuse('budget', unpricedUnderBudget(unpriced));
    if (!(await this.budgets.isWithinBudget(key))) throw this.refuse('budget', insufficientQuota(key.budget!.period));
    // Over the whole limit, the request can never be admitted: refused at once, for every limiter.
    const tpm = key.limits?.tpm;
    if (tpm && target.estimate.totalTokens > tpm) throw this.refuse('tpm', requestTooLargeForTpm(target.model, tpm, target.estimate));
    let headers: Record<string, string> = {};
    let holdsLease = false;
    if (hasRateLimits(key.limits)) {
      const decision = await this.limiter.acquire({ keyId: key.id, leaseId: exchange.recordId, limits: key.limits, estimatedTokens: target.estimate.totalTokens });
      if (!decision.admitted) throw this.refuse(REFUSED_BY[decision.refusedBy ?? 'requests'], rateLimitExceeded(decision, target.model));
      headers = rateLimitHeaders(decision);
      holdsLease = Boolean(key.limits.maxConcurrent);
    }
    const reservedTokens = tpm ? target.estimate.totalTokens : 0;
    if (exchange.connectionClosed) {
      // The client left during the checks and its request is recorded already: give back what was
      // taken, and call no upstream for nobody.
      if (holdsLease) await this.limiter.release(key.id, exchange.recordId);
      if (reservedTokens > 0) await this.limiter.reconcileTokens(key.id, -reservedTokens);
      throw clientClosedRequest();
    }
    this.remember(exchange, target, reservedTokens, holdsLease);
    return headers;
  }

  /** What an admitted exchange took, until it is settled. */
  private remember(exchange: Exchange, target: AdmissionTarget, reservedTokens: number, holdsLease: boolean): void {
    this.admissions.set(exchange, {
      endpoint: target.endpoint as GatewayEndpoint,
      model: target.model,
      family: target.family,
      pricing: target.pricing,
      target,
      reservedTokens,
      holdsLease,
    });
  }

  /**
   * Queues the record of an admitted request whose answer is complete (a whole body about to be
   * written, or a stream about to write its last bytes), so that with a spool the record is on
   * disk before the client has the answer. Once per request; `closed` does the rest.
   */
  answerComplete(exchange: Exchange, status: number, answer?: unknown): void {
    const admission = this.admissions.get(exchange);
    if (!admission || this.records.has(exchange) || exchange.connectionClosed) return;
    const stage = exchange.stage ?? 'responding';
    this.recordUsage(exchange, admission, { status, outcome: status < 400 ? 'completed' : 'failed', stage }, answer);
  }

  /** The response has closed: settles the request once its ending is known; never throws. */
  closed(exchange: Exchange, ending: Promise<RequestEnding>): void {
    const done = ending
      .then((ended) => this.settle(exchange, ended))
      .catch((error: unknown) => this.logger.error({ err: error, requestId: exchange.requestId }, 'settling a request failed'))
      .finally(() => this.settling.delete(done));
    this.settling.add(done);
  }

  private refuse(limit: RefusingLimit, error: GatewayError): GatewayError {
    this.listener.refused?.(limit);
    return error;
  }

  /** Waits for requests still being settled, then writes every queued usage record. */
  async drain(): Promise<void> {
    while (this.settling.size > 0) await Promise.all(this.settling);
    await this.recorder.flush();
  }

  private async settle(exchange: Exchange, ending: RequestEnding): Promise<void> {
    const admission = this.admissions.get(exchange);
    if (!admission) {
      this.recordRefusal(exchange, ending);
      return;
    }
    const record = this.records.get(exchange) ?? this.recordUsage(exchange, admission, ending);
    if (admission.holdsLease) await this.limiter.release(record.keyId, exchange.recordId);
    if (admission.reservedTokens > 0) {
      await this.limiter.reconcileTokens(record.keyId, record.promptTokens + record.completionTokens - admission.reservedTokens);
    }
  }

  /** A request that ended before admission: refused (a 400, 403, 404 or 429) or left by its client; it used no tokens. */
  private recordRefusal(exchange: Exchange, ending: RequestEnding): void {
    this.queue(exchange, {
      recordId: exchange.recordId,
      requestId: exchange.requestId,
      keyId: exchange.key.id,
      model: exchange.model,
      endpoint: exchange.endpoint as GatewayEndpoint,
      status: ending.status,
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
      tokensEstimated: false,
      costUsd: 0,
      latencyMs: Number(process.hrtime.bigint() - exchange.startedAt) / NANOSECONDS_PER_MILLISECOND,
      stream: exchange.stream,
      clientAborted: ending.outcome === 'client_aborted',
      outcome: ending.outcome,
      stage: ending.stage,
      createdAt: Date.now(),
    });
  }

  private recordUsage(exchange: Exchange, admission: Admission, ending: RequestEnding, answer?: unknown): UsageRecord {
    const record = this.toUsageRecord(exchange, admission, ending, answer);
    this.records.set(exchange, record);
    this.queue(exchange, record);
    this.budgets.noteSpend(record.keyId, record.costUsd);
    return record;
  }

  private queue(exchange: Exchange, record: UsageRecord): void {
    this.recorder.record(record);
    this.listener.recorded?.(record, exchange);
  }

  /**
   * The upstream's usage when it sent a usable one; otherwise, when the upstream worked on the
   * request (it answered, or the client or the shutdown cut it short), the prompt estimate and the
   * generated text's, marked as estimated. Unusable counts from an upstream are logged (names and
   * values only: never a prompt).
   */
  private toUsageRecord(exchange: Exchange, admission: Admission, ending: RequestEnding, answer: unknown): UsageRecord {
    const upstreamWorked = ending.outcome !== 'failed' || exchange.firstByteAt !== undefined;
    const tokens = countTokens(
      exchange.usage,
      () => ({
        promptTokens: admission.target.estimate.promptTokens,
        completionTokens: estimateTokensFromCharacters(answer === undefined ? (exchange.streamedCharacters) : answerCharacters(answer)),
      }),
      upstreamWorked,
    );
    if (Object.keys(tokens.unusable).length > 0) {
      const unusable = Object.fromEntries(Object.entries(tokens.unusable).map(([field, value]) => [field, String(JSON.stringify(value)).slice(0, 40)]));
      this.logger.warn({ requestId: exchange.requestId, model: admission.model, provider: exchange.provider, unusable }, 'the upstream reported unusable token counts; estimated instead');
    }
    const now = process.hrtime.bigint();
    return {
      recordId: exchange.recordId,
      requestId: exchange.requestId,
      keyId: exchange.key.id,
      model: admission.model,
      family: admission.family,
      endpoint: admission.endpoint,
      status: ending.status,
      promptTokens: tokens.promptTokens,
      completionTokens: tokens.completionTokens,
      cachedTokens: tokens.cachedTokens,
      reasoningTokens: tokens.reasoningTokens,
      tokensEstimated: tokens.tokensEstimated,
      // The deployment that answered sets the price (a fallback or another deployment may cost more).
      costUsd: computeCost(tokens, exchange.servedBy?.deployment.pricing ?? admission.pricing, exchange.serverToolCalls),
      latencyMs: Number(now - exchange.startedAt) / NANOSECONDS_PER_MILLISECOND,
      timeToFirstTokenMs: exchange.firstByteAt === undefined ? undefined : Number(exchange.firstByteAt - exchange.startedAt) / NANOSECONDS_PER_MILLISECOND,
      stream: exchange.stream,
      clientAborted: ending.outcome === 'client_aborted',
      outcome: ending.outcome,
      stage: ending.stage,
      deployment: exchange.servedBy?.deployment.id,
      attempts: usageAttempts(exchange),
      createdAt: Date.now(),
    };
  }
}

/** The exchange's upstream attempts as a usage record lists them; undefined when there was none. */
function usageAttempts(exchange: Exchange): UsageAttempt[] | undefined {
  if (exchange.attempts.length === 0) return undefined;
  return exchange.attempts.map((attempt) => ({
    model: attempt.model,
    deployment: attempt.deployment,
    ...(attempt.status !== undefined && { status: attempt.status }),
    ...(attempt.errorKind !== undefined && { errorKind: attempt.errorKind }),
    ...(attempt.durationMs !== undefined && { durationMs: attempt.durationMs }),
  }));
}
