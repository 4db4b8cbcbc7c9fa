import { gatewayErrorKindOf, type LoggerV1 } from '@modelgate/core';
import type { Exchange } from '../exchange/exchange.js';
import { isLocalAnswer, type FrontOperation, type LocalAnswerPlan } from '../fronts/front-door.js';
import type { DeploymentBook } from '../routing/deployment-book.js';
import type { ModelRouter } from '../routing/model-router.js';
import { assertEndpointAllowed, resolveModelForKey } from '../scope/key-scope.js';
import type { UpstreamTransport } from '../transport/upstream-transport.js';
import type { AdmissionControl } from './admission-control.js';
import { attemptUpstream, type ServedAttempt } from './attempt-upstream.js';
import { createCallContext } from './call-context.js';
import type { ClientReply } from './client-reply.js';
import { upstreamHeadersForClient } from './relay-upstream-headers.js';
import type { RetryPolicy } from './retry-policy.js';

export interface PipelineDependencies {
  readonly models: ModelRouter;
  readonly transport: UpstreamTransport;
  /** Budgets and rate limits; absent, every request in scope is admitted. */
  readonly admission?: AdmissionControl;
  /** Silence after which a relayed stream gets an SSE comment keep-alive. */
  readonly keepAliveIntervalMs: number;
  readonly logger: Pick<LoggerV1, 'warn' | 'error'>;
  /** Retries; none unless configured. */
  readonly retry?: RetryPolicy;
  /** Deployments' health and load, shared by every request of the process. */
  readonly deployments?: DeploymentBook;
}

export interface ModelRequest {
  readonly exchange: Exchange;
  readonly operation: FrontOperation;
  /** Reads the request body (the host's size, encoding and depth limits apply). */
  readonly readBody: () => Promise<unknown>;
  readonly reply: ClientReply;
}

/**
 * The one path of every model request, whatever its front:
 *
 *   scope → body → resolve the model → translate → admit → attempt the upstream → answer or relay
 *
 * and settle, which observers of the exchange do when the connection closes. The endpoint scope is
 * checked before the body is read (it needs only the key, and a key without the endpoint learns
 * nothing about models); the model scope when the model resolves (404, like an unknown model);
 * budgets and limits last, so that a request the gateway cannot translate takes none of them.
 * Errors are thrown as GatewayErrors; the host renders them in the front's envelope.
 */
export async function runModelRequest(request: ModelRequest, dependencies: PipelineDependencies): Promise<void> {
  const { exchange, operation, reply } = request;
  assertEndpointAllowed(exchange.key, operation.endpoint);
  const body = operation.validate(await request.readBody());
  exchange.requestBody = body;

  const route = resolveModelForKey(dependencies.models, exchange.key, body.model);
  exchange.route = route;

  const plan = operation.translate(route, body, createCallContext(exchange, route, route.deployments[0]!, dependencies.logger, operation.relayedRequestHeaders));
  exchange.stream = !isLocalAnswer(plan) && plan.upstreamRequest.stream;

  if (dependencies.admission) {
    const estimate = operation.estimateTokens(body, route.card?.maxOutputTokens);
    const target = { endpoint: operation.endpoint, model: route.publicId, family: route.instance.family, pricing: route.pricing, estimate };
    reply.setHeaders(await dependencies.admission.admit(exchange, target));
  }
  exchange.admitted = true;
  if (isLocalAnswer(plan)) return answerLocally(exchange, plan, reply);
  exchange.stage = 'upstream';

  const served = await attemptUpstream({ exchange, operation, body, route, plan }, dependencies);
  exchange.servedBy = { route: served.route, deployment: served.deployment };
  reply.setHeaders({
    ...upstreamHeadersForClient(served.reply.headers, served.deployment.instance.provider.relayedResponseHeaders ?? []),
    'x-modelgate-model': served.route.publicId,
    'x-modelgate-deployment': served.deployment.id,
    'x-modelgate-attempts': String(exchange.attempts.length),
  });
  if (served.whole) answerClient(exchange, served, served.whole, reply);
  else relayToClient(exchange, served, reply, dependencies);
}

/** An answer the gateway computed itself (no upstream was called), recorded like any other. */
function answerLocally(exchange: Exchange, plan: LocalAnswerPlan, reply: ClientReply): void {
  exchange.usage = plan.localAnswer.usage;
  exchange.stage = 'responding';
  exchange.answerComplete(200, plan.localAnswer.body);
  reply.sendJson(200, plan.localAnswer.body);
}

/** A whole answer: its record is made durable (observers) before the client gets it. */
function answerClient(exchange: Exchange, served: ServedAttempt, whole: NonNullable<ServedAttempt['whole']>, reply: ClientReply): void {
  served.release();
  const answer = served.plan.answer(whole.text, whole.parsed);
  exchange.usage = answer.usage;
  exchange.stage = 'responding';
  exchange.answerComplete(200, answer.body);
  reply.sendJson(200, answer.body);
}

/**
 * A stream: answered 200 at once and relayed as the upstream sends it. The relay marks the
 * answer complete just before its last write, and the exchange learns how it ended.
 */
function relayToClient(exchange: Exchange, served: ServedAttempt, reply: ClientReply, dependencies: PipelineDependencies): void {
  const output = reply.openEventStream();
  exchange.stage = 'streaming';
  const relayed = served.plan.relay({
    upstream: served.reply.body,
    upstreamUrl: served.plan.upstreamRequest.url,
    output,
    clientGone: () => exchange.clientSignal.aborted,
    maxEventBytes: served.reply.limits.maxEventBytes,
    idleTimeoutMs: served.reply.limits.streamIdleTimeoutMs,
    keepAliveIntervalMs: dependencies.keepAliveIntervalMs,
    exchange,
    beforeEnd: () => exchange.answerComplete(200),
  });
  exchange.streamSettled = relayed.then((outcome) => {
    served.release();
    exchange.streamOutcome = outcome.kind;
    if (outcome.kind !== 'failed') return;
    exchange.errorCode = outcome.error.code;
    exchange.errorKind = gatewayErrorKindOf(outcome.error);
    // A bug (not an upstream failure) after the answer started: the client got an error event.
    if (outcome.error.code === 'internal_error') {
      dependencies.logger.error({ err: outcome.error.cause ?? outcome.error, requestId: exchange.requestId }, 'request failed after the response started');
    }
  });
}
