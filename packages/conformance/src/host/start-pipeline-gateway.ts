import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayError, type LoggerV1 } from '@modelgate/core';
import {
  createProviderInstance,
  createUpstreamTransport,
  DEFAULT_UPSTREAM_CONFIG,
  frontOperations,
  matchesOperationPath,
  ModelRouter,
  openAiConventions,
  readJsonRequest,
  serveModelRequest,
  type FrontRoute,
  type ModelRequestHost,
  type PipelineDependencies,
} from '@modelgate/pipeline';
import type { ConformanceGateway, ConformanceGatewayInput } from '../conformance-types.js';
import { loadPluginUnderTest } from './load-plugin-under-test.js';
import { nodeClientReply } from './node-client-reply.js';
import { mintServiceKey } from './service-key.js';

const INSTANCE_ID = 'under-test';
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** Quiet, but a bug in the plugin or the pipeline (an `error`) is printed: the failing test alone would not say why. */
const logger: LoggerV1 = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error(object, message) {
    const { err } = object as { err?: unknown };
    process.stderr.write(`conformance gateway: ${message ?? 'error'}: ${err instanceof Error ? err.stack : JSON.stringify(object)}\n`);
  },
};

/** A path no front serves: OpenAI's 404 envelope. */
function sendUnknownUrl(response: ServerResponse, method: string | undefined, path: string): void {
  const rendered = openAiConventions.renderError(new GatewayError({ status: 404, message: `Unknown request URL: ${method} ${path}.`, code: 'unknown_url' }));
  response.writeHead(rendered.status, { ...rendered.headers, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(rendered.body));
}

/** The pipeline's view of one `node:http` request: the whole adapter. */
function nodeRequestHost(request: IncomingMessage, response: ServerResponse, url: URL): ModelRequestHost {
  return {
    requestId: randomUUID(),
    startedAt: process.hrtime.bigint(),
    headers: request.headers,
    target: { path: url.pathname, query: Object.fromEntries(url.searchParams) },
    readBody: () => readJsonRequest(request, BODY_LIMIT_BYTES),
    reply: nodeClientReply(response),
    onClose(listener) {
      const close = () => listener({ finished: response.writableFinished, headersSent: response.headersSent, cutByShutdown: false });
      if (response.closed) close();
      else response.once('close', close);
    },
    responseState: () => ({ status: response.statusCode, bodyComplete: request.complete }),
  };
}

/**
 * The conformance suite's own gateway: a `node:http` server on 127.0.0.1 that runs the same
 * `@modelgate/pipeline` request path as the Koa app (fronts, translation, upstream transport,
 * relays) for one provider instance and one model, behind a random service key. It needs nothing
 * but the packages a plugin's author installs, so the suite runs outside this repository.
 */
export async function startPipelineGateway(input: ConformanceGatewayInput): Promise<ConformanceGateway> {
  const { candidate, source } = await loadPluginUnderTest(input.provider);
  const serviceKey = mintServiceKey();
  const instance = createProviderInstance({ candidate, source, id: INSTANCE_ID, settings: input.settings }, { logger, env: process.env });
  const pipeline: PipelineDependencies = {
    models: new ModelRouter([{ id: input.model, provider: INSTANCE_ID }], new Map([[INSTANCE_ID, instance]]), Math.floor(Date.now() / 1000)),
    transport: await createUpstreamTransport(DEFAULT_UPSTREAM_CONFIG),
    keepAliveIntervalMs: DEFAULT_UPSTREAM_CONFIG.keepAliveIntervalMs,
    logger,
    keys: { authenticate: (presented) => (serviceKey.matches(presented) ? { id: 'conformance' } : undefined) },
    // The Responses suite runs on every family: other families through the Responses bridge.
    responsesOtherFamilies: 'bridge',
  };
  const routes: readonly FrontRoute[] = frontOperations();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const route = routes.find(({ operation }) => operation.method === request.method && matchesOperationPath(operation.path, url.pathname));
    if (route === undefined) return sendUnknownUrl(response, request.method, url.pathname);
    void serveModelRequest(nodeRequestHost(request, response, url), route, pipeline);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: serviceKey.key,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await Promise.all([closed, pipeline.transport.close()]);
    },
  };
}
