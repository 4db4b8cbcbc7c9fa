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

  /**
   * Each `beforeUpstream` in turn until one answers (or throws), each seeing the body the previous
   * ones revised; the revisions' headers merged. No promise when none needs I/O.
   */
  beforeUpstream(intent: UpstreamIntent, from = 0, decided: UpstreamDecision = { headers: {} }): UpstreamDecision | Promise<UpstreamDecision> {
    let current = decided;
    for (let index = from; index < this.hooks.length; index++) {
      const found = this.hooks[index]!.beforeUpstream?.(current.revisedBody ? { ...intent, body: current.revisedBody } : intent);
      if (found instanceof Promise) {
        const sofar = current;
        return found.then((value) => {
          const next = withDecision(sofar, value);
          return next.answer ? next : this.beforeUpstream(intent, index + 1, next);
        });
      }
      current = withDecision(current, found);
      if (current.answer) return current;
    }
    return current;
  }

  attemptStarted(attempt: ExchangeAttempt): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const hooks of this.hooks) Object.assign(headers, hooks.attemptStarted?.(attempt));
    return headers;
  }

  attemptEnded(attempt: ExchangeAttempt): void {
    for (const hooks of this.hooks) hooks.attemptEnded?.(attempt);
  }

  /** A whole answer passes each `afterAnswer` in turn, each seeing the last one's body: the body to write and the headers added. */
  afterWholeAnswer(answer: WholeAnswerToWrite): { body: string | object; headers: AnswerHeaders } {
    let current = answer;
    const headers: Record<string, string> = {};
    for (const hooks of this.hooks) {
      const rewrite = hooks.afterAnswer?.(current);
      if (!rewrite || !('body' in rewrite)) continue;
      current = { ...current, body: rewrite.body };
      Object.assign(headers, rewrite.headers);
    }
    return { body: current.body, headers };
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

/** A hook's `beforeUpstream` result added to what the earlier hooks decided. */
function withDecision(decided: UpstreamDecision, found: BeforeUpstreamResult | void): UpstreamDecision {
  if (!found) return decided;
  // A local answer keeps the headers the hooks before it gave (a cache hit's verdict is its own).
  if (isLocalAnswerResult(found)) return { ...decided, answer: found, headers: { ...decided.headers, ...found.headers } };
  return { answer: undefined, revisedBody: found.revisedBody ?? decided.revisedBody, headers: { ...decided.headers, ...found.headers } };
}
