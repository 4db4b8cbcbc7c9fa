import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayError, gatewayErrorKindOf } from '@modelgate/core';
import type { Exchange } from '../exchange/exchange.js';
import { isLocalAnswer, type ExchangePlan, type FrontOperation, type WholeAnswer } from '../fronts/front-door.js';
import { DeploymentBook } from '../routing/deployment-book.js';
import type { Deployment, ModelRoute } from '../routing/model-router.js';
import { orderDeployments } from '../routing/order-deployments.js';
import { resolveModelForKey } from '../scope/key-scope.js';
import { decodeUpstreamStream } from '../transport/decode-upstream-stream.js';
import { readUpstreamText } from '../transport/read-upstream-text.js';
import type { UpstreamReply } from '../transport/upstream-transport.js';
import { replaceTopLevelString } from '../http/replace-top-level-string.js';
import { spliceTopLevelMembers } from '../http/splice-top-level-members.js';
import { callUpstream } from './call-upstream.js';
import { createCallContext, frontPolicyFor, routeOnDeployment } from './call-context.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry-policy.js';
import type { RequestDependencies } from './pipeline-dependencies.js';

/** A successful attempt: who answered, with what plan, and the answer (a whole body already read, or a stream to relay). */
export interface ServedAttempt {
  readonly route: ModelRoute;
  readonly deployment: Deployment;
  readonly plan: ExchangePlan;
  readonly reply: UpstreamReply;
  /**
   * A non-streamed answer, read and turned into the client's within the attempt (so a connection
   * lost while reading it, or an answer the plan cannot read, is this attempt's failure).
   */
  readonly whole?: WholeAnswer;
  /** Call once the answer has been relayed (the deployment's in-flight count). */
  readonly release: () => void;
}

export interface AttemptInput {
  readonly exchange: Exchange;
  readonly operation: FrontOperation;
  readonly body: { model: string };
  /** The client's JSON text, when the host kept it (see sendAsSent). */
  readonly bodyText?: string;
  /** The requested model and its plan on its first deployment (translated before admission). */
  readonly route: ModelRoute;
  readonly plan: ExchangePlan;
  /**
   * Starts relaying a streamed answer; resolves once the client's answer has started, rejects when
   * the stream failed before (the attempt then failed, and may be retried).
   */
  readonly startStream: (served: ServedAttempt) => Promise<void>;
}

const NANOSECONDS_PER_MILLISECOND = 1_000_000n;

function noDeploymentAvailable(route: ModelRoute): GatewayError {
  return new GatewayError({
    status: 503,
    kind: 'overloaded',
    type: 'server_error',
    code: 'no_deployment_available',
    message: `Every deployment of '${route.publicId}' is cooling down after repeated failures; try again shortly.`,
  });
}

function asGatewayError(error: unknown): GatewayError | undefined {
  return GatewayError.isInstance(error) ? error : undefined;
}

/**
 * The attempt loop: the requested model's deployments in the order its strategy gives (those
 * cooling down left out), retried on the kinds the policy names within its count and time budget
 * (another deployment at once, the same one after a backoff that honours `retry-after`), then each
 * fallback whose kinds include the last error's, while the client is still there. Every try is
 * recorded on the exchange and in the deployments' health. Nothing has reached the client yet:
 * the first byte goes out only once an attempt has succeeded.
 */
export async function attemptUpstream(input: AttemptInput, dependencies: RequestDependencies): Promise<ServedAttempt> {
  const { exchange } = input;
  const policy = dependencies.retry ?? DEFAULT_RETRY_POLICY;
  const book = dependencies.deployments ?? new DeploymentBook();
  const deadline = Date.now() + policy.budgetMs;
  let lastError: unknown;
  for (const route of modelsToTry(input, dependencies, () => lastError)) {
    const ordered = orderDeployments(route, book);
    if (ordered.length === 0) lastError = noDeploymentAvailable(route);
    const cooldowns = route.deployments.length > 1;
    for (let index = 0; index < policy.maxAttempts && ordered.length > 0; index++) {
      const deployment = ordered[index % ordered.length]!;
      const plan = index === 0 && route === input.route && deployment === route.deployments[0] ? ({ ok: true, plan: input.plan } as const) : translateFor(input, route, deployment, dependencies);
      if (!plan.ok) {
        lastError = plan.error;
        continue;
      }
      try {
        return await tryDeployment(exchange, { route, deployment, plan: plan.plan, cooldowns }, book, dependencies, input);
      } catch (error) {
        lastError = error;
        const failure = asGatewayError(error);
        if (!failure) throw error;
        if (exchange.clientSignal.aborted || !policy.retryOn.includes(gatewayErrorKindOf(failure)) || index + 1 >= policy.maxAttempts) break;
        const next = ordered[(index + 1) % ordered.length]!;
        const delay = retryDelayMs(policy, index + 1, failure, next === deployment);
        if (delay === undefined || Date.now() + delay > deadline) break;
        if (delay > 0) await sleep(delay, undefined, { signal: exchange.clientSignal }).catch(() => undefined);
      }
    }
    if (exchange.clientSignal.aborted) break;
  }
  throw lastError;
}

/**
 * The requested model, then its fallbacks one by one, each only when the last error's kind is one
 * it takes over from and the key may use it (its 404 would hide the real failure otherwise).
 */
function* modelsToTry(input: AttemptInput, dependencies: RequestDependencies, lastError: () => unknown): Generator<ModelRoute> {
  yield input.route;
  for (const fallback of input.route.fallbacks) {
    const failure = asGatewayError(lastError());
    if (!failure) return;
    const kind = gatewayErrorKindOf(failure);
    if (fallback.on && !fallback.on.includes(kind)) continue;
    let route: ModelRoute;
    try {
      route = resolveModelForKey(dependencies.models, input.exchange.key, fallback.model);
    } catch {
      continue;
    }
    yield route;
  }
}

type PlanResult = { readonly ok: true; readonly plan: ExchangePlan } | { readonly ok: false; readonly error: unknown };

/** The request translated for another deployment (maybe another family); one that cannot take it is skipped. */
function translateFor(input: AttemptInput, route: ModelRoute, deployment: Deployment, dependencies: RequestDependencies): PlanResult {
  try {
    const onDeployment = routeOnDeployment(route, deployment);
    const call = createCallContext(input.exchange, onDeployment, deployment, dependencies.logger, input.operation.relayedRequestHeaders);
    const plan = input.operation.translate(onDeployment, input.body, call, frontPolicyFor(input.exchange.key, dependencies));
    // A model the gateway would answer itself takes no part in the attempts: the request already went upstream.
    if (isLocalAnswer(plan)) return { ok: false, error: new Error(`'${route.publicId}' answers ${input.operation.path} locally`) };
    return { ok: true, plan };
  } catch (error) {
    return { ok: false, error };
  }
}

/** One try: where it goes, with which plan, and whether failures there may start a cooldown. */
interface AttemptTarget {
  readonly route: ModelRoute;
  readonly deployment: Deployment;
  readonly plan: ExchangePlan;
  readonly cooldowns: boolean;
}

async function tryDeployment(
  exchange: Exchange,
  target: AttemptTarget,
  book: DeploymentBook,
  dependencies: RequestDependencies,
  input: AttemptInput,
): Promise<ServedAttempt> {
  const { route, deployment, plan } = target;
  const { attempt, upstreamHeaders } = exchange.attemptStarted({
    model: route.publicId,
    deployment: deployment.id,
    provider: deployment.instance.id,
    family: deployment.instance.family,
    upstreamModel: deployment.upstreamModel,
  });
  const upstreamRequest = {
    ...plan.upstreamRequest,
    headers: { ...plan.upstreamRequest.headers, ...upstreamHeaders },
    body: sendAsSent(plan.upstreamRequest.body, input.body, input.bodyText),
  };
  const release = book.begin(deployment.id);
  try {
    const { signer, streamDecoder } = deployment.instance.provider;
    const sent = await callUpstream(dependencies.transport, upstreamRequest, exchange.clientSignal, (failure) => plan.toGatewayError(failure), signer);
    const reply = decodeUpstreamStream(sent, upstreamRequest.stream, streamDecoder);
    exchange.attemptReplied(attempt, reply.status);
    const timeToFirstByteMs = Number((process.hrtime.bigint() - attempt.startedAt) / NANOSECONDS_PER_MILLISECOND);
    const whole = upstreamRequest.stream ? undefined : plan.answer(await readUpstreamText(reply, upstreamRequest.url));
    const served: ServedAttempt = { route, deployment, plan, reply, whole, release };
    // A stream counts as answered once its content reaches the client (an error before that is this attempt's).
    if (!whole) await input.startStream(served);
    book.succeeded(deployment.id, timeToFirstByteMs);
    exchange.attemptEnded(attempt);
    return served;
  } catch (error) {
    release();
    const failure = asGatewayError(error);
    const startedCooldown = failure ? book.failed(deployment.id, gatewayErrorKindOf(failure), target.cooldowns) : undefined;
    exchange.attemptEnded(attempt, { error, startedCooldown });
    throw error;
  }
}

/** Top-level members a pass-through may set on the client's body and still send its bytes: the upstream's model, the usage a stream is asked for. */
const SPLICED_MEMBERS: ReadonlySet<string> = new Set(['model', 'stream_options']);

/**
 * A pass-through body (the client's own, with only `model` replaced and perhaps `stream_options`
 * set: every other top-level value the very same object) goes upstream as the client's bytes with
 * those members spliced in, so nothing a JSON round trip would change (integers past 2^53, escapes,
 * key order, spacing) is changed. Anything else a translator built is sent as it is.
 */
function sendAsSent(upstreamBody: unknown, clientBody: object, clientText: string | undefined): unknown {
  if (clientText === undefined || typeof upstreamBody !== 'object' || upstreamBody === null) return upstreamBody;
  const sent = upstreamBody as Record<string, unknown>;
  const client = clientBody as Record<string, unknown>;
  if (typeof sent.model !== 'string') return upstreamBody;
  const changed: Record<string, unknown> = {};
  let kept = 0;
  for (const key of Object.keys(sent)) {
    if (Object.hasOwn(client, key) && sent[key] === client[key]) kept++;
    else if (SPLICED_MEMBERS.has(key)) changed[key] = sent[key];
    else return upstreamBody;
  }
  // A member the translator dropped (or renamed) cannot be spliced away.
  if (kept + Object.keys(changed).filter((key) => Object.hasOwn(client, key)).length !== Object.keys(client).length) return upstreamBody;
  if (Object.keys(changed).length === 1 && 'model' in changed) return replaceTopLevelString(clientText, 'model', sent.model) ?? upstreamBody;
  return spliceTopLevelMembers(clientText, changed) ?? upstreamBody;
}
