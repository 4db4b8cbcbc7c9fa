import { BudgetGuard } from '../../limits/budget-guard.js';
import { defineModule } from '../gateway-module.js';
import { KeyAdmission, type KeyLimits } from './key-admission.js';

/**
 * Admission: each key's budget, RPM, TPM and concurrency, checked before a request reaches the
 * upstream (429 past them) and given back when it ends. The keys' limits are set per key
 * (`keys[]`, issued keys); Redis, when configured, shares the counts between replicas.
 */
export const limitsModule = defineModule({
  id: 'limits',
  create(_config, context) {
    const limits: KeyLimits = {
      limiter: context.limiter,
      budgets: context.options.budgets ?? new BudgetGuard(context.store),
      logger: context.logger,
      settling: new Set(),
    };
    return {
      extension: { id: 'limits', open: (exchange, announce) => new KeyAdmission(exchange, limits, announce) },
      async close() {
        while (limits.settling.size > 0) await Promise.all(limits.settling);
      },
    };
  },
});
