import type { ProviderTestingEntry } from '@modelgate/testkit';

/**
 * A provider's `./testing` entry (`<package>/testing`), checked for the uniform shape the demo
 * profile uses, so that a bundled provider without one fails at start with its name.
 */
export async function loadProviderTestingEntry(packageName: string): Promise<ProviderTestingEntry> {
  const specifier = `${packageName}/testing`;
  const entry = (await import(specifier)) as Partial<ProviderTestingEntry>;
  if (typeof entry.startSimulator !== 'function' || typeof entry.simulatorSettings !== 'function' || !Array.isArray(entry.demoModels)) {
    throw new Error(`${specifier} must export startSimulator(), simulatorSettings(simulator) and demoModels`);
  }
  return entry as ProviderTestingEntry;
}
