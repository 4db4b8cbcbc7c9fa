import type { AuthenticatedKey } from '../auth/authenticated-key.js';
import type { BudgetPeriod } from '../config/gateway-config.js';
import type { GatewayStore } from '../store/gateway-store.js';

/** Unix milliseconds at which the current budget period began (UTC). */
export function budgetPeriodStart(period: BudgetPeriod, now = new Date()): number {
  if (period === 'total') return 0;
  if (period === 'month') return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** Budget admission as the limits module uses it: one process's `BudgetGuard`, or a worker's asking its primary. */
export interface BudgetAdmission {
  /** False once the key's spend in its budget period has reached its budget. */
  isWithinBudget(key: AuthenticatedKey): Promise<boolean>;
  /** Counts a finished request's cost at once, before its record reaches the store. */
  noteSpend(keyId: string, costUsd: number): void;
}

interface CachedSpend {
  readonly periodStart: number;
  readonly fetchedAt: number;
  spend: number;
}

/**
 * Refuses requests of keys whose spend in the budget period has reached the budget. Spend is the
 * sum of the store's usage records, re-read every `refreshMs`, plus what this process saw since,
 * so every replica sees the others' spend within a few seconds.
 */
export class BudgetGuard implements BudgetAdmission {
  private readonly cache = new Map<string, CachedSpend>();

  constructor(
    private readonly store: GatewayStore,
    private readonly refreshMs = 2_000,
  ) {}

  /** False once the key's spend in its budget period has reached its budget. */
  async isWithinBudget(key: AuthenticatedKey): Promise<boolean> {
    if (!key.budget) return true;
    const spend = await this.spend(key.id, budgetPeriodStart(key.budget.period));
    return spend < key.budget.usd;
  }

  /** Counts a finished request's cost at once, before its record reaches the store. */
  noteSpend(keyId: string, costUsd: number): void {
    const cached = this.cache.get(keyId);
    if (cached) cached.spend += costUsd;
  }

  private async spend(keyId: string, periodStart: number): Promise<number> {
    const cached = this.cache.get(keyId);
    const now = Date.now();
    if (cached && cached.periodStart === periodStart && now - cached.fetchedAt < this.refreshMs) return cached.spend;
    const spend = await this.store.spendSince(keyId, periodStart);
    this.cache.set(keyId, { periodStart, fetchedAt: now, spend });
    return spend;
  }
}
