import { request } from 'node:http';
import type { OpenAiSimulator } from '@modelgate/provider-openai/testing';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { eventually } from './eventually.js';
import { OPENAI_PROVIDER_PATH, startGatewayProcess, type GatewayProcess } from './gateway-process.js';

/** A chat on a connection of its own (`Connection: close`), so that the cluster hands each to the next worker. */
export function chatOnNewConnection(url: string, key: string, model = 'gpt-test'): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }] });
    const outgoing = request(
      `${url}/v1/chat/completions`,
      { method: 'POST', agent: false, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The gateway's `request` log lines so far. */
export function requestLogLines(gateway: GatewayProcess): { worker: number; pid: number; status: number }[] {
  return gateway
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { worker: number; pid: number; status: number });
}

/** A gateway of two workers in front of the simulator, once both listen. */
export async function startTwoWorkers(
  directory: string,
  simulator: OpenAiSimulator,
  keys: GatewayConfigInput['keys'],
  more: Partial<GatewayConfigInput> = {},
): Promise<GatewayProcess> {
  const gateway = await startGatewayProcess(directory, 'workers', {
    server: { host: '127.0.0.1', port: 0, shutdownGraceMs: 2_000, workers: 2 },
    logging: { level: 'info' },
    providers: [{ package: OPENAI_PROVIDER_PATH, id: 'openai', settings: { baseUrl: simulator.url, apiKey: 'sk-upstream' } }],
    models: [{ id: 'gpt-test', provider: 'openai', upstreamModel: 'gpt-4.1-mini' }],
    keys,
    ...more,
  });
  // The process resolves at the first worker's banner; the cluster hands connections only to
  // workers that listen, so wait for the second.
  await eventually(() => gateway.output().match(/Try it:/g)?.length === 2, 15_000, 'the second worker listens');
  return gateway;
}
