import type { LimitDecision, LimiterHealth, LimitRequest, RateLimiter } from '../limits/rate-limiter.js';
import { isLimiterReply, type LimiterCall, type LimiterReplyMessage } from './limiter-messages.js';

/** Sends a message to the primary process (`process.send` of a cluster worker). */
export type SendToPrimary = (message: unknown) => boolean;

/**
 * A worker's limiter: every call goes to the primary process, which owns the limit state
 * (`LimiterHost`), so that the workers of one gateway admit against one count. The primary answers
 * in order; a call made after the channel closed (the primary is gone) fails, and the request
 * with it, rather than being admitted unlimited.
 */
export class IpcRateLimiter implements RateLimiter {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(reply: LimiterReplyMessage): void; reject(error: Error): void }>();
  private readonly onMessage = (message: unknown) => {
    if (!isLimiterReply(message)) return;
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    waiting?.resolve(message);
  };
  private readonly onDisconnect = () => {
    for (const waiting of this.pending.values()) waiting.reject(new Error('the primary process is gone: no limiter'));
    this.pending.clear();
  };

  constructor(
    private readonly send: SendToPrimary,
    private readonly channel: NodeJS.EventEmitter = process,
  ) {
    channel.on('message', this.onMessage);
    channel.on('disconnect', this.onDisconnect);
  }

  async acquire(request: LimitRequest): Promise<LimitDecision> {
    const reply = await this.call({ op: 'acquire', request });
    return reply.decision!;
  }

  async reconcileTokens(keyId: string, delta: number): Promise<void> {
    await this.call({ op: 'reconcileTokens', keyId, delta });
  }

  async release(keyId: string, leaseId: string): Promise<void> {
    await this.call({ op: 'release', keyId, leaseId });
  }

  health(): LimiterHealth {
    return { driver: 'memory', status: 'up' };
  }

  async close(): Promise<void> {
    this.channel.off('message', this.onMessage);
    this.channel.off('disconnect', this.onDisconnect);
  }

  private call(call: LimiterCall): Promise<LimiterReplyMessage> {
    const id = this.nextId++;
    return new Promise<LimiterReplyMessage>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (reply) => (reply.error ? reject(new Error(`limiter: ${reply.error}`)) : resolve(reply)),
        reject,
      });
      let sent = false;
      try {
        sent = this.send({ type: 'modelgate:limiter', id, call });
      } catch {
        sent = false;
      }
      if (!sent) {
        this.pending.delete(id);
        reject(new Error('the primary process is gone: no limiter'));
      }
    });
  }
}
