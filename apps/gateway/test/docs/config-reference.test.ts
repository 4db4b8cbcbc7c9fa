import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { GATEWAY_ENVIRONMENT_NOTES } from '../../src/config/environment-variables.js';
import { configSections, renderConfigReference } from '../../src/config/render-config-reference.js';

const REFERENCE = fileURLToPath(new URL('../../../../docs/config-reference.md', import.meta.url));
const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(directory, entry.name)] : []))),
  );
  return nested.flat();
}

// docs/config-reference.md is generated from the config schema's fragments (the core's and each
// module's), so it cannot go stale: a field declared without a description, an environment variable
// read without a note, or a committed file that differs from the generator's output fails here.
describe('docs/config-reference.md', () => {
  it('describes every field of the assembled config schema, from its fragment', () => {
    const fields = configSections().flatMap((section) => section.fields);
    expect(fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['storage.path', 'models[].pricing', 'models[].pricing.input', 'admin.tokenHash', 'usage.spoolFsync', 'server.requestTimeoutMs', 'upstream.maxResponseBytes', 'metrics.keyLabels', 'tracing.sampleRatio', 'keys[].budget.usd']),
    );
    expect(fields.filter((field) => typeof field.schema.description !== 'string' || field.schema.description === '').map((field) => field.path)).toEqual([]);
  });

  it('names every environment variable the gateway reads', async () => {
    const read = new Set<string>();
    for (const file of await sourceFiles(SOURCE)) {
      for (const match of (await readFile(file, 'utf8')).matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]{2,})/g)) read.add(match[1]!);
    }
    expect([...read].filter((name) => !GATEWAY_ENVIRONMENT_NOTES[name]).sort()).toEqual([]);
    expect(Object.keys(GATEWAY_ENVIRONMENT_NOTES).filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it('is what the generator writes (node apps/gateway/scripts/generate-config-reference.mjs after a build)', () => {
    expect(readFileSync(REFERENCE, 'utf8')).toBe(renderConfigReference());
  });
});
