import { afterAll, beforeAll, it } from '@jest/globals';
import type { ReceivedRequest } from '@modelgate/testkit';
import type { ChatConformanceOptions, ConformanceGateway, ConformanceScenario, ConformanceScript } from './conformance-types.js';
import { startPipelineGateway } from './host/start-pipeline-gateway.js';

/** What a suite's scenarios use: the scripted upstream, a POST to the gateway, and the scenario registrar. */
export interface ConformanceHarness {
  /** The upstream, once started (in `beforeAll`). */
  readonly upstream: { script(script: ConformanceScript): void; received(): ReceivedRequest };
  /** `POST <gateway>/v1<path>` with the service key, the body's `model` set to the suite's. */
  post(path: string, body: Record<string, unknown>): Promise<Response>;
  /** `POST <gateway origin><path>` with the body as given and the key in `headers`' stead when set (a front with its own key header). */
  postAs(path: string, body: Record<string, unknown>, headers: (apiKey: string) => Record<string, string>): Promise<Response>;
  /** Registers a scenario as a test, or as a skipped one with the reason the options give. */
  scenario(name: ConformanceScenario, test: () => Promise<void>): void;
}

/**
 * Starts the upstream and the gateway around a suite's tests (call it inside its `describe`), the
 * part every conformance suite shares: the chat suite and the Responses suite differ only in what
 * they send and check.
 */
export function useConformanceHarness(options: ChatConformanceOptions): ConformanceHarness {
  let upstream: Awaited<ReturnType<ChatConformanceOptions['startUpstream']>> | undefined;
  let gateway: ConformanceGateway | undefined;
  beforeAll(async () => {
    upstream = await options.startUpstream();
    const startGateway = options.startGateway ?? startPipelineGateway;
    gateway = await startGateway({ provider: options.provider, settings: upstream.settings, model: options.model });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });
  const skipped = new Map(options.skip?.map((entry) => [entry.scenario, entry.reason]));
  return {
    upstream: { script: (script) => upstream!.script(script), received: () => upstream!.received() },
    post: (path, body) =>
      fetch(`${gateway!.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gateway!.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: options.model, ...body }),
      }),
    postAs: (path, body, headers) =>
      fetch(`${new URL(gateway!.baseUrl).origin}${path}`, {
        method: 'POST',
        headers: { ...headers(gateway!.apiKey), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    scenario(name, test) {
      const reason = skipped.get(name);
      if (reason !== undefined) it.skip(`${name} (skipped: ${reason})`, test);
      else it(name, test);
    },
  };
}
