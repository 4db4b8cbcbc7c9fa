import type { KeyBudgetConfig } from '../config/gateway-config.js';

/**
 * Budget admission's calls between a worker and the primary process (`server.workers`): the
 * primary keeps each budgeted key's spend for all workers, so one worker's spend counts at once
 * in the others' admissions.
 */
export type BudgetCall =
  | { readonly op: 'within'; readonly keyId: string; readonly budget: KeyBudgetConfig }
  | { readonly op: 'spend'; readonly keyId: string; readonly costUsd: number };

export interface BudgetReplyMessage {
  readonly type: 'modelgate:budget-reply';
  readonly id: number;
  readonly within?: boolean;
  readonly error?: string;
}
