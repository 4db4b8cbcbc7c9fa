import { GatewayError } from '@modelgate/core';
import type { Exchange } from '../exchange/exchange.js';
import { isLocalAnswer, type ExchangePlan, type FrontOperation, type WholeAnswer } from '../fronts/front-door.js';
import type { ModelRoute, ModelRouter } from '../routing/model-router.js';
import type { JsonBody } from '../http/read-json-body.js';
import { HoldingOutput } from '../streaming/holding-output.js';
import { assertEndpointAllowed, resolveModelForKey } from '../scope/key-scope.js';
import type { TokenEstimate } from '../fronts/shared/estimate-tokens.js';
import type { AdmissionTarget } from './admission-target.js';
import { attemptUpstream, type ServedAttempt } from './attempt-upstream.js';
import { createCallContext, frontPolicyFor } from './call-context.js';
import type { ClientReply } from './client-reply.js';
import type { LocalAnswer, WholeLocalAnswer } from './pipeline-extension.js';
import type { RequestTarget } from './model-request-host.js';
import type { RequestDependencies } from './pipeline-dependencies.js';
import { upstreamHeadersForClient } from './relay-upstream-headers.js';
import { streamLocalAnswer } from './stream-local-answer.js';
import { assertOwnsNamedState, pinnedToStateOwner } from './vendor-state-owners.js';

export interface ModelRequest {
  readonly exchange: Exchange;
  readonly operation: FrontOperation;
  /** The request's path and query string. */
  readonly target: RequestTarget;
  /** Reads the request body (the host's size, encoding and depth limits apply). */
  readonly readBody: () => Promise<JsonBody>;
  readonly reply: ClientReply;
}

/**
 * The one path of every model request, whatever its front, and the named points where extensions
 * take part, in this order:
 *
 *   scope → body → resolve the model → translate → admit → beforeUpstream → attempt the upstream
 *   → afterAnswer → answer or relay
 *
 * and settle, which extensions do when the connection closes. The endpoint scope is checked before
 * the body is read (it needs only the key, and a key without the endpoint learns nothing about
 * models); the model scope when the model resolves (404, like an unknown model); budgets and limits
 * after translation, so that a request the gateway cannot translate takes none of them. Errors are
 * thrown as GatewayErrors; serveModelRequest renders them in the front's envelope.
 */
export async function runModelRequest(request: ModelRequest, dependencies: RequestDependencies): Promise<void> {
  const { exchange, operation, reply } = request;
  assertEndpointAllowed(exchange.key, operation.endpoint);
  const { value, text } = await request.readBody();
  const body = operation.validate(value, request.target);
  exchange.bodyRead(body);

  const route = await resolveRoute(exchange, body, dependencies);
  const plan = translateForRoute(exchange, operation, route, body, dependencies);
  const stream = !isLocalAnswer(plan) && plan.upstreamRequest.stream;
  exchange.planned({ stream });

  const admitted = exchange.admit(new RouteAdmissionTarget(operation, route, body, dependencies.models));
  reply.setHeaders(admitted instanceof Promise ? await admitted : admitted);
  if (isLocalAnswer(plan)) return answerClient(exchange, plan.localAnswer, reply);
  const before = exchange.beforeUpstream({ endpoint: operation.endpoint, route, body, stream });
  const decided = before instanceof Promise ? await before : before;
  setHeadersIfAny(reply, decided.headers);
  if (decided.answer) return answerLocally(exchange, decided.answer, reply);

  const revised = decided.revisedBody ? revisedPlan(exchange, operation, route, decided.revisedBody, request.target, dependencies) : undefined;
  const served = await attemptUpstream(
    {
      exchange,
      operation,
      body: revised?.body ?? body,
      // A revised body is sent as the gateway serialises it, never as the client wrote it.
      bodyText: revised ? undefined : text,
      route,
      plan: revised?.plan ?? plan,
      startStream: (attempt) => relayToClient(exchange, attempt, reply, dependencies),
    },
    dependencies,
  );
  if (served.whole) answerFromUpstream(exchange, served, served.whole, reply);
}

/** The request translated by its front for the route's first deployment, under the key's policy. */
function translateForRoute(exchange: Exchange, operation: FrontOperation, route: ModelRoute, body: { model: string }, dependencies: RequestDependencies) {
  const call = createCallContext(exchange, route, route.deployments[0]!, dependencies.logger, operation.relayedRequestHeaders);
  return operation.translate(route, body, call, frontPolicyFor(exchange.key, dependencies));
}

/** The request translated again from the body an extension revised (a redaction), for its first deployment. */
function revisedPlan(
  exchange: Exchange,
  operation: FrontOperation,
  route: ModelRoute,
  revisedBody: { model: string },
  target: RequestTarget,
  dependencies: RequestDependencies,
): { body: { model: string }; plan: ExchangePlan } {
  const body = operation.validate(revisedBody, target);
  const plan = translateForRoute(exchange, operation, route, body, dependencies);
  if (isLocalAnswer(plan)) throw new Error(`'${route.publicId}' answers ${operation.path} locally, yet its request went on to the upstream`);
  return { body, plan };
}

/** The requested model as the key may use it, pinned to the provider instance that owns the vendor state the body names. */
async function resolveRoute(exchange: Exchange, body: { model: string }, dependencies: RequestDependencies): Promise<ModelRoute> {
  const resolved = resolveModelForKey(dependencies.models, exchange.key, body.model);
  exchange.routeChosen(resolved);
  if (!dependencies.stateOwners) return resolved;
  const route = pinnedToStateOwner(resolved, await assertOwnsNamedState(dependencies.stateOwners, exchange.key.id, body));
  exchange.routeChosen(route);
  return route;
}

/**
 * What admission decides on. The token estimate serialises the prompt, so it is made only when
 * asked for (a key with token or request limits, or a record whose upstream sent no usage), once;
 * what cannot be priced, only for a key with a budget.
 */
class RouteAdmissionTarget implements AdmissionTarget {
  readonly endpoint: string;
  readonly model: string;
  readonly family: string;
  readonly pricing: AdmissionTarget['pricing'];
  private made: TokenEstimate | undefined;

  constructor(
    private readonly operation: FrontOperation,
    private readonly route: ModelRoute,
    private readonly body: { model: string },
    private readonly models: ModelRouter,
  ) {
    this.endpoint = operation.endpoint;
    this.model = route.publicId;
    this.family = route.instance.family;
    this.pricing = route.pricing;
  }

  get estimate(): TokenEstimate {
    return (this.made ??= this.operation.estimateTokens(this.body, this.route.card?.maxOutputTokens));
  }

  get unpriced(): string | undefined {
    if (!this.operation.unbilled) {
      const unpriced = unpricedDeployment(this.route, this.models);
      if (unpriced) return `the model '${unpriced.model}' (deployment '${unpriced.deployment}') has no price in this gateway`;
    }
    return this.operation.unpricedPart?.(this.body, this.pricing);
  }
}

/**
 * The first deployment without a price that may serve a route: its own, then its fallbacks' (a
 * fallback the key may not use is never tried, but is checked all the same).
 */
function unpricedDeployment(route: ModelRoute, models: ModelRouter): { model: string; deployment: string } | undefined {
  for (const candidate of [route, ...route.fallbacks.map((fallback) => models.resolve(fallback.model))]) {
    const deployment = candidate?.deployments.find((served) => served.pricing === undefined);
    if (deployment) return { model: candidate!.publicId, deployment: deployment.id };
  }
  return undefined;
}

/** Who answered, on every upstream answer: the upstream's own useful headers and the gateway's. */
function answerHeaders(exchange: Exchange, served: ServedAttempt): Record<string, string> {
  exchange.servedFrom({ route: served.route, deployment: served.deployment });
  return {
    ...upstreamHeadersForClient(served.reply.headers, served.deployment.instance.provider.relayedResponseHeaders ?? []),
    'x-modelgate-model': served.route.publicId,
    'x-modelgate-deployment': served.deployment.id,
    'x-modelgate-attempts': String(exchange.attempts.length),
  };
}

function answerFromUpstream(exchange: Exchange, served: ServedAttempt, answer: WholeAnswer, reply: ClientReply): void {
  served.release();
  reply.setHeaders(answerHeaders(exchange, served));
  answerClient(exchange, answer, reply);
}

/** An extension's answer (a cache hit), whole or as a stream in the front's shape. */
function answerLocally(exchange: Exchange, answer: LocalAnswer, reply: ClientReply): void {
  exchange.answeredLocally(answer);
  if ('events' in answer) streamLocalAnswer(exchange, answer, reply);
  else answerClient(exchange, answer, reply);
}

/**
 * A whole answer (the upstream's, or one the gateway or an extension gave itself): extensions may
 * rewrite its body, then its record is made durable before the client gets it.
 */
function answerClient(exchange: Exchange, answer: WholeAnswer | WholeLocalAnswer, reply: ClientReply): void {
  const { body, headers } = exchange.afterAnswer({ stream: false, status: 200, body: answer.body, usage: answer.usage });
  setHeadersIfAny(reply, headers);
  exchange.answered(200, body, answer);
  reply.sendJson(200, body);
}

/**
 * A stream, relayed as the upstream sends it. It resolves once the client's answer has started
 * (status 200 and headers sent): at once, or, for a plan that holds it, at its first content. It
 * rejects when the stream failed before that: nothing reached the client, so the attempt loop may
 * retry, or the client get the error's own status. The relay marks the answer complete just
 * before its last write, and the exchange learns how the stream ended.
 */
function relayToClient(exchange: Exchange, served: ServedAttempt, reply: ClientReply, dependencies: RequestDependencies): Promise<void> {
  return new Promise((resolve, reject) => {
    const tap = exchange.streamTap();
    const output = new HoldingOutput(() => {
      exchange.streamStarted();
      reply.setHeaders(answerHeaders(exchange, served));
      const opened = reply.openEventStream(served.plan.streamHeaders);
      resolve();
      return opened;
    });
    if (!served.plan.holdsAnswer) output.release();
    const relayed = served.plan.relay({
      upstream: served.reply.body,
      upstreamUrl: served.plan.upstreamRequest.url,
      output,
      clientGone: () => exchange.clientSignal.aborted,
      maxEventBytes: served.reply.limits.maxEventBytes,
      idleTimeoutMs: served.reply.limits.streamIdleTimeoutMs,
      keepAliveIntervalMs: dependencies.keepAliveIntervalMs,
      exchange,
      tap,
      beforeEnd: () => exchange.streamComplete(),
      startAnswer: () => output.release(),
    });
    const settled = relayed.then((outcome) => {
      served.release();
      if (!output.released) {
        // Over before the answer started: nothing was written, and this attempt failed.
        if (outcome.kind === 'failed' && outcome.error.code === 'internal_error') {
          dependencies.logger.error({ err: outcome.error.cause ?? outcome.error, requestId: exchange.requestId }, 'request failed while relaying the stream, before the answer started');
        }
        reject(outcome.kind === 'failed' ? outcome.error : clientLeftBeforeAnswer());
        return;
      }
      exchange.streamSettled(outcome);
      if (outcome.kind !== 'failed') return;
      // A bug (not an upstream failure) after the answer started: the client got an error event.
      if (outcome.error.code === 'internal_error') {
        dependencies.logger.error({ err: outcome.error.cause ?? outcome.error, requestId: exchange.requestId }, 'request failed after the response started');
      }
    });
    exchange.relaying(settled);
  });
}

/** Headers extensions added at a later point (a guardrail's verdict); most requests have none. */
function setHeadersIfAny(reply: ClientReply, headers: Readonly<Record<string, string>>): void {
  if (Object.keys(headers).length > 0) reply.setHeaders(headers);
}

function clientLeftBeforeAnswer(): GatewayError {
  return new GatewayError({ status: 499, code: 'client_closed_request', message: 'The client closed the connection before the answer started.' });
}
