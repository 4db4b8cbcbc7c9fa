import type { LimitDecision, LimiterHealth, LimitRequest, RateLimiter } from '../limits/rate-limiter.js';
import type { LimiterCall, LimiterReplyMessage } from './limiter-messages.js';
import { PrimaryCalls, type SendToPrimary } from './primary-calls.js';

/**
 * A worker's limiter: every call goes to the primary process, which owns the limit state
 * (`LimiterHost`), so that the workers of one gateway admit against one count. A call made after
 * the channel closed (the primary is gone) fails, and the request with it, rather than being
 * admitted unlimited.
 */
export class IpcRateLimiter implements RateLimiter {
  private readonly calls: PrimaryCalls<LimiterCall, LimiterReplyMessage>;

  constructor(send: SendToPrimary, channel: NodeJS.EventEmitter = process) {
    this.calls = new PrimaryCalls('limiter', 'modelgate:limiter', 'modelgate:limiter-reply', send, channel);
  }

  async acquire(request: LimitRequest): Promise<LimitDecision> {
    const reply = await this.calls.call({ op: 'acquire', request });
    return reply.decision!;
  }

  async reconcileTokens(keyId: string, delta: number): Promise<void> {
    await this.calls.call({ op: 'reconcileTokens', keyId, delta });
  }

  async release(keyId: string, leaseId: string): Promise<void> {
    await this.calls.call({ op: 'release', keyId, leaseId });
  }

  health(): LimiterHealth {
    return { driver: 'memory', status: 'up' };
  }

  async close(): Promise<void> {
    this.calls.close();
  }
}
