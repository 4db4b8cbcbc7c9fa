import type { ProviderPluginV1 } from './v1/provider-plugin-v1.js';

/** Identity with types: `export default defineProvider({...})` in a provider package. */
export function defineProvider<TSettings>(plugin: ProviderPluginV1<TSettings>): ProviderPluginV1<TSettings> {
  return Object.freeze(plugin);
}
