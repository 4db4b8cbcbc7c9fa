import { createLogger } from '../logging/create-logger.js';
import { LogDestination } from '../logging/log-destination.js';
import { tolerateClosedOutput } from '../runtime/tolerate-closed-output.js';
import { describeDataLocation } from '../store/describe-data-location.js';
import { applyListenOverrides, loadGatewayProfile } from './gateway-profile.js';
import { startGateway } from './start-gateway.js';
import { stopOnSignals } from './stop-on-signals.js';

export interface ServeOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A config file; without one, MODELGATE_CONFIG, else the vendor or demo profile. */
  readonly configFile?: string;
}

/**
 * The process entry behind `modelgate serve` and `dist/main.js`: picks the profile, starts the
 * gateway, prints where it listens, where its data is and how to call it, and stops it on
 * SIGTERM/SIGINT. Resolves once it listens.
 */
export async function serveGateway(options: ServeOptions): Promise<void> {
  const { env } = options;
  tolerateClosedOutput();
  const profile = await loadGatewayProfile(env, options.configFile ?? env.MODELGATE_CONFIG);
  const logs = new LogDestination(process.stdout.fd);
  const logger = createLogger(profile.config.logging, logs);
  let gateway;
  try {
    gateway = await startGateway(applyListenOverrides(profile.config, env), { baseDirectory: profile.baseDirectory, logger, env });
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
    `Modelgate is listening on ${gateway.url}/v1 (${profile.description})`,
    key ? `Service key (shown once): ${key}` : 'Service keys: as configured',
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
