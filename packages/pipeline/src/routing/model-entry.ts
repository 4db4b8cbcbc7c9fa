import type { GatewayErrorKind, ModelCapabilitiesV1, ModelPricingV1, PromptCachePolicyV1 } from '@modelgate/core';

/** One place a model can be served from: a provider instance (its own key, base URL, region) and the model name there. */
export interface DeploymentEntry {
  provider: string;
  /** The vendor's model name there; defaults to the model's `upstreamModel`, else its `id`. */
  upstreamModel?: string;
  /** Its share of traffic under the `weighted` strategy (default 1). */
  weight?: number;
}

/** How a model's deployments share its traffic. */
export type DeploymentStrategy = 'weighted' | 'least-busy' | 'lowest-latency';

/** Another model to try once this one's deployments are exhausted, for the error kinds listed. */
export interface FallbackEntry {
  model: string;
  /** The kinds of the last error that send a request on to this model. */
  on?: GatewayErrorKind[];
}

/** One served model, as configured: the gateway's `models` entries. */
export interface ModelEntry {
  /** The public id clients send. */
  id: string;
  /** The provider instance serving it (with `deployments`: the first deployment's). */
  provider: string;
  /** The vendor's model name; defaults to `id`. */
  upstreamModel?: string;
  aliases?: string[];
  /** Unix seconds for `/v1/models`; defaults to the provider's card or the gateway's start. */
  created?: number;
  pricing?: ModelPricingV1;
  /** Overrides of the provider's model card, for the catalog and the TPM estimate. */
  displayName?: string;
  contextWindow?: number;
  maxOutputTokens?: number;
  capabilities?: ModelCapabilitiesV1;
  /** More places to serve it from, besides `provider`: load is spread over all of them, and a retry goes to another. */
  deployments?: DeploymentEntry[];
  /** How requests pick a deployment (default `weighted`). */
  strategy?: DeploymentStrategy;
  /** Models to try, in order, when every deployment of this one failed. */
  fallbacks?: FallbackEntry[];
  /** Prompt caching at the vendor: breakpoints placed for clients that send none. */
  promptCache?: PromptCachePolicyV1;
}
