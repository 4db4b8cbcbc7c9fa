import type { ModelCapabilitiesV1, ModelPricingV1 } from '@modelgate/core';

/** One served model, as configured: the gateway's `models` entries. */
export interface ModelEntry {
  /** The public id clients send. */
  id: string;
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
}
