import type { AnswerRewrite, AnswerToWrite, Exchange, RequestEnding } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { GatewayRequestHooks } from '../gateway-module.js';
import { STREAM_TEXT_DELTAS } from '../guardrails/stream-text-deltas.js';
import { StreamAssembler } from './assemble-stream-text.js';
import type { CapturedExchange } from './captured-exchange.js';
import type { CaptureConfig } from './capture-config.js';
import type { CaptureStore } from './capture-store.js';
import { redactEveryString } from './redact-captured.js';

/** Text kept past the body limit so that a secret cut by the limit is still recognised before the cut. */
const REDACTION_MARGIN = 256;
const NANOSECONDS_PER_MILLISECOND = 1_000_000n;

export interface CaptureBooks {
  readonly config: CaptureConfig;
  readonly store: CaptureStore;
  readonly logger: Logger;
  /** Called after each write: retention on write, and the export sink when there is one. */
  readonly written: (capture: CapturedExchange) => Promise<void>;
  /** Captures being written (the module's `close` waits for them). */
  readonly writing: Set<Promise<void>>;
}

function parsedOrText(body: string | object): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** A body as stored: redacted, serialised, and cut at the limit (as a JSON string of its start). */
function storedBody(value: unknown, maxBytes: number): { text?: string; truncated: boolean } {
  if (value === undefined) return { truncated: false };
  const text = JSON.stringify(redactEveryString(value));
  if (Buffer.byteLength(text) <= maxBytes) return { text, truncated: false };
  return { text: JSON.stringify(Buffer.from(text).subarray(0, maxBytes).toString('utf8')), truncated: true };
}

/**
 * One request's capture, when its model or key opted in: the request body as it went upstream
 * (after the guardrails' redaction), the answer (a whole body after theirs, or the stream's text as
 * the client got it), attempts and timings; every string redacted by the recognisers again before
 * it is written, once the request has ended.
 */
export class RequestCapture implements GatewayRequestHooks {
  private answerBody?: unknown;
  private assembler?: StreamAssembler;

  constructor(
    private readonly exchange: Exchange,
    private readonly books: CaptureBooks,
  ) {}

  private selected(): boolean {
    const { models, keys } = this.books.config;
    const keyName = (this.exchange.key as { name?: string }).name;
    return (this.exchange.model !== undefined && models?.includes(this.exchange.model) === true) || (keyName !== undefined && keys?.includes(keyName) === true);
  }

  afterAnswer(answer: AnswerToWrite): AnswerRewrite | void {
    if (!this.selected()) return;
    if (!answer.stream) {
      this.answerBody = parsedOrText(answer.body);
      return;
    }
    this.assembler = new StreamAssembler(STREAM_TEXT_DELTAS[this.exchange.endpoint], this.books.config.maxBodyBytes + REDACTION_MARGIN);
    return { tap: this.assembler };
  }

  closed(ending: Promise<RequestEnding>): void {
    const { writing, logger } = this.books;
    const done = ending
      .then((ended) => (this.selected() ? this.write(ended) : undefined))
      .catch((error: unknown) => logger.error({ err: error, requestId: this.exchange.requestId }, 'writing a capture failed'))
      .finally(() => writing.delete(done));
    writing.add(done);
  }

  private async write(ended: RequestEnding): Promise<void> {
    const { exchange } = this;
    const { maxBodyBytes } = this.books.config;
    const request = storedBody(exchange.requestBody, maxBodyBytes);
    const answer = storedBody(this.assembler?.assembled() ?? this.answerBody, maxBodyBytes);
    const elapsed = (at: bigint | undefined) => (at === undefined ? undefined : Number((at - exchange.startedAt) / NANOSECONDS_PER_MILLISECOND));
    const capture: CapturedExchange = {
      id: exchange.recordId,
      requestId: exchange.requestId,
      keyId: exchange.key.id,
      model: exchange.model,
      endpoint: exchange.endpoint,
      status: ended.status,
      stream: exchange.stream,
      createdAt: Date.now(),
      durationMs: elapsed(process.hrtime.bigint()),
      firstByteMs: elapsed(exchange.firstByteAt),
      attempts: exchange.attempts.map((attempt) => ({ model: attempt.model, deployment: attempt.deployment, status: attempt.status, errorKind: attempt.errorKind })),
      truncated: request.truncated || answer.truncated || this.assembler?.truncated === true,
      sizeBytes: Buffer.byteLength(request.text ?? '') + Buffer.byteLength(answer.text ?? ''),
    };
    await this.books.store.insert(capture, request.text, answer.text);
    const stored = (text: string | undefined) => (text === undefined ? undefined : parsedOrText(text));
    await this.books.written({ ...capture, request: stored(request.text), answer: stored(answer.text) });
  }
}
