import type { RateLimiter } from '../limits/rate-limiter.js';
import { answerCalls, type WorkerClient } from './answer-calls.js';
import type { LimiterCall, LimiterReplyMessage } from './limiter-messages.js';

/** What the host needs of a worker: its messages, a way to answer, and its exit. */
export type LimiterClient = WorkerClient;

/**
 * The primary process's side of `IpcRateLimiter`: answers each worker's calls from the one
 * limiter, and frees the concurrency slots of a worker that exits (a crash leaves none taken
 * until the lease runs out).
 */
export class LimiterHost {
  constructor(private readonly limiter: RateLimiter) {}

  attach(client: LimiterClient): void {
    /** This worker's taken slots: key id → lease ids. */
    const leases = new Map<string, Set<string>>();
    answerCalls<LimiterCall>(client, 'modelgate:limiter', 'modelgate:limiter-reply', (call) => this.answer(call, leases));
    client.on('exit', () => {
      for (const [keyId, ids] of leases) for (const leaseId of ids) void this.limiter.release(keyId, leaseId);
      leases.clear();
    });
  }

  private async answer(call: LimiterCall, leases: Map<string, Set<string>>): Promise<Pick<LimiterReplyMessage, 'decision'>> {
    switch (call.op) {
      case 'acquire': {
        const decision = await this.limiter.acquire(call.request);
        if (decision.admitted && call.request.limits.maxConcurrent) {
          const ids = leases.get(call.request.keyId) ?? new Set<string>();
          ids.add(call.request.leaseId);
          leases.set(call.request.keyId, ids);
        }
        return { decision };
      }
      case 'reconcileTokens':
        await this.limiter.reconcileTokens(call.keyId, call.delta);
        return {};
      case 'release':
        leases.get(call.keyId)?.delete(call.leaseId);
        await this.limiter.release(call.keyId, call.leaseId);
        return {};
    }
  }
}
