/** A provider package shipped with the gateway (one of its dependencies). */
export interface BundledProvider {
  readonly package: string;
  /** The instance id it is served under by default. */
  readonly id: string;
}

/**
 * The providers the gateway bundles. Adding a vendor to the bundle is one line here: the demo
 * profile takes each one's simulator from the package's `./testing` entry.
 */
export const BUNDLED_PROVIDERS: readonly BundledProvider[] = [
  { package: '@modelgate/provider-openai', id: 'openai' },
  { package: '@modelgate/provider-anthropic', id: 'anthropic' },
];
