import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import type { BudgetAdmission } from '../limits/budget-guard.js';
import type { BudgetCall, BudgetReplyMessage } from './budget-messages.js';
import { PrimaryCalls, type SendToPrimary } from './primary-calls.js';

/**
 * A worker's budget admission: asks the primary (`BudgetHost`), which counts every worker's
 * spend, and tells it each request's cost as soon as it is known. The cost is sent before the
 * answer's last byte, so the next request, on whichever worker, is admitted against it.
 */
export class IpcBudgetGuard implements BudgetAdmission {
  private readonly calls: PrimaryCalls<BudgetCall, BudgetReplyMessage>;

  constructor(send: SendToPrimary, channel: NodeJS.EventEmitter = process) {
    this.calls = new PrimaryCalls('budget', 'modelgate:budget', 'modelgate:budget-reply', send, channel);
  }

  async isWithinBudget(key: AuthenticatedKey): Promise<boolean> {
    if (!key.budget) return true;
    const reply = await this.calls.call({ op: 'within', keyId: key.id, budget: { usd: key.budget.usd, period: key.budget.period } });
    return reply.within === true;
  }

  noteSpend(keyId: string, costUsd: number): void {
    // Nothing to wait for; a primary that is gone refuses the next admission anyway.
    if (costUsd > 0) this.calls.call({ op: 'spend', keyId, costUsd }).catch(() => {});
  }

  close(): void {
    this.calls.close();
  }
}
