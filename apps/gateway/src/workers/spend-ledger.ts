import type { KeyBudgetConfig } from '../config/gateway-config.js';
import { budgetPeriodStart } from '../limits/budget-guard.js';
import type { GatewayStore } from '../store/gateway-store.js';

interface KeySpend {
  readonly periodStart: number;
  /** The store's sum, read once for the period, plus every cost noted since. */
  spend: number;
  readonly read: Promise<void>;
}

/**
 * The primary's count of each budgeted key's spend in its period: what the store says when the
 * key is first asked about (the records of earlier runs), plus every cost the workers note since.
 * The workers' records all pass through here, so the count never waits for the store: one
 * worker's spend refuses the next request on any worker. One entry per budgeted key, replaced
 * when its period turns.
 */
export class SpendLedger {
  private readonly spends = new Map<string, KeySpend>();

  constructor(private readonly store: () => Promise<GatewayStore>) {}

  async isWithin(keyId: string, budget: KeyBudgetConfig): Promise<boolean> {
    const periodStart = budgetPeriodStart(budget.period);
    let entry = this.spends.get(keyId);
    if (!entry || entry.periodStart !== periodStart) entry = this.readSpend(keyId, periodStart);
    await entry.read;
    return entry.spend < budget.usd;
  }

  note(keyId: string, costUsd: number): void {
    const entry = this.spends.get(keyId);
    if (entry) entry.spend += costUsd;
  }

  private readSpend(keyId: string, periodStart: number): KeySpend {
    const entry: { periodStart: number; spend: number; read?: Promise<void> } = { periodStart, spend: 0 };
    entry.read = this.store()
      .then((store) => store.spendSince(keyId, periodStart))
      .then(
        (stored) => {
          entry.spend += stored;
        },
        (error: unknown) => {
          // Asked again next time rather than counting from zero.
          if (this.spends.get(keyId) === entry) this.spends.delete(keyId);
          throw error;
        },
      );
    this.spends.set(keyId, entry as KeySpend);
    return entry as KeySpend;
  }
}
