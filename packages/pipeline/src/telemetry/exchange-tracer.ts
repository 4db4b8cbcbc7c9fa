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
import type { Exchange, ExchangeAttempt } from '../exchange/exchange.js';
import type { StreamedPiece } from '../exchange/streamed-output.js';
import type { PipelineExtension, RequestHooks } from '../pipeline/pipeline-extension.js';
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

/**
 * Traces model requests as a pipeline extension: one server span per request (a child of the
 * client's `traceparent` when it sent one) and one client span per upstream attempt, whose context
 * goes upstream in the attempt's own `traceparent`. Spans carry the GenAI semantic conventions;
 * prompts and answers only when `captureContent` is on.
 */
export class ExchangeTracer implements PipelineExtension {
  readonly id = 'tracing';

  constructor(private readonly options: ExchangeTracingOptions) {}

  open(exchange: Exchange): RequestTrace {
    return new RequestTrace(exchange, this.options);
  }
}

/** One request's spans, and what its answer told (a whole answer read, a stream's text when content is captured). */
export class RequestTrace implements RequestHooks {
  private readonly span: Span;
  /** The request span's context: the parent of its attempts. */
  private readonly context: Context;
  private readonly attemptSpans = new Map<ExchangeAttempt, Span>();
  private answer?: AnswerForTrace;
  private readonly streamedText: string[] = [];

  constructor(
    private readonly exchange: Exchange,
    private readonly options: ExchangeTracingOptions,
  ) {
    const parent = options.propagator.extract(ROOT_CONTEXT, exchange.incomingHeaders, defaultTextMapGetter);
    this.span = options.tracer.startSpan(
      genAiOperationName(exchange.endpoint),
      { kind: SpanKind.SERVER, attributes: { [GEN_AI.operationName]: genAiOperationName(exchange.endpoint), 'modelgate.endpoint': exchange.endpoint, 'modelgate.request_id': exchange.requestId, 'modelgate.key.id': exchange.key.id } },
      parent,
    );
    this.context = trace.setSpan(parent, this.span);
  }

  /** An event on the request's span, for what the host's own capabilities decide (a guardrail acting). */
  addEvent(name: string, attributes: Attributes): void {
    this.span.addEvent(name, attributes);
  }

  attemptStarted(attempt: ExchangeAttempt): Record<string, string> {
    const { exchange } = this;
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
      this.context,
    );
    this.attemptSpans.set(attempt, span);
    const headers: Record<string, string> = {};
    this.options.propagator.inject(trace.setSpan(this.context, span), headers, defaultTextMapSetter);
    return headers;
  }

  attemptEnded(attempt: ExchangeAttempt): void {
    const span = this.attemptSpans.get(attempt);
    if (!span) return;
    this.attemptSpans.delete(attempt);
    if (attempt.status !== undefined) span.setAttribute('http.response.status_code', attempt.status);
    if (attempt.errorKind) {
      span.setAttributes({ 'error.type': attempt.errorKind, 'modelgate.error_code': attempt.errorCode ?? '', 'modelgate.cooldown_started': attempt.startedCooldown ?? false });
      span.setStatus({ code: SpanStatusCode.ERROR, message: attempt.errorCode ?? attempt.errorKind });
    }
    span.end();
  }

  streamChunk(piece: StreamedPiece): void {
    if (this.options.captureContent && piece.text) this.streamedText.push(piece.text);
  }

  answerComplete(_status: number, answer?: unknown): void {
    if (answer !== undefined) this.answer = readAnswerForTrace(answer);
  }

  closed(ending: Promise<RequestEnding>): void {
    void ending.then(
      (ended) => this.finish(ended),
      () => this.span.end(),
    );
  }

  private finish(ending: RequestEnding): void {
    const { exchange, span, answer } = this;
    const model = exchange.servedBy?.route.publicId ?? exchange.model;
    if (exchange.model) span.updateName(`${genAiOperationName(exchange.endpoint)} ${exchange.model}`);
    span.setAttributes(endingAttributes(exchange, ending, answer));
    if (model && exchange.servedBy) span.setAttribute('modelgate.served_model', model);
    if (this.options.captureContent) span.setAttributes(contentAttributes(exchange, answer, this.streamedText));
    if (ending.outcome !== 'completed' || ending.status >= 500) {
      if (exchange.errorKind) span.setAttribute('error.type', exchange.errorKind);
      if (ending.status >= 500 || ending.outcome === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: exchange.errorCode ?? ending.outcome });
    }
    span.end();
  }
}

function endingAttributes(exchange: Exchange, ending: RequestEnding, answer: AnswerForTrace | undefined): Attributes {
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

/** The prompt and the answer (a whole one's output, or a chat stream's text), bounded. */
function contentAttributes(exchange: Exchange, answer: AnswerForTrace | undefined, streamedText: readonly string[]): Attributes {
  const body = (exchange.requestBody ?? {}) as { messages?: unknown; input?: unknown; instructions?: unknown };
  const input = body.messages ?? { instructions: body.instructions, input: body.input };
  const output = answer?.output ?? (streamedText.length ? [{ role: 'assistant', content: streamedText.join('') }] : undefined);
  const attributes: Attributes = {};
  if (exchange.requestBody !== undefined) attributes[GEN_AI.inputMessages] = bounded(input);
  if (output !== undefined) attributes[GEN_AI.outputMessages] = bounded(output);
  return attributes;
}

function bounded(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > MAX_CONTENT_CHARACTERS ? `${text.slice(0, MAX_CONTENT_CHARACTERS)}…` : text;
}
