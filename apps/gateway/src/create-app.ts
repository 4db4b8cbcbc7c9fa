import Koa from 'koa';
import { createUpstreamTransport, DeploymentBook, ModelRouter, type ProviderInstance } from '@modelgate/pipeline';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config/gateway-config.js';
import { deploymentReport } from './deployments/deployment-report.js';
import { mountRoutes, type RegisteredRoute } from './http/create-router.js';
import { createRateLimiter } from './limits/create-rate-limiter.js';
import { createLogger } from './logging/create-logger.js';
import { createConnectionCloseMiddleware } from './middleware/connection-close-middleware.js';
import { createErrorEnvelopeMiddleware } from './middleware/error-envelope-middleware.js';
import type { GatewayState } from './middleware/gateway-state.js';
import { createRequestIdMiddleware } from './middleware/request-id-middleware.js';
import { createRequestLogMiddleware } from './middleware/request-log-middleware.js';
import { moduleExtensions } from './modules/module-extensions.js';
import type { AppOptions, GatewayExtension, ModuleContext, ModuleParts } from './modules/gateway-module.js';
import { GATEWAY_MODULES } from './modules/module-list.js';
import { loadProviderPlugins } from './plugins/load-provider-plugins.js';
import { createV1Routers } from './routes/v1-router.js';
import { GatewayLifecycle } from './server/gateway-lifecycle.js';
import type { GatewayStore } from './store/gateway-store.js';
import { openGatewayStore } from './store/open-gateway-store.js';
import { usageFilesFor } from './usage/usage-files.js';
import { UsageRecorder } from './usage/usage-recorder.js';

export type CreateAppOptions = AppOptions;

export interface GatewayApp {
  readonly koa: Koa<GatewayState>;
  readonly logger: Logger;
  readonly providers: ReadonlyMap<string, ProviderInstance>;
  readonly models: ModelRouter;
  readonly store: GatewayStore;
  /** Moved on by the server's shutdown; requests read it when they end. */
  readonly lifecycle: GatewayLifecycle;
  /** Every route the app serves, with who may call it. */
  readonly routes: readonly RegisteredRoute[];
  /** Settles finished requests, writes pending usage records, and releases upstream, Redis and store connections; the HTTP server is closed by whoever listens. */
  close(): Promise<void>;
}

/**
 * Builds the gateway from a config: opens what every module shares (plugins, models, store,
 * limiter, usage recorder), creates the modules of `module-list.ts` in order, and mounts the
 * middleware, their routes and the `/v1` routes. It does not listen; `startGateway` does.
 */
export async function createApp(config: GatewayConfig, options: CreateAppOptions = {}): Promise<GatewayApp> {
  const logger = options.logger ?? createLogger(config.logging);
  const env = options.env ?? process.env;
  const baseDirectory = options.baseDirectory ?? process.cwd();
  const providers = await loadProviderPlugins(config.providers, { baseDirectory, logger, env });
  const startedAt = Date.now();
  const models = new ModelRouter(config.models, providers, Math.floor(startedAt / 1000));
  const transport = await createUpstreamTransport(config.upstream);
  const deployments = new DeploymentBook(config.resilience.cooldown, Date.now, (id) => models.isListedDeployment(id), options.sharedCooldowns);
  options.sharedCooldowns?.follow(deployments);
  const store = options.store ?? (await openGatewayStore(config.storage, env, baseDirectory));
  const limiter = options.rateLimiter ?? (await createRateLimiter(config.redis, logger));
  // The spool belongs to the store the app opened; a store handed in has no spool unless asked for.
  const usageFiles = usageFilesFor(config.storage, env, baseDirectory);
  const recorder = new UsageRecorder(store, logger, {
    ...(options.store ? { rejectedFile: usageFiles.rejectedFile } : usageFiles),
    spoolFsync: config.usage.spoolFsync,
    ...options.usageRecorder,
  });
  await recorder.replaySpool();
  const lifecycle = new GatewayLifecycle();
  const context: ModuleContext = {
    logger,
    env,
    baseDirectory,
    startedAt,
    store,
    models,
    providers,
    deploymentReport: () => deploymentReport(models, deployments),
    lifecycle,
    limiter,
    recorder,
    options,
  };
  const parts: ModuleParts[] = [];
  // Each module reads its own section of the config, which the assembled schema has checked.
  for (const module of [...GATEWAY_MODULES, ...(options.modules ?? [])]) parts.push(await module.create(config as never, context));

  const koa = new Koa<GatewayState>({ proxy: false });
  koa.silent = true;
  // Errors Koa meets after a response has started (a failing body stream) arrive here; the
  // pipeline logs a relay's own failures with the same message.
  koa.on('error', (error: unknown, ctx?: { state?: GatewayState }) => {
    logger.error({ err: error, requestId: ctx?.state?.requestId }, 'request failed after the response started');
  });
  const v1 = createV1Routers({
    pipeline: {
      models,
      transport,
      extensions: moduleExtensions(parts.flatMap((part): GatewayExtension[] => (part.extension ? [part.extension] : []))),
      keepAliveIntervalMs: config.upstream.keepAliveIntervalMs,
      logger,
      retry: config.resilience.retry,
      deployments,
      stateOwners: parts.find((part) => part.stateOwners)?.stateOwners,
      responsesOtherFamilies: config.responses.otherFamilies,
    },
    lifecycle,
    keyResolvers: [...parts.flatMap((part) => part.keys ?? []), ...(options.keyResolvers ?? [])],
    logger,
    bodyLimitBytes: config.server.bodyLimitBytes,
    maxJsonDepth: config.server.maxJsonDepth,
  });
  // The request log stays a Koa middleware: it logs every request, model requests or not.
  koa.use(createRequestIdMiddleware());
  koa.use(createConnectionCloseMiddleware(lifecycle));
  koa.use(createRequestLogMiddleware(logger, lifecycle));
  koa.use(createErrorEnvelopeMiddleware(logger));
  const routers = [...parts.flatMap((part) => part.routers ?? []), ...v1];
  mountRoutes(koa, routers);

  return {
    koa,
    logger,
    providers,
    models,
    store,
    lifecycle,
    routes: routers.flatMap((router) => router.routes()),
    async close() {
      // Connections have closed by now; their close handlers may still be settling requests.
      await new Promise((resolve) => setImmediate(resolve));
      for (const part of parts) await part.close?.();
      await recorder.close();
      await transport.close();
      await limiter.close();
      if (!options.store) await store.close();
    },
  };
}
