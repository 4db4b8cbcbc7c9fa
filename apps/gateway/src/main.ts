import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig, parseGatewayConfig } from './config/load-gateway-config.js';
import { createVendorProfile } from './config/vendor-profile.js';
import { createServiceKey, startDemoProfile, type DemoProfile } from './demo/demo-profile.js';
import { startGateway } from './server/start-gateway.js';

// The process entry: pick a profile, start, print how to call it, and shut down gracefully.
//   MODELGATE_CONFIG=<file>  → that config file;
//   a vendor key (OPENAI_API_KEY) → the real vendors, one service key (MODELGATE_API_KEY or a new one);
//   neither → the demo profile against the bundled simulators.

const env = process.env;
const gatewayDirectory = dirname(dirname(fileURLToPath(import.meta.url)));

function applyListenOverrides<T extends { server: { host: string; port: number } }>(config: T): T {
  if (env.PORT ?? env.MODELGATE_PORT) config.server.port = Number(env.MODELGATE_PORT ?? env.PORT);
  if (env.MODELGATE_HOST) config.server.host = env.MODELGATE_HOST;
  return config;
}

async function main(): Promise<void> {
  let demo: DemoProfile | undefined;
  let printedKey: string | undefined;
  let loaded;
  if (env.MODELGATE_CONFIG) {
    loaded = await loadGatewayConfig(env.MODELGATE_CONFIG, env);
  } else {
    const serviceKey = env.MODELGATE_API_KEY ?? createServiceKey();
    if (!env.MODELGATE_API_KEY) printedKey = serviceKey;
    const vendorProfile = createVendorProfile(env, serviceKey);
    if (!vendorProfile) {
      demo = await startDemoProfile(serviceKey);
    }
    const input = vendorProfile ?? demo!.config;
    loaded = { config: parseGatewayConfig(input, env, vendorProfile ? 'vendor profile' : 'demo profile'), baseDirectory: gatewayDirectory };
  }
  const gateway = await startGateway(applyListenOverrides(loaded.config), { baseDirectory: loaded.baseDirectory });
  const models = gateway.app.models.list().map((model) => model.id);
  const lines = [
    '',
    `Modelgate is listening on ${gateway.url}/v1 (${demo ? 'demo profile: upstreams are the bundled simulators' : env.MODELGATE_CONFIG ? `config ${env.MODELGATE_CONFIG}` : 'vendor keys from the environment'})`,
    printedKey ? `Service key (shown once): ${printedKey}` : 'Service keys: as configured',
    `Models: ${models.slice(0, 8).join(', ')}${models.length > 8 ? ', …' : ''}`,
    '',
    'Try it:',
    `  curl ${gateway.url}/v1/chat/completions -H "Authorization: Bearer ${printedKey ?? '<your key>'}" \\`,
    `    -H "Content-Type: application/json" -d '{"model":"${models[0] ?? 'gpt-4.1-mini'}","messages":[{"role":"user","content":"Hello"}]}'`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = async (signal: string) => {
    gateway.app.logger.info({ signal }, 'shutting down');
    await gateway.close();
    await demo?.close();
    process.exit(0);
  };
  // `on`, not `once`: a terminal's Ctrl-C can arrive twice (the whole process group gets it, and a
  // parent such as `npm start` forwards it), and a second signal must not cut the graceful shutdown.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop(signal);
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`modelgate: ${(error as Error).message}\n`);
  process.exit(1);
});
