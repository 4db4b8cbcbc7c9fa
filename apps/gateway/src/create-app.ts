import Koa from 'koa';
import { createUpstreamTransport, DeploymentBook, ModelRouter, observerExtension, type DeploymentBookListener, type ProviderInstance } from '@modelgate/pipeline';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';
import { createAdminRouter } from './admin/admin-router.js';
import type { KeyResolver } from './auth/authenticated-key.js';
import { StaticKeyResolver } from './auth/static-key-resolver.js';
import { StoreKeyResolver } from './auth/store-key-resolver.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { BudgetGuard, type BudgetAdmission } from './limits/budget-guard.js';
import { createRateLimiter } from './limits/create-rate-limiter.js';
import type { RateLimiter } from './limits/rate-limiter.js';
import { RequestGate } from './limits/request-gate.js';
import { StateOwnerBook } from './state/state-owner-book.js';
import { createLogger } from './logging/create-logger.js';
import { createObservability, type ObservabilitySources } from './observability/create-observability.js';
import { createConnectionCloseMiddleware } from './middleware/connection-close-middleware.js';
import { createErrorEnvelopeMiddleware } from './middleware/error-envelope-middleware.js';
import type { GatewayState } from './middleware/gateway-state.js';
import { mountRoutes, type RegisteredRoute } from './http/create-router.js';
import { createRequestIdMiddleware } from './middleware/request-id-middleware.js';
import { createRequestLogMiddleware } from './middleware/request-log-middleware.js';
import { loadProviderPlugins } from './plugins/load-provider-plugins.js';
import { createAdminUiRouter } from './routes/admin-ui-route.js';
import { createCatalogHandler } from './routes/catalog-route.js';
import { deploymentReport, deploymentSummary } from './deployments/deployment-report.js';
import { createHealthHandler } from './routes/health-route.js';
import { createReadyHandler } from './routes/ready-route.js';
import { createPublicRouter } from './routes/public-router.js';
import { createV1Routers } from './routes/v1-router.js';
import { GatewayLifecycle } from './server/gateway-lifecycle.js';
import type { GatewayStore } from './store/gateway-store.js';
import { openGatewayStore } from './store/open-gateway-store.js';
import { usageFilesFor } from './usage/usage-files.js';
import { UsageRecorder, type UsageRecorderOptions } from './usage/usage-recorder.js';

export interface CreateAppOptions {
  /** The config file's folder: provider packages, relative plugin paths, `storage.path` and the data directory resolve from it; defaults to the working directory. */
  baseDirectory?: string;
  logger?: Logger;
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra key resolvers tried after the config's static keys (issued keys in a store). */
  keyResolvers?: readonly KeyResolver[];
  /** An already open store (the app then leaves closing it to the caller); by default `config.storage` is opened. */
  store?: GatewayStore;
  usageRecorder?: UsageRecorderOptions;
  /** The limiter instead of the one `config.redis` implies (a worker's: the primary's, over IPC). */
  rateLimiter?: RateLimiter;
  /** Budget admission instead of this process's own (a worker's: the primary's, over IPC). */
  budgets?: BudgetAdmission;
  /** Cooldowns shared with the other serving processes of this gateway (a worker's: relayed by the primary). */
  sharedCooldowns?: DeploymentBookListener & { follow(book: DeploymentBook): void };
  /** `GET /metrics` as the sum over the serving processes of this gateway (a worker's: summed by the primary). */
  shareMetrics?: ObservabilitySources['shareMetrics'];
  /** Where spans go instead of `tracing.endpoint` (tests: the SDK's in-memory exporter); traces still need `tracing` in the config. */
  spanExporter?: SpanExporter;
}

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
 * Builds the gateway from a config: loads and checks the provider plugins, compiles routes and
 * schemas once, and wires the middleware in a fixed order. It does not listen; `startGateway` does.
 */
export async function createApp(config: GatewayConfig, options: CreateAppOptions = {}): Promise<GatewayApp> {
  const logger = options.logger ?? createLogger(config.logging);
  const env = options.env ?? process.env;
  const baseDirectory = options.baseDirectory ?? process.cwd();
  const providers = await loadProviderPlugins(config.providers, {
    baseDirectory,
    logger,
    env,
  });
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
  const observability = await createObservability(config, {
    usageQueueDepth: () => recorder.queueDepth,
    deployments: () => deploymentReport(models, deployments),
    listed: models,
    spanExporter: options.spanExporter,
    shareMetrics: options.shareMetrics,
  });
  const gate = new RequestGate(limiter, options.budgets ?? new BudgetGuard(store), recorder, logger, observability.gateListener);
  const stateOwners = new StateOwnerBook(store, logger);
  const keyResolvers = [new StaticKeyResolver(config.keys), new StoreKeyResolver(store), ...(options.keyResolvers ?? [])];

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
      extensions: [observerExtension('limits', gate, gate), observerExtension('state-owners', stateOwners), ...observability.extensions],
      keepAliveIntervalMs: config.upstream.keepAliveIntervalMs,
      logger,
      retry: config.resilience.retry,
      deployments,
      stateOwners,
      responsesOtherFamilies: config.responses.otherFamilies,
    },
    lifecycle,
    keyResolvers,
    logger,
    bodyLimitBytes: config.server.bodyLimitBytes,
    maxJsonDepth: config.server.maxJsonDepth,
  });

  const admin = createAdminRouter(store, config.admin, () => deploymentReport(models, deployments));
  const deploymentCounts = () => deploymentSummary(deploymentReport(models, deployments));
  const healthHandler = createHealthHandler(startedAt, () => limiter.health(), deploymentCounts);
  const readyHandler = createReadyHandler({
    store: async () => store.ping?.(),
    limiter: () => limiter.health(),
    modelsWithoutDeployment: () => deploymentCounts().modelsWithoutDeployment,
  });
  koa.use(createRequestIdMiddleware());
  koa.use(createConnectionCloseMiddleware(lifecycle));
  koa.use(createRequestLogMiddleware(logger, lifecycle));
  koa.use(createErrorEnvelopeMiddleware(logger));
  const publicRouter = createPublicRouter({
    health: healthHandler,
    ready: readyHandler,
    catalog: config.server.publicCatalog ? createCatalogHandler(models, providers, { responsesOtherFamilies: config.responses.otherFamilies }) : undefined,
  });
  const routers = [publicRouter, createAdminUiRouter(), admin, observability.router, ...v1];
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
      await gate.drain();
      await recorder.close();
      await observability.shutdown();
      await transport.close();
      await limiter.close();
      if (!options.store) await store.close();
    },
  };
}
