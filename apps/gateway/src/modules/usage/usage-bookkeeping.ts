import type { AdmissionTarget, Exchange, RequestEnding } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { UsageRecord } from '../../usage/usage-record.js';
import type { UsageRecorder } from '../../usage/usage-recorder.js';
import type { GatewayRequestHooks, RequestAnnouncements } from '../gateway-module.js';
import type { GuardrailDecision } from '../guardrails/guardrail-decision.js';
import { refusalRecordOf, usageRecordOf } from './usage-record-of.js';

/** What every request's bookkeeping shares. */
export interface UsageBooks {
  readonly recorder: UsageRecorder;
  readonly logger: Logger;
  /** Records waiting for their request's ending (the module's `close` waits for them). */
  readonly settling: Set<Promise<void>>;
}

/**
 * One usage record per model request, announced to the other modules (metrics count it, limits
 * charge it). A completed answer's is queued, and spooled, before its last byte is written; any
 * other's once the response has closed and its stream, if any, has settled. A request that was
 * authenticated but never admitted (bad body, unknown model, out of scope, over a limit, or left by
 * its client) still leaves a record with no tokens.
 */
export class UsageBookkeeping implements GatewayRequestHooks {
  /** Set once admitted: what the record's model, price and estimate come from. */
  private target?: AdmissionTarget;
  private record?: UsageRecord;
  private readonly guardrails: GuardrailDecision[] = [];

  constructor(
    private readonly exchange: Exchange,
    private readonly books: UsageBooks,
    private readonly announce: Pick<RequestAnnouncements, 'usageRecorded'> | undefined,
  ) {}

  /** Admitted (the limits come first in the module list): nothing to refuse here. */
  admit(target: AdmissionTarget): void {
    this.target = target;
  }

  /** The answer is complete: its record is queued now, so that with a spool it is on disk before the client has the answer. */
  answerComplete(status: number, answer?: unknown): void {
    if (!this.target || this.record || this.exchange.connectionClosed) return;
    this.write(usageRecordOf(this.exchange, this.target, { status, outcome: status < 400 ? 'completed' : 'failed', stage: this.exchange.stage ?? 'responding' }, answer, this.books.logger));
  }

  /** The response has closed: the record, unless the answer's was written, once the ending is known; never throws. */
  closed(ending: Promise<RequestEnding>): void {
    const { settling, logger } = this.books;
    const done = ending
      .then((ended) => {
        if (this.record) return;
        this.write(this.target ? usageRecordOf(this.exchange, this.target, ended, undefined, logger) : refusalRecordOf(this.exchange, ended));
      })
      .catch((error: unknown) => logger.error({ err: error, requestId: this.exchange.requestId }, 'settling a request failed'))
      .finally(() => settling.delete(done));
    settling.add(done);
  }

  /** A guardrail acted (announced by the guardrails module): listed in the record. */
  guardrailActed(decision: GuardrailDecision): void {
    this.guardrails.push(decision);
  }

  private write(made: UsageRecord): void {
    const record = this.guardrails.length > 0 ? { ...made, guardrails: this.guardrails } : made;
    this.record = record;
    this.books.recorder.record(record);
    this.announce?.usageRecorded(record);
  }
}
