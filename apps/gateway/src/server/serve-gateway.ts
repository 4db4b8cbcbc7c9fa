import type { Registry } from 'prom-client';
import { createLogger } from '../logging/create-logger.js';
import { LogDestination } from '../logging/log-destination.js';
import { tolerateClosedOutput } from '../runtime/tolerate-closed-output.js';
import { describeDataLocation } from '../store/describe-data-location.js';
import { IpcBudgetGuard } from '../workers/ipc-budget-guard.js';
import { IpcCooldownRelay } from '../workers/ipc-cooldown-relay.js';
import { IpcRateLimiter } from '../workers/ipc-rate-limiter.js';
import { shareWorkerMetrics } from '../workers/worker-metrics.js';
import { resolveWorkerCount } from '../workers/worker-count.js';
import { applyListenOverrides, loadGatewayProfile } from './gateway-profile.js';
import { startGateway } from './start-gateway.js';
import { stopOnSignals } from './stop-on-signals.js';

export interface ServeOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A config file; without one, MODELGATE_CONFIG, else the vendor profile, else the demo if asked for. */
  readonly configFile?: string;
  /** `--demo`: with no config file and no vendor key, serve the demo profile instead of refusing to start. */
  readonly demo?: boolean;
}

/**
 * A worker's message to its primary; false once the channel is closed. The callback keeps a send
 * that fails from becoming an 'error' event on process (uncaught: a crash); the limiter's
 * 'disconnect' handler fails what was waiting.
 */
function sendToPrimary(message: unknown): boolean {
  return process.connected && process.send!(message, undefined, {}, () => {});
}

/** Printed first in the demo profile's banner: nobody should mistake the simulators for a vendor. */
function demoWarning(vendorKeys: readonly string[]): string[] {
  const rule = '!'.repeat(100);
  return [
    rule,
    '!! DEMO PROFILE: no config file and no vendor key. Every model is served by the bundled vendor simulators,',
    '!! offline: they answer "Echo: <your message>", and nothing reaches a real vendor.',
    '!! Offered tools, they call one with the message\'s text in `backticks` (docs/demo.md: Codex, Claude Code).',
    `!! For real vendors set ${vendorKeys.join(', ')}, or MODELGATE_CONFIG=<file>.`,
    rule,
  ];
}

/**
 * The process entry behind `modelgate serve` and `dist/main.js`: picks the profile, starts the
 * gateway, prints where it listens, where its data is and how to call it, and stops it on
 * SIGTERM/SIGINT. Resolves once it listens.
 */
export async function serveGateway(options: ServeOptions): Promise<void> {
  const { env } = options;
  tolerateClosedOutput();
  const cluster = (await import('node:cluster')).default;
  // `server.workers` > 1 (a config file's setting): this process becomes the workers' primary.
  if (cluster.isPrimary && (options.configFile ?? env.MODELGATE_CONFIG)) {
    const { loadGatewayConfig } = await import('../config/load-gateway-config.js');
    const { config, baseDirectory } = await loadGatewayConfig((options.configFile ?? env.MODELGATE_CONFIG)!, env);
    const workers = resolveWorkerCount(config.server.workers);
    if (workers > 1) {
      const { serveWorkers } = await import('../workers/serve-workers.js');
      return serveWorkers(workers, applyListenOverrides(config, env), { env, baseDirectory });
    }
  }
  const profile = await loadGatewayProfile(env, { configFile: options.configFile, demo: options.demo, terminal: process.stdout.isTTY === true });
  const logs = new LogDestination(process.stdout.fd);
  const rootLogger = createLogger(profile.config.logging, logs);
  const logger = cluster.isWorker ? rootLogger.child({ worker: cluster.worker!.id, pid: process.pid }) : rootLogger;
  // A worker asks the primary's limiter and budget count, so that the workers count one limit
  // and one spend (with Redis configured, the limits are shared already and budgets go as between replicas).
  const askPrimary = cluster.isWorker && !profile.config.redis;
  const rateLimiter = askPrimary ? new IpcRateLimiter((message) => sendToPrimary(message)) : undefined;
  const budgets = askPrimary ? new IpcBudgetGuard((message) => sendToPrimary(message)) : undefined;
  // Cooldowns are each process's own state, Redis or not: the primary relays them between workers.
  const sharedCooldowns = cluster.isWorker ? new IpcCooldownRelay((message) => sendToPrimary(message)) : undefined;
  const shareMetrics = cluster.isWorker ? (registry: Registry) => shareWorkerMetrics(registry, (message) => sendToPrimary(message)) : undefined;
  if (profile.demo) logger.warn({ profile: 'demo' }, 'demo profile: the bundled vendor simulators answer every request; no config file and no vendor key');
  let gateway;
  try {
    gateway = await startGateway(applyListenOverrides(profile.config, env), { baseDirectory: profile.baseDirectory, logger, env, rateLimiter, budgets, sharedCooldowns, shareMetrics });
  } catch (error) {
    await profile.demo?.close();
    throw error;
  }
  // Before the banner: whoever reads it may send SIGTERM at once.
  const running = gateway;
  stopOnSignals({
    logger,
    logs,
    graceMs: profile.config.server.shutdownGraceMs,
    async close() {
      await running.close();
      await profile.demo?.close();
    },
  });
  const models = gateway.app.models.list().map((model) => model.id);
  const key = profile.printedKey;
  const lines = [
    '',
    ...(profile.demo ? demoWarning((await import('../config/vendor-profile.js')).vendorKeyVariables()) : []),
    `Modelgate is listening on ${gateway.url}/v1 (${profile.description})`,
    key ? `Service key (shown once): ${key}` : 'Service keys: as configured',
    ...(profile.printedAdminToken ? [`Admin UI: ${gateway.url}/ui (admin token, shown once: ${profile.printedAdminToken})`] : profile.config.admin ? [`Admin UI: ${gateway.url}/ui`] : []),
    `Models: ${models.slice(0, 8).join(', ')}${models.length > 8 ? ', …' : ''}`,
    `Data directory: ${describeDataLocation(profile.config.storage, env, profile.baseDirectory)}`,
    '',
    'Try it:',
    `  curl ${gateway.url}/v1/chat/completions -H "Authorization: Bearer ${key ?? '<your key>'}" \\`,
    `    -H "Content-Type: application/json" -d '{"model":"${models[0] ?? 'gpt-4.1-mini'}","messages":[{"role":"user","content":"Hello"}]}'`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
