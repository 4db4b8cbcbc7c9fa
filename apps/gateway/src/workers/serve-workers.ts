import type { Worker } from 'node:cluster';
import type { GatewayConfig } from '../config/gateway-config.js';
import { InMemoryRateLimiter } from '../limits/in-memory-rate-limiter.js';
import { createLogger } from '../logging/create-logger.js';
import { LogDestination } from '../logging/log-destination.js';
import { SHUTDOWN_MARGIN_MS } from '../server/stop-on-signals.js';
import type { GatewayStore } from '../store/gateway-store.js';
import { openGatewayStore } from '../store/open-gateway-store.js';
import { BudgetHost } from './budget-host.js';
import { isCooldownMessage } from './ipc-cooldown-relay.js';
import { LimiterHost } from './limiter-host.js';
import { MetricsHost } from './metrics-host.js';
import { SpendLedger } from './spend-ledger.js';

/** A worker that died after it listened is replaced after this pause (a crash loop cannot spin). */
const RESTART_DELAY_MS = 500;

/** Where the primary opens the store its budget count starts from: as the workers do. */
export interface PrimaryStoreLocation {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly baseDirectory: string;
}

/**
 * The primary process of `server.workers` > 1: forks the workers, which all listen on the one
 * port (Node's cluster hands connections out in turn; the first starts alone), owns the rate
 * limiter and the budget count they all ask (unless Redis holds the limits), relays each
 * deployment cooldown to every worker, sums their metrics for a scrape, replaces a worker that
 * dies, and on SIGTERM/SIGINT stops them all, each draining its requests, before it exits. A
 * worker that fails before it listens (a bad config, a port in use) stops the whole gateway
 * instead of being restarted forever.
 */
export async function serveWorkers(count: number, config: GatewayConfig, location: PrimaryStoreLocation): Promise<void> {
  const cluster = (await import('node:cluster')).default;
  const logs = new LogDestination(process.stdout.fd);
  const logger = createLogger(config.logging, logs).child({ role: 'primary' });
  const host = config.redis ? undefined : new LimiterHost(new InMemoryRateLimiter());
  // Opened at the first budget question, once the first worker has migrated the store.
  let store: Promise<GatewayStore> | undefined;
  const openStore = () => (store ??= openGatewayStore(config.storage, location.env, location.baseDirectory));
  const budgets = config.redis ? undefined : new BudgetHost(new SpendLedger(openStore));
  const metrics = new MetricsHost();
  const listening = new Set<number>();
  /** Workers not yet exited (cluster.workers may still hold one that exited before it disconnected). */
  const alive = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const stopAll = (signal: NodeJS.Signals, code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: alive.size }, 'shutting down the workers');
    for (const worker of alive) worker.process.kill(signal);
    // Each worker cuts what is left at its grace period; this only catches one that hangs.
    setTimeout(() => {
      process.stderr.write('modelgate: workers did not stop in time; exiting\n');
      process.exit(1);
    }, config.server.shutdownGraceMs + SHUTDOWN_MARGIN_MS * 5).unref();
  };

  const fork = () => {
    const worker: Worker = cluster.fork();
    alive.add(worker);
    const client = {
      on: (event: 'message' | 'exit', listener: (message: unknown) => void) => worker.on(event, listener),
      send: (message: unknown) => worker.send(message as object),
    };
    host?.attach(client);
    budgets?.attach(client);
    metrics.attach(client);
    // A cooldown one worker started goes to every other.
    worker.on('message', (message: unknown) => {
      if (!isCooldownMessage(message)) return;
      for (const other of alive) if (other !== worker && other.isConnected()) other.send(message, undefined, () => {});
    });
    worker.on('listening', () => listening.add(worker.id));
    worker.on('exit', (code, signal) => {
      alive.delete(worker);
      const served = listening.delete(worker.id);
      if (stopping) {
        if (code !== 0) exitCode = 1;
      } else if (!served) {
        logger.error({ worker: worker.id, code, signal }, 'a worker failed before it listened; stopping');
        stopAll('SIGTERM', 1);
      } else {
        logger.error({ worker: worker.id, code, signal }, 'a worker exited; starting another');
        setTimeout(() => {
          if (!stopping) fork();
        }, RESTART_DELAY_MS);
      }
      if (stopping && alive.size === 0) {
        logger.info({}, 'gateway stopped');
        void Promise.allSettled([store?.then((opened) => opened.close())])
          .then(() => logs.drained(500))
          .then(() => process.exit(exitCode));
      }
    });
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal, 0));
  logger.info({ workers: count, limiter: host ? 'primary' : 'redis' }, 'starting workers');
  // The first worker alone until it listens: it applies the store's migrations and replays the
  // usage spool a previous run left, once; then the others open a store that is ready.
  cluster.once('listening', () => {
    for (let index = 1; index < count && !stopping; index++) fork();
  });
  fork();
}
