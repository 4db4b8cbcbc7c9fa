import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayError, type LoggerV1 } from '@modelgate/core';
import {
  createProviderInstance,
  createUpstreamTransport,
  DEFAULT_UPSTREAM_CONFIG,
  Exchange,
  frontOperations,
  ModelRouter,
  openAiConventions,
  readJsonRequest,
  runModelRequest,
  type ClientConventions,
  type FrontDoor,
  type FrontOperation,
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

type Route = { readonly front: FrontDoor; readonly operation: FrontOperation };

/** Whatever was thrown, as the error the client gets. */
function toGatewayError(error: unknown): GatewayError {
  if (GatewayError.isInstance(error)) return error;
  logger.error({ err: error }, 'unhandled error');
  return new GatewayError({ status: 500, message: 'The gateway failed to process the request.', code: 'internal_error' });
}

function sendError(response: ServerResponse, error: unknown, conventions: ClientConventions): void {
  if (response.headersSent) return void response.destroy();
  const rendered = conventions.renderError(toGatewayError(error));
  response.writeHead(rendered.status, { ...rendered.headers, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(rendered.body));
}

/**
 * The conformance suite's own gateway: a `node:http` server on 127.0.0.1 that runs the same
 * `@modelgate/pipeline` request path as the Koa app (fronts, translation, upstream transport,
 * relays) for one provider instance and one model, behind a random service key. It needs nothing
 * but the packages a plugin's author installs, so the suite runs outside this repository.
 */
export async function startPipelineGateway(input: ConformanceGatewayInput): Promise<ConformanceGateway> {
  const { candidate, source } = await loadPluginUnderTest(input.provider);
  const instance = createProviderInstance({ candidate, source, id: INSTANCE_ID, settings: input.settings }, { logger, env: process.env });
  const pipeline: PipelineDependencies = {
    models: new ModelRouter([{ id: input.model, provider: INSTANCE_ID }], new Map([[INSTANCE_ID, instance]]), Math.floor(Date.now() / 1000)),
    transport: await createUpstreamTransport(DEFAULT_UPSTREAM_CONFIG),
    keepAliveIntervalMs: DEFAULT_UPSTREAM_CONFIG.keepAliveIntervalMs,
    logger,
    // The Responses suite runs on every family: other families through the Responses bridge.
    responsesOtherFamilies: 'bridge',
  };
  const serviceKey = mintServiceKey();
  const routes = new Map<string, Route>(frontOperations().map((route) => [`${route.operation.method} ${route.operation.path}`, route]));

  async function handle(request: IncomingMessage, response: ServerResponse, route: Route): Promise<void> {
    const presented = route.front.conventions.readKey((name) => [request.headers[name]].flat()[0]);
    if (!serviceKey.matches(presented)) {
      throw new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' });
    }
    const exchange = new Exchange({ requestId: randomUUID(), startedAt: process.hrtime.bigint(), key: { id: 'conformance' }, endpoint: route.operation.endpoint });
    const close = () =>
      exchange.close({ finished: response.writableFinished, headersSent: response.headersSent, cutByShutdown: false }, () => ({
        status: response.statusCode,
        bodyComplete: request.complete,
      }));
    if (response.closed) close();
    else response.once('close', close);
    await runModelRequest(
      { exchange, operation: route.operation, readBody: () => readJsonRequest(request, BODY_LIMIT_BYTES), reply: nodeClientReply(response) },
      pipeline,
    );
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://gateway').pathname;
    const route = routes.get(`${request.method} ${path}`);
    if (route === undefined) {
      const unknown = new GatewayError({ status: 404, message: `Unknown request URL: ${request.method} ${path}.`, code: 'unknown_url' });
      return sendError(response, unknown, openAiConventions);
    }
    handle(request, response, route).catch((error: unknown) => sendError(response, error, route.front.conventions));
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
