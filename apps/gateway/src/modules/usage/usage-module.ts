import { defineModule } from '../gateway-module.js';
import { UsageBookkeeping, type UsageBooks } from './usage-bookkeeping.js';

/**
 * Usage records: one per model request (tokens, cost, latency, outcome), written to the store
 * through the crash-safe spool (`usage.spoolFsync`); the admin API and the CLI report them.
 */
export const usageModule = defineModule({
  id: 'usage',
  create(_config, context) {
    const books: UsageBooks = { recorder: context.recorder, logger: context.logger, settling: new Set() };
    return {
      extension: { id: 'usage', open: (exchange, announce) => new UsageBookkeeping(exchange, books, announce) },
      async close() {
        while (books.settling.size > 0) await Promise.all(books.settling);
        await context.recorder.flush();
      },
    };
  },
});
