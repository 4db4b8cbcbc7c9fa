import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPOSITORY_ROOT } from './workspace-paths.js';

/** The vendor families the bench routes to, by the provider package that speaks each. */
export type ProviderFamily = 'openai' | 'anthropic' | 'google';

const PROVIDER_PACKAGES: Readonly<Record<ProviderFamily, string>> = { openai: 'provider-openai', anthropic: 'provider-anthropic', google: 'provider-google' };

/** A built checkout of this repository: the gateway and the provider plugins it is run with. */
export interface Checkout {
  readonly root: string;
  readonly gatewayMain: string;
  /** Each family's built plugin (`packages/provider-*\/dist/index.js`), when it exists. */
  readonly plugins: Readonly<Partial<Record<ProviderFamily, string>>>;
}

/** The built gateway and plugins under a checkout's root; throws when the gateway is not built. */
export function builtCheckout(root: string): Checkout {
  const absolute = resolve(root);
  const gatewayMain = join(absolute, 'apps/gateway/dist/main.js');
  if (!existsSync(gatewayMain)) throw new Error(`${absolute} has no apps/gateway/dist/main.js: build that checkout first (npx pnpm@10.34.9 exec turbo run build --filter=@modelgate/gateway...)`);
  const plugins: Partial<Record<ProviderFamily, string>> = {};
  for (const [family, directory] of Object.entries(PROVIDER_PACKAGES) as [ProviderFamily, string][]) {
    const plugin = join(absolute, 'packages', directory, 'dist/index.js');
    if (existsSync(plugin)) plugins[family] = plugin;
  }
  return { root: absolute, gatewayMain, plugins };
}

/** This workspace, which `pnpm bench` has just built. */
export function workspaceCheckout(): Checkout {
  return builtCheckout(REPOSITORY_ROOT);
}
