import type { ModelCapabilitiesV1, ModelPricingV1 } from '@modelgate/core';
import { endpointsServedBy, type FrontPolicy, type ModelRoute } from '@modelgate/pipeline';

/** One model as the catalogs show it (`GET /catalog`, docs/models.md): the same data for both. */
export interface CatalogEntry {
  readonly id: string;
  readonly displayName?: string;
  readonly aliases: readonly string[];
  readonly family: string;
  readonly provider: string;
  readonly upstreamModel: string;
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
  readonly pricing?: ModelPricingV1;
  readonly capabilities?: ModelCapabilitiesV1;
  /** The gateway endpoints that serve it (`chat`, `responses`, `compact`, …). */
  readonly endpoints: readonly string[];
  readonly retiresOn?: string;
}

/** `policy`: the gateway's front settings (the Responses bridge adds `responses` and `compact` to every family). */
export function catalogEntryOf(route: ModelRoute, policy?: FrontPolicy): CatalogEntry {
  const { card } = route;
  return {
    id: route.publicId,
    displayName: card?.displayName,
    aliases: route.aliases,
    family: route.instance.family,
    provider: route.instance.id,
    upstreamModel: route.upstreamModel,
    contextWindow: card?.contextWindow,
    maxOutputTokens: card?.maxOutputTokens,
    pricing: route.pricing,
    capabilities: card?.capabilities,
    endpoints: endpointsServedBy(route.instance.provider, policy, card),
    retiresOn: card?.retiresOn,
  };
}
