import type { ProviderTestingEntry } from '@modelgate/testkit';

/**
 * The simulators are built from @modelgate/testkit, which providers take as an optional peer and
 * the gateway as a devDependency: a production install has none, so the demo cannot start there.
 */
function missingTestkit(error: unknown): boolean {
  const failure = error as { code?: string; message?: string };
  return failure.code === 'ERR_MODULE_NOT_FOUND' && (failure.message ?? '').includes('@modelgate/testkit');
}

/**
 * A provider's `./testing` entry (`<package>/testing`), checked for the uniform shape the demo
 * profile uses, so that a bundled provider without one fails at start with its name.
 */
export async function loadProviderTestingEntry(packageName: string): Promise<ProviderTestingEntry> {
  const specifier = `${packageName}/testing`;
  let entry: Partial<ProviderTestingEntry>;
  try {
    entry = (await import(specifier)) as Partial<ProviderTestingEntry>;
  } catch (error) {
    if (!missingTestkit(error)) throw error;
    throw new Error(
      `the demo profile needs @modelgate/testkit (the simulators' kit, a development dependency), which this installation lacks, as a production install should: run the demo from a clone of the repository (\`npm start\`), or configure a vendor`,
      { cause: error },
    );
  }
  if (typeof entry.startSimulator !== 'function' || typeof entry.simulatorSettings !== 'function' || !Array.isArray(entry.demoModels)) {
    throw new Error(`${specifier} must export startSimulator(), simulatorSettings(simulator) and demoModels`);
  }
  return entry as ProviderTestingEntry;
}
