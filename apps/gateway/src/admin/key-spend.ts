import { budgetPeriodStart } from '../limits/budget-guard.js';
import type { GatewayStore } from '../store/gateway-store.js';

export interface KeySpend {
  readonly keyId: string;
  /** Spend since `since`: the key's budget period, or its whole life when it has no budget. */
  readonly spendUsd: number;
  readonly since: string;
  readonly budgetUsd?: number;
}

/** Each issued key's spend against its budget, for the admin UI's keys page. */
export async function listKeySpend(store: GatewayStore): Promise<KeySpend[]> {
  const keys = await store.listKeys();
  return Promise.all(
    keys.map(async (key) => {
      const budget = key.policy.budget;
      const since = budget ? budgetPeriodStart(budget.period) : 0;
      return { keyId: key.id, spendUsd: await store.spendSince(key.id, since), since: new Date(since).toISOString(), ...(budget && { budgetUsd: budget.usd }) };
    }),
  );
}
