import type { DeploymentBookListener, DeploymentBook, Exchange, ModelRouter, PipelineExtension, ProviderInstance, RequestHooks, VendorStateOwners } from '@modelgate/pipeline';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { KeyResolver } from '../auth/authenticated-key.js';
import type { ConfigFragment } from '../config/config-fragment.js';
import type { CoreConfig } from '../config/core-config.js';
import type { ModelDeployments } from '../deployments/deployment-report.js';
import type { GuardedRouter } from '../http/create-router.js';
import type { GuardrailDecision } from './guardrails/guardrail-decision.js';
import type { BudgetAdmission } from '../limits/budget-guard.js';
import type { RefusingLimit } from '../limits/rate-limit-errors.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { MetricsRender } from '../observability/metrics-router.js';
import type { GatewayLifecycle } from '../server/gateway-lifecycle.js';
import type { GatewayStore } from '../store/gateway-store.js';
import type { UsageRecord } from '../usage/usage-record.js';
import type { UsageRecorder, UsageRecorderOptions } from '../usage/usage-recorder.js';

/**
 * A capability of the gateway (keys, limits, usage records, metrics, traces, the admin API…): its
 * config keys, described in its own schema fragment, and what it adds to the app. The app is the
 * list of modules (`module-list.ts`); the config schema and docs/config-reference.md are assembled
 * from their fragments.
 *
 * `Own` is the part of the config the module reads besides the core's (its own section).
 */
export interface GatewayModule<Own = unknown> {
  /** Names it in logs, errors and the docs. */
  readonly id: string;
  /** Its top-level config key(s), with descriptions and defaults inline; absent for a module without settings. */
  readonly configSchema?: ConfigFragment;
  create(config: CoreConfig & Own, context: ModuleContext): ModuleParts | Promise<ModuleParts>;
}

/** What a module adds to the app; every part is optional. */
export interface ModuleParts {
  /** Its part in every model request: hooks at the pipeline's named points. */
  readonly extension?: GatewayExtension;
  /** Its HTTP routes, each with who may call it. */
  readonly routers?: readonly GuardedRouter[];
  /** Recognise service keys, tried in turn (modules in list order); the first that knows a key wins. */
  readonly keys?: readonly KeyResolver[];
  /** Which key created which vendor-side state (a stored Responses answer); one module at most. */
  readonly stateOwners?: VendorStateOwners;
  /** Finishes its work once the server has stopped taking requests (in list order). */
  close?(): Promise<void> | void;
  /** Applies a changed config without a restart (not called yet: reload is its own issue). */
  reload?(config: CoreConfig): Promise<void> | void;
}

/** What modules share: the app's core, opened before any module is created. */
export interface ModuleContext {
  readonly logger: Logger;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The config file's folder (relative paths resolve from it). */
  readonly baseDirectory: string;
  /** Epoch milliseconds when the app was created. */
  readonly startedAt: number;
  readonly store: GatewayStore;
  readonly models: ModelRouter;
  readonly providers: ReadonlyMap<string, ProviderInstance>;
  /** Every model's deployments and whether each is in rotation, read when asked. */
  readonly deploymentReport: () => readonly ModelDeployments[];
  readonly lifecycle: GatewayLifecycle;
  /** RPM, TPM and concurrency counts (this process's, Redis, or a worker's primary over IPC); health reads it too. */
  readonly limiter: RateLimiter;
  /** Where usage records go (store, spool); metrics read its queue depth. */
  readonly recorder: UsageRecorder;
  /** What the caller of createApp handed in (a worker's IPC stand-ins, a test's exporter). */
  readonly options: AppOptions;
}

/** What createApp takes besides the config (re-exported by create-app.ts as CreateAppOptions). */
export interface AppOptions {
  /** The config file's folder: provider packages, relative plugin paths, `storage.path` and the data directory resolve from it; defaults to the working directory. */
  baseDirectory?: string;
  logger?: Logger;
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra key resolvers tried after the keys module's (issued keys in a store). */
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
  shareMetrics?: (registry: Registry) => Promise<MetricsRender>;
  /** Where spans go instead of `tracing.endpoint` (tests: the SDK's in-memory exporter); traces still need `tracing` in the config. */
  spanExporter?: SpanExporter;
  /** Modules added after the built-in list (an embedding program's own capability, a test's toy). */
  modules?: readonly GatewayModule<never>[];
}

/**
 * A pipeline extension whose per-request hooks may also hear the gateway's own events of that
 * request (`announce` tells every module's hooks of the same request). A plain PipelineExtension is
 * one too.
 */
export interface GatewayExtension extends PipelineExtension {
  open?(exchange: Exchange, announce?: RequestAnnouncements): GatewayRequestHooks | void;
}

/** The gateway's events of one request, heard by the hooks of every module. */
export interface RequestAnnouncements {
  /** The request's usage record was queued: once per model request (the usage module). */
  usageRecorded(record: UsageRecord): void;
  /** A key limit refused the request (the limits module). */
  limitRefused(limit: RefusingLimit): void;
  /** A guardrail blocked, redacted or logged something in the request or its answer (the guardrails module). */
  guardrailActed(decision: GuardrailDecision): void;
}

export interface GatewayRequestHooks extends RequestHooks, Partial<RequestAnnouncements> {}

/** A module without type inference trouble: `defineModule({ id, configSchema, create })`. */
export function defineModule<Own = unknown>(module: GatewayModule<Own>): GatewayModule<Own> {
  return module;
}
