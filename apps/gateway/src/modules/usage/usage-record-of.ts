import { answerCharacters, estimateTokensFromCharacters, type AdmissionTarget, type Exchange, type RequestEnding } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { GatewayEndpoint } from '../../config/gateway-config.js';
import { computeCost } from '../../usage/compute-cost.js';
import { countTokens } from '../../usage/count-tokens.js';
import type { UsageAttempt, UsageRecord } from '../../usage/usage-record.js';

const NANOSECONDS_PER_MILLISECOND = 1_000_000;

const millisecondsSince = (start: bigint, end: bigint = process.hrtime.bigint()) => Number(end - start) / NANOSECONDS_PER_MILLISECOND;

/**
 * The record of an admitted request: the upstream's usage when it sent a usable one; otherwise,
 * when the upstream worked on the request (it answered, or the client or the shutdown cut it
 * short), the prompt estimate and the generated text's, marked as estimated. Unusable counts from
 * an upstream are logged (names and values only: never a prompt).
 */
export function usageRecordOf(exchange: Exchange, target: AdmissionTarget, ending: RequestEnding, answer: unknown, logger: Logger): UsageRecord {
  const upstreamWorked = ending.outcome !== 'failed' || exchange.firstByteAt !== undefined;
  const tokens = countTokens(
    exchange.usage,
    () => ({
      promptTokens: target.estimate.promptTokens,
      completionTokens: estimateTokensFromCharacters(answer === undefined ? exchange.streamedCharacters : answerCharacters(answer)),
    }),
    upstreamWorked,
  );
  if (Object.keys(tokens.unusable).length > 0) {
    const unusable = Object.fromEntries(Object.entries(tokens.unusable).map(([field, value]) => [field, String(JSON.stringify(value)).slice(0, 40)]));
    logger.warn({ requestId: exchange.requestId, model: target.model, provider: exchange.provider, unusable }, 'the upstream reported unusable token counts; estimated instead');
  }
  return {
    recordId: exchange.recordId,
    requestId: exchange.requestId,
    keyId: exchange.key.id,
    model: target.model,
    family: target.family,
    endpoint: target.endpoint as GatewayEndpoint,
    status: ending.status,
    promptTokens: tokens.promptTokens,
    completionTokens: tokens.completionTokens,
    cachedTokens: tokens.cachedTokens,
    cacheWriteTokens: tokens.cacheWriteTokens,
    cacheWrite1hTokens: tokens.cacheWrite1hTokens,
    reasoningTokens: tokens.reasoningTokens,
    tokensEstimated: tokens.tokensEstimated,
    // The deployment that answered sets the price (a fallback or another deployment may cost more);
    // a cache hit costs nothing unless the operator bills it as the answer it replays.
    costUsd:
      exchange.cacheHit && !exchange.cacheHit.billed ? 0 : computeCost(tokens, exchange.servedBy?.deployment.pricing ?? target.pricing, exchange.serverToolCalls),
    latencyMs: millisecondsSince(exchange.startedAt),
    timeToFirstTokenMs: exchange.firstByteAt === undefined ? undefined : millisecondsSince(exchange.startedAt, exchange.firstByteAt),
    stream: exchange.stream,
    clientAborted: ending.outcome === 'client_aborted',
    outcome: ending.outcome,
    stage: ending.stage,
    deployment: exchange.servedBy?.deployment.id,
    attempts: usageAttempts(exchange),
    ...(exchange.cacheHit && { cacheHit: true as const }),
    createdAt: Date.now(),
  };
}

/** A request that ended before admission: refused (a 400, 403, 404 or 429) or left by its client; it used no tokens. */
export function refusalRecordOf(exchange: Exchange, ending: RequestEnding): UsageRecord {
  return {
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
    latencyMs: millisecondsSince(exchange.startedAt),
    stream: exchange.stream,
    clientAborted: ending.outcome === 'client_aborted',
    outcome: ending.outcome,
    stage: ending.stage,
    createdAt: Date.now(),
  };
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
