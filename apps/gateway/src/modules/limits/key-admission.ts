import { GatewayError } from '@modelgate/core';
import type { AdmissionTarget, AnswerHeaders, Exchange, RequestEnding } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { AuthenticatedKey } from '../../auth/authenticated-key.js';
import type { BudgetAdmission } from '../../limits/budget-guard.js';
import { insufficientQuota, rateLimitExceeded, REFUSED_BY, requestTooLargeForTpm, type RefusingLimit } from '../../limits/rate-limit-errors.js';
import { rateLimitHeaders } from '../../limits/rate-limit-headers.js';
import { hasRateLimits, type RateLimiter } from '../../limits/rate-limiter.js';
import { unpricedUnderBudget } from '../../limits/unpriced-under-budget.js';
import type { UsageRecord } from '../../usage/usage-record.js';
import type { GatewayRequestHooks, RequestAnnouncements } from '../gateway-module.js';

/** What every request's admission shares: the counters, the budgets, and the settlements in progress. */
export interface KeyLimits {
  readonly limiter: RateLimiter;
  readonly budgets: BudgetAdmission;
  readonly logger: Logger;
  /** Settlements not finished yet (the module's `close` waits for them). */
  readonly settling: Set<Promise<void>>;
}

/** What admission took for the request, given back once it is settled. */
interface Taken {
  /** Tokens charged against TPM up front (zero when the key has no TPM). */
  readonly reservedTokens: number;
  /** A concurrency slot was taken and must be released. */
  readonly holdsLease: boolean;
}

const NO_HEADERS: AnswerHeaders = Object.freeze({});

function clientClosedRequest(): GatewayError {
  return new GatewayError({ status: 499, code: 'client_closed_request', message: 'The client closed the connection while the request was being admitted.' });
}

/**
 * One request's budget and rate limits: admitted (or refused with the 429 that applies) before it
 * reaches the upstream; once its response has closed and its usage record is written, the
 * concurrency slot is released and TPM is reconciled with the real tokens. A key with no budget and
 * no rate limit is admitted at once, without a promise.
 */
export class KeyAdmission implements GatewayRequestHooks {
  private admitted = false;
  private taken?: Taken;
  private resolveRecord?: (record: UsageRecord) => void;
  private readonly record = new Promise<UsageRecord>((resolve) => {
    this.resolveRecord = resolve;
  });

  constructor(
    private readonly exchange: Exchange,
    private readonly limits: KeyLimits,
    private readonly announce: Pick<RequestAnnouncements, 'limitRefused'> | undefined,
  ) {}

  admit(target: AdmissionTarget): AnswerHeaders | Promise<AnswerHeaders> {
    const key = this.exchange.key as AuthenticatedKey;
    if (key.budget || hasRateLimits(key.limits)) return this.admitWithinLimits(target, key);
    if (this.exchange.connectionClosed) throw clientClosedRequest();
    this.admitted = true;
    return NO_HEADERS;
  }

  private async admitWithinLimits(target: AdmissionTarget, key: AuthenticatedKey): Promise<AnswerHeaders> {
    const { limiter, budgets } = this.limits;
    // A budget is kept only when every request under it is priced.
    const unpriced = key.budget ? target.unpriced : undefined;
    if (unpriced) throw this.refuse('budget', unpricedUnderBudget(unpriced));
    if (!(await budgets.isWithinBudget(key))) throw this.refuse('budget', insufficientQuota(key.budget!.period));
    // Over the whole limit, the request can never be admitted: refused at once, for every limiter.
    const tpm = key.limits?.tpm;
    if (tpm && target.estimate.totalTokens > tpm) throw this.refuse('tpm', requestTooLargeForTpm(target.model, tpm, target.estimate));
    let headers: AnswerHeaders = {};
    let holdsLease = false;
    if (hasRateLimits(key.limits)) {
      const decision = await limiter.acquire({ keyId: key.id, leaseId: this.exchange.recordId, limits: key.limits, estimatedTokens: target.estimate.totalTokens });
      if (!decision.admitted) throw this.refuse(REFUSED_BY[decision.refusedBy ?? 'requests'], rateLimitExceeded(decision, target.model));
      headers = rateLimitHeaders(decision);
      holdsLease = Boolean(key.limits.maxConcurrent);
    }
    const reservedTokens = tpm ? target.estimate.totalTokens : 0;
    if (this.exchange.connectionClosed) {
      // The client left during the checks and its request is recorded already: give back what was
      // taken, and call no upstream for nobody.
      if (holdsLease) await limiter.release(key.id, this.exchange.recordId);
      if (reservedTokens > 0) await limiter.reconcileTokens(key.id, -reservedTokens);
      throw clientClosedRequest();
    }
    this.admitted = true;
    if (holdsLease || reservedTokens > 0) this.taken = { reservedTokens, holdsLease };
    return headers;
  }

  private refuse(limit: RefusingLimit, error: GatewayError): GatewayError {
    this.announce?.limitRefused(limit);
    return error;
  }

  /** The request's record (the usage module's): its cost counts against the key's budget at once. */
  usageRecorded(record: UsageRecord): void {
    if (!this.admitted) return;
    this.limits.budgets.noteSpend(record.keyId, record.costUsd);
    this.resolveRecord!(record);
  }

  /**
   * Gives back what admission took once the request has ended and its record says what it used
   * (the usage module writes it as the ending resolves, or before); never throws. Without a record
   * the slot is still released and the estimate stays charged.
   */
  closed(ending: Promise<RequestEnding>): void {
    const taken = this.taken;
    if (!taken) return;
    const { limiter, logger, settling } = this.limits;
    const keyId = this.exchange.key.id;
    const noRecord = ending.then(() => new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined))));
    const done = Promise.race([this.record, noRecord])
      .then(async (record) => {
        if (!record) logger.warn({ requestId: this.exchange.requestId }, 'a request ended without a usage record; its TPM estimate stays charged');
        if (taken.holdsLease) await limiter.release(keyId, this.exchange.recordId);
        if (taken.reservedTokens > 0 && record) await limiter.reconcileTokens(keyId, record.promptTokens + record.completionTokens - taken.reservedTokens);
      })
      .catch((error: unknown) => logger.error({ err: error, requestId: this.exchange.requestId }, 'settling a request failed'))
      .finally(() => settling.delete(done));
    settling.add(done);
  }
}
