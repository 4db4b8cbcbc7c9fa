import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapPropagator,
  type Tracer,
} from '@opentelemetry/api';
import type { ExchangeObserver } from '../exchange/exchange-observer.js';
import type { Exchange, ExchangeAttempt } from '../exchange/exchange.js';
import type { RequestEnding } from '../exchange/request-ending.js';
import { GEN_AI, genAiOperationName, genAiProviderName, requestParameterAttributes } from './gen-ai-attributes.js';
import { readAnswerForTrace, type AnswerForTrace } from './read-answer-for-trace.js';

export interface ExchangeTracingOptions {
  /** From the host's tracer provider (the gateway's SDK); the pipeline knows only the API. */
  readonly tracer: Tracer;
  /** Reads the client's trace context and writes each attempt's upstream (W3C `traceparent`). */
  readonly propagator: TextMapPropagator;
  /** Record prompts and answers on the request span (`gen_ai.input.messages`, `gen_ai.output.messages`); off by default. */
  readonly captureContent?: boolean;
}

/** Longest prompt or answer recorded on a span, in characters. */
const MAX_CONTENT_CHARACTERS = 65_536;

interface RequestTrace {
  readonly span: Span;
  /** The request span's context: the parent of its attempts. */
  readonly context: Context;
  answer?: AnswerForTrace;
}

/**
 * Traces model requests as an observer of the exchange: one server span per request (a child of
 * the client's `traceparent` when it sent one) and one client span per upstream attempt, whose
 * context goes upstream in the attempt's own `traceparent`. Spans carry the GenAI semantic
 * conventions; prompts and answers only when `captureContent` is on.
 */
export class ExchangeTracer implements ExchangeObserver {
  private readonly requests = new WeakMap<Exchange, RequestTrace>();
  private readonly attempts = new WeakMap<ExchangeAttempt, Span>();

  constructor(private readonly options: ExchangeTracingOptions) {}

  opened(exchange: Exchange): void {
    const parent = this.options.propagator.extract(ROOT_CONTEXT, exchange.incomingHeaders, defaultTextMapGetter);
    const span = this.options.tracer.startSpan(
      genAiOperationName(exchange.endpoint),
      { kind: SpanKind.SERVER, attributes: { [GEN_AI.operationName]: genAiOperationName(exchange.endpoint), 'modelgate.endpoint': exchange.endpoint, 'modelgate.request_id': exchange.requestId, 'modelgate.key.id': exchange.key.id } },
      parent,
    );
    this.requests.set(exchange, { span, context: trace.setSpan(parent, span) });
    if (this.options.captureContent) exchange.streamedText = [];
  }

  attemptStarted(exchange: Exchange, attempt: ExchangeAttempt): Record<string, string> {
    const request = this.requests.get(exchange);
    if (!request) return {};
    const span = this.options.tracer.startSpan(
      `${genAiOperationName(exchange.endpoint)} ${attempt.upstreamModel}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [GEN_AI.operationName]: genAiOperationName(exchange.endpoint),
          [GEN_AI.providerName]: genAiProviderName(attempt.family),
          [GEN_AI.requestModel]: attempt.upstreamModel,
          ...requestParameterAttributes(exchange.requestBody),
          'modelgate.model': attempt.model,
          'modelgate.deployment': attempt.deployment,
          'modelgate.provider': attempt.provider,
          'modelgate.attempt': exchange.attempts.indexOf(attempt) + 1,
        },
      },
      request.context,
    );
    this.attempts.set(attempt, span);
    const headers: Record<string, string> = {};
    this.options.propagator.inject(trace.setSpan(request.context, span), headers, defaultTextMapSetter);
    return headers;
  }

  attemptEnded(_exchange: Exchange, attempt: ExchangeAttempt): void {
    const span = this.attempts.get(attempt);
    if (!span) return;
    if (attempt.status !== undefined) span.setAttribute('http.response.status_code', attempt.status);
    if (attempt.errorKind) {
      span.setAttributes({ 'error.type': attempt.errorKind, 'modelgate.error_code': attempt.errorCode ?? '', 'modelgate.cooldown_started': attempt.startedCooldown ?? false });
      span.setStatus({ code: SpanStatusCode.ERROR, message: attempt.errorCode ?? attempt.errorKind });
    }
    span.end();
  }

  answerComplete(exchange: Exchange, _status: number, answer?: unknown): void {
    const request = this.requests.get(exchange);
    if (request && answer !== undefined) request.answer = readAnswerForTrace(answer);
  }

  closed(exchange: Exchange, ending: Promise<RequestEnding>): void {
    const request = this.requests.get(exchange);
    if (!request) return;
    void ending.then(
      (ended) => this.finish(exchange, request, ended),
      () => request.span.end(),
    );
  }

  private finish(exchange: Exchange, request: RequestTrace, ending: RequestEnding): void {
    const { span, answer } = request;
    const model = exchange.servedBy?.route.publicId ?? exchange.model;
    if (exchange.model) span.updateName(`${genAiOperationName(exchange.endpoint)} ${exchange.model}`);
    span.setAttributes(this.endingAttributes(exchange, ending, answer));
    if (model && exchange.servedBy) span.setAttribute('modelgate.served_model', model);
    if (this.options.captureContent) span.setAttributes(contentAttributes(exchange, answer));
    if (ending.outcome !== 'completed' || ending.status >= 500) {
      if (exchange.errorKind) span.setAttribute('error.type', exchange.errorKind);
      if (ending.status >= 500 || ending.outcome === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: exchange.errorCode ?? ending.outcome });
    }
    span.end();
  }

  private endingAttributes(exchange: Exchange, ending: RequestEnding, answer: AnswerForTrace | undefined): Attributes {
    const served = exchange.servedBy;
    const finishReasons = answer?.finishReasons.length ? answer.finishReasons : exchange.finishReasons;
    const attributes: Attributes = {
      ...requestParameterAttributes(exchange.requestBody),
      'http.response.status_code': ending.status,
      'modelgate.outcome': ending.outcome,
      'modelgate.stream': exchange.stream,
      'modelgate.attempts': exchange.attempts.length,
    };
    if (exchange.model) attributes[GEN_AI.requestModel] = exchange.model;
    const family = served?.deployment.instance.family ?? exchange.route?.instance.family;
    if (family) attributes[GEN_AI.providerName] = genAiProviderName(family);
    const responseModel = answer?.model ?? exchange.responseModel ?? served?.deployment.upstreamModel;
    if (served && responseModel) attributes[GEN_AI.responseModel] = responseModel;
    if (answer?.id) attributes[GEN_AI.responseId] = answer.id;
    if (finishReasons.length > 0) attributes[GEN_AI.responseFinishReasons] = finishReasons;
    if (served) attributes['modelgate.deployment'] = served.deployment.id;
    if (typeof exchange.usage?.prompt_tokens === 'number') attributes[GEN_AI.usageInputTokens] = exchange.usage.prompt_tokens;
    if (typeof exchange.usage?.completion_tokens === 'number') attributes[GEN_AI.usageOutputTokens] = exchange.usage.completion_tokens;
    return attributes;
  }
}

/** The prompt and the answer (a whole one's output, or a chat stream's text), bounded. */
function contentAttributes(exchange: Exchange, answer: AnswerForTrace | undefined): Attributes {
  const body = (exchange.requestBody ?? {}) as { messages?: unknown; input?: unknown; instructions?: unknown };
  const input = body.messages ?? { instructions: body.instructions, input: body.input };
  const output = answer?.output ?? (exchange.streamedText?.length ? [{ role: 'assistant', content: exchange.streamedText.join('') }] : undefined);
  const attributes: Attributes = {};
  if (exchange.requestBody !== undefined) attributes[GEN_AI.inputMessages] = bounded(input);
  if (output !== undefined) attributes[GEN_AI.outputMessages] = bounded(output);
  return attributes;
}

function bounded(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > MAX_CONTENT_CHARACTERS ? `${text.slice(0, MAX_CONTENT_CHARACTERS)}…` : text;
}
