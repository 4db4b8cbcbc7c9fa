import type { AnyProviderPluginV1 } from '@modelgate/core';
import anthropicPlugin from '@modelgate/provider-anthropic';
import azureOpenAiPlugin from '@modelgate/provider-azure-openai';
import bedrockPlugin from '@modelgate/provider-bedrock';
import bedrockConversePlugin from '@modelgate/provider-bedrock/converse';
import deepSeekPlugin from '@modelgate/provider-deepseek';
import googlePlugin from '@modelgate/provider-google';
import openAiPlugin from '@modelgate/provider-openai';
import openAiCompatiblePlugin from '@modelgate/provider-openai-compatible';
import vertexPlugin from '@modelgate/provider-vertex';

/** A provider package shipped with the gateway (one of its dependencies). */
export interface BundledProvider {
  readonly package: string;
  readonly plugin: AnyProviderPluginV1;
  /** The instance id it is served under by default. */
  readonly id: string;
  /**
   * Served without a config file: in the demo profile (its `./testing` simulator) and the vendor
   * profile (its declared environment variables). A base that serves no vendor of its own is not.
   */
  readonly inProfiles: boolean;
  /**
   * Served by the vendor profile from its declared environment variables, but not in the demo
   * (a cloud host: its simulator needs credentials of its own).
   */
  readonly inVendorProfile?: boolean;
  /** Settings of this bundled instance that no variable gives (Vertex's Gemini instance: `publisher: google`). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/**
 * The providers the gateway bundles. Adding a vendor to the bundle is one entry here (and the
 * package in the gateway's dependencies): the profiles and the config reference derive from it.
 */
export const BUNDLED_PROVIDERS: readonly BundledProvider[] = [
  { package: '@modelgate/provider-openai', plugin: openAiPlugin as unknown as AnyProviderPluginV1, id: 'openai', inProfiles: true },
  { package: '@modelgate/provider-openai-compatible', plugin: openAiCompatiblePlugin as unknown as AnyProviderPluginV1, id: 'openai-compatible', inProfiles: false },
  { package: '@modelgate/provider-anthropic', plugin: anthropicPlugin as unknown as AnyProviderPluginV1, id: 'anthropic', inProfiles: true },
  { package: '@modelgate/provider-google', plugin: googlePlugin as unknown as AnyProviderPluginV1, id: 'google', inProfiles: true },
  { package: '@modelgate/provider-deepseek', plugin: deepSeekPlugin as unknown as AnyProviderPluginV1, id: 'deepseek', inProfiles: true },
  // Cloud hosts: each declares every variable it needs (Azure its endpoint and key, Bedrock a region
  // and AWS credentials present, Vertex a project and a key file); Bedrock serves Claude
  // (InvokeModel) and its other models (Converse), Vertex Claude and Gemini, each from two instances.
  { package: '@modelgate/provider-azure-openai', plugin: azureOpenAiPlugin as unknown as AnyProviderPluginV1, id: 'azure-openai', inProfiles: false, inVendorProfile: true },
  { package: '@modelgate/provider-bedrock', plugin: bedrockPlugin as unknown as AnyProviderPluginV1, id: 'bedrock', inProfiles: false, inVendorProfile: true },
  { package: '@modelgate/provider-bedrock/converse', plugin: bedrockConversePlugin as unknown as AnyProviderPluginV1, id: 'bedrock-converse', inProfiles: false, inVendorProfile: true },
  { package: '@modelgate/provider-vertex', plugin: vertexPlugin as unknown as AnyProviderPluginV1, id: 'vertex', inProfiles: false, inVendorProfile: true },
  { package: '@modelgate/provider-vertex', plugin: vertexPlugin as unknown as AnyProviderPluginV1, id: 'vertex-gemini', inProfiles: false, inVendorProfile: true, settings: { publisher: 'google' } },
];

/** The bundled providers served without a config file (the demo and the vendor profile). */
export function profileProviders(): readonly BundledProvider[] {
  return BUNDLED_PROVIDERS.filter((provider) => provider.inProfiles);
}

/** The bundled providers the vendor profile may serve from the environment, cloud hosts included. */
export function vendorProfileProviders(): readonly BundledProvider[] {
  return BUNDLED_PROVIDERS.filter((provider) => provider.inProfiles || provider.inVendorProfile === true);
}
