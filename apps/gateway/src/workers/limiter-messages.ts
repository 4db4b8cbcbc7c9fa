import type { LimitDecision, LimitRequest } from '../limits/rate-limiter.js';

/**
 * The rate limiter's calls between a worker and the primary process (`server.workers`): the
 * primary holds the one limiter every worker asks, so a key's limits count across all of them.
 */
export type LimiterCall =
  | { readonly op: 'acquire'; readonly request: LimitRequest }
  | { readonly op: 'reconcileTokens'; readonly keyId: string; readonly delta: number }
  | { readonly op: 'release'; readonly keyId: string; readonly leaseId: string };

export interface LimiterRequestMessage {
  readonly type: 'modelgate:limiter';
  readonly id: number;
  readonly call: LimiterCall;
}

export interface LimiterReplyMessage {
  readonly type: 'modelgate:limiter-reply';
  readonly id: number;
  readonly decision?: LimitDecision;
  readonly error?: string;
}
