import type { ModelPricingV1 } from '@modelgate/core';

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
}
