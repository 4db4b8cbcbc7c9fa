import { answerCalls, type WorkerClient } from './answer-calls.js';
import type { BudgetCall, BudgetReplyMessage } from './budget-messages.js';
import type { SpendLedger } from './spend-ledger.js';

/** The primary process's side of `IpcBudgetGuard`: answers every worker from the one ledger. */
export class BudgetHost {
  constructor(private readonly ledger: SpendLedger) {}

  attach(client: WorkerClient): void {
    answerCalls<BudgetCall>(client, 'modelgate:budget', 'modelgate:budget-reply', (call) => this.answer(call));
  }

  private async answer(call: BudgetCall): Promise<Pick<BudgetReplyMessage, 'within'>> {
    if (call.op === 'within') return { within: await this.ledger.isWithin(call.keyId, call.budget) };
    this.ledger.note(call.keyId, call.costUsd);
    return {};
  }
}
