import { GatewayError, type CallContextV1, type LoggerV1 } from '@modelgate/core';
import type { Exchange, ExchangeAttempt } from '../exchange/exchange.js';
import type { ExchangePlan, FrontOperation } from '../fronts/front-door.js';
import type { ModelRoute, ModelRouter } from '../routing/model-router.js';
import { assertEndpointAllowed, resolveModelForKey } from '../scope/key-scope.js';
import type { UpstreamReply, UpstreamTransport } from '../transport/upstream-transport.js';
import type { AdmissionControl } from './admission-control.js';
import { callUpstream } from './call-upstream.js';
import type { ClientReply } from './client-reply.js';
import { readUpstreamJson } from './read-upstream-json.js';
import { upstreamHeadersForClient } from './relay-upstream-headers.js';

export interface PipelineDependencies {
  readonly models: ModelRouter;
  readonly transport: UpstreamTransport;
  /** Budgets and rate limits; absent, every request in scope is admitted. */
  readonly admission?: AdmissionControl;
  /** Silence after which a relayed stream gets an SSE comment keep-alive. */
  readonly keepAliveIntervalMs: number;
  readonly logger: Pick<LoggerV1, 'warn' | 'error'>;
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

  const route = resolveModelForKey(dependencies.models, exchange.key, body.model);
  exchange.route = route;

  const plan = operation.translate(route, body, createCallContext(exchange, route, dependencies.logger));
  exchange.stream = plan.upstreamRequest.stream;

  if (dependencies.admission) {
    const estimate = operation.estimateTokens(body, route.card?.maxOutputTokens);
    const target = { endpoint: operation.endpoint, model: route.publicId, family: route.instance.family, pricing: route.pricing, estimate };
    reply.setHeaders(await dependencies.admission.admit(exchange, target));
  }
  exchange.admitted = true;
  exchange.stage = 'upstream';

  const upstream = await attemptUpstream(exchange, plan, route, dependencies);
  reply.setHeaders(upstreamHeadersForClient(upstream.headers, route.instance.provider.relayedResponseHeaders ?? []));
  if (plan.upstreamRequest.stream) relayToClient(exchange, plan, upstream, reply, dependencies);
  else await answerClient(exchange, plan, upstream, reply);
}

function createCallContext(exchange: Exchange, route: ModelRoute, logger: PipelineDependencies['logger']): CallContextV1 {
  return {
    requestId: exchange.requestId,
    publicModel: route.publicId,
    upstreamModel: route.upstreamModel,
    warn: (warning) => logger.warn({ requestId: exchange.requestId, warning }, 'translation warning'),
  };
}

/**
 * Calls the upstream and returns its successful answer, or throws the error the client gets. A
 * loop of one attempt for now: retries and fallbacks (on the error's kind, to the route's other
 * deployments or models) belong here, each try recorded on the exchange.
 */
async function attemptUpstream(exchange: Exchange, plan: ExchangePlan, route: ModelRoute, dependencies: PipelineDependencies): Promise<UpstreamReply> {
  const attempt: ExchangeAttempt = { provider: route.instance.id, upstreamModel: route.upstreamModel, startedAt: process.hrtime.bigint() };
  exchange.attempts.push(attempt);
  try {
    const upstream = await callUpstream(dependencies.transport, plan.upstreamRequest, exchange.clientSignal, (failure) => plan.toGatewayError(failure));
    attempt.status = upstream.status;
    return upstream;
  } catch (error) {
    if (GatewayError.isInstance(error)) attempt.errorKind = error.kind;
    throw error;
  }
}

/** A whole answer: its record is made durable (observers) before the client gets it. */
async function answerClient(exchange: Exchange, plan: ExchangePlan, upstream: UpstreamReply, reply: ClientReply): Promise<void> {
  const { text, parsed } = await readUpstreamJson(upstream, plan.upstreamRequest.url);
  const answer = plan.answer(text, parsed);
  exchange.usage = answer.usage;
  exchange.stage = 'responding';
  exchange.answerComplete(200, answer.body);
  reply.sendJson(200, answer.body);
}

/**
 * A stream: answered 200 at once and relayed as the upstream sends it. The relay marks the
 * answer complete just before its last write, and the exchange learns how it ended.
 */
function relayToClient(exchange: Exchange, plan: ExchangePlan, upstream: UpstreamReply, reply: ClientReply, dependencies: PipelineDependencies): void {
  const output = reply.openEventStream();
  exchange.stage = 'streaming';
  const relayed = plan.relay({
    upstream: upstream.body,
    upstreamUrl: plan.upstreamRequest.url,
    output,
    clientGone: () => exchange.clientSignal.aborted,
    maxEventBytes: upstream.limits.maxEventBytes,
    keepAliveIntervalMs: dependencies.keepAliveIntervalMs,
    exchange,
    beforeEnd: () => exchange.answerComplete(200),
  });
  exchange.streamSettled = relayed.then((outcome) => {
    exchange.streamOutcome = outcome.kind;
    if (outcome.kind !== 'failed') return;
    exchange.errorCode = outcome.error.code;
    // A bug (not an upstream failure) after the answer started: the client got an error event.
    if (outcome.error.code === 'internal_error') {
      dependencies.logger.error({ err: outcome.error.cause ?? outcome.error, requestId: exchange.requestId }, 'request failed after the response started');
    }
  });
}
