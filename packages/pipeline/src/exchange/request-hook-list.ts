import type { AdmissionTarget } from '../pipeline/admission-target.js';
import { isLocalAnswerResult, type AnswerHeaders, type BeforeUpstreamResult, type RequestHooks, type StreamTap, type UpstreamDecision, type UpstreamIntent, type WholeAnswerToWrite } from './request-hooks.js';
import type { ExchangeAttempt } from './exchange-attempt.js';
import type { RequestEnding } from './request-ending.js';
import type { StreamedPiece } from './streamed-output.js';

/**
 * One request's hooks, one set per extension in the extensions' list order, and the fan-out of
 * each named point to them. Owned by the exchange: only its methods call these.
 */
export class RequestHookList {
  constructor(private readonly hooks: readonly RequestHooks[]) {}

  /** Each `admit` in turn (a refusal stops the rest); their headers merged. No promise when none needs I/O. */
  admit(target: AdmissionTarget, from = 0, headers: Record<string, string> = {}): AnswerHeaders | Promise<AnswerHeaders> {
    for (let index = from; index < this.hooks.length; index++) {
      const admitted = this.hooks[index]!.admit?.(target);
      if (admitted instanceof Promise) return admitted.then((added) => this.admit(target, index + 1, Object.assign(headers, added)));
      Object.assign(headers, admitted);
    }
    return headers;
  }

  /** Each `beforeUpstream` in turn until one answers (or throws), their headers merged. No promise when none needs I/O. */
  beforeUpstream(intent: UpstreamIntent, from = 0, headers: Record<string, string> = {}): UpstreamDecision | Promise<UpstreamDecision> {
    const decide = (result: BeforeUpstreamResult | void): UpstreamDecision | undefined => {
      if (!result) return undefined;
      Object.assign(headers, result.headers);
      return isLocalAnswerResult(result) ? { answer: result, headers } : undefined;
    };
    for (let index = from; index < this.hooks.length; index++) {
      const result = this.hooks[index]!.beforeUpstream?.(intent);
      if (result instanceof Promise) return result.then((found) => decide(found) ?? this.beforeUpstream(intent, index + 1, headers));
      const decided = decide(result);
      if (decided) return decided;
    }
    return { headers };
  }

  attemptStarted(attempt: ExchangeAttempt): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const hooks of this.hooks) Object.assign(headers, hooks.attemptStarted?.(attempt));
    return headers;
  }

  attemptEnded(attempt: ExchangeAttempt): void {
    for (const hooks of this.hooks) hooks.attemptEnded?.(attempt);
  }

  /** A whole answer passes each `afterAnswer` in turn, each seeing the last one's body: the body to write. */
  afterWholeAnswer(answer: WholeAnswerToWrite): string | object {
    let current = answer;
    for (const hooks of this.hooks) {
      const rewrite = hooks.afterAnswer?.(current);
      if (rewrite && 'body' in rewrite) current = { ...current, body: rewrite.body };
    }
    return current.body;
  }

  /** A stream's taps from each `afterAnswer`, applied in list order (a dropped event goes no further). */
  streamTap(): StreamTap | undefined {
    const taps: StreamTap[] = [];
    for (const hooks of this.hooks) {
      const rewrite = hooks.afterAnswer?.({ stream: true });
      if (rewrite && 'tap' in rewrite) taps.push(rewrite.tap);
    }
    if (taps.length <= 1) return taps[0];
    return { event: (text) => taps.reduce((written, tap) => (written === '' ? written : tap.event(written)), text) };
  }

  streamChunk(piece: StreamedPiece): void {
    for (const hooks of this.hooks) hooks.streamChunk?.(piece);
  }

  answerComplete(status: number, answer?: unknown): void {
    for (const hooks of this.hooks) hooks.answerComplete?.(status, answer);
  }

  closed(ending: Promise<RequestEnding>): void {
    for (const hooks of this.hooks) hooks.closed?.(ending);
  }
}
