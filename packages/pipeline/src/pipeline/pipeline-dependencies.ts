import type { LoggerV1 } from '@modelgate/core';
import type { DeploymentBook } from '../routing/deployment-book.js';
import type { ModelRouter } from '../routing/model-router.js';
import type { UpstreamTransport } from '../transport/upstream-transport.js';
import type { KeyAuthenticator, PipelineExtension } from './pipeline-extension.js';
import type { RetryPolicy } from './retry-policy.js';
import type { VendorStateOwners } from './vendor-state-owners.js';

/** What the pipeline needs from its host, shared by every request of the process. */
export interface PipelineDependencies {
  readonly models: ModelRouter;
  readonly transport: UpstreamTransport;
  /** What capabilities add to every request (limits, usage records, traces, …), called at the named points in list order. */
  readonly extensions?: readonly PipelineExtension[];
  /** Checks the key a front reads (serveModelRequest). */
  readonly keys: KeyAuthenticator;
  /** Silence after which a relayed stream gets an SSE comment keep-alive. */
  readonly keepAliveIntervalMs: number;
  readonly logger: Pick<LoggerV1, 'warn' | 'error'>;
  /** Retries; none unless configured. */
  readonly retry?: RetryPolicy;
  /** Deployments' health and load, shared by every request of the process. */
  readonly deployments?: DeploymentBook;
  /** Which key created which vendor-side state; absent, any key may name any (one-key setups, conformance). */
  readonly stateOwners?: VendorStateOwners;
  /** `responses.otherFamilies`: whether `/v1/responses` bridges non-OpenAI families (default `refuse`). */
  readonly responsesOtherFamilies?: 'refuse' | 'bridge';
}

/** What running an authenticated request needs (the key was checked already). */
export type RequestDependencies = Omit<PipelineDependencies, 'keys'>;
