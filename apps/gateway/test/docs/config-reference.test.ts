import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { JsonSchema } from '@modelgate/core';
import { CONFIG_FIELD_NOTES, GATEWAY_ENVIRONMENT_NOTES } from '../../src/config/config-reference-notes.js';
import { gatewayConfigSchema } from '../../src/config/gateway-config-schema.js';
import { listConfigFields, renderConfigReference } from '../../src/config/render-config-reference.js';

const REFERENCE = fileURLToPath(new URL('../../../../docs/config-reference.md', import.meta.url));
const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(directory, entry.name)] : []))),
  );
  return nested.flat();
}

// docs/config-reference.md is generated from the config schema, so it cannot go stale: a field added
// to the schema without a note, an environment variable read without one, or a committed file that
// differs from the generator's output fails here.
describe('docs/config-reference.md', () => {
  it('has a note for every field of the config schema, and no note for a field that is gone', () => {
    const paths = listConfigFields(gatewayConfigSchema as JsonSchema as Record<string, unknown>).map((field) => field.path);
    expect(paths).toEqual(expect.arrayContaining(['storage.path', 'models[].pricing', 'models[].pricing.input', 'admin.tokenHash', 'usage.spoolFsync', 'server.requestTimeoutMs', 'upstream.maxResponseBytes']));
    expect(paths.filter((path) => !CONFIG_FIELD_NOTES[path])).toEqual([]);
    expect(Object.keys(CONFIG_FIELD_NOTES).filter((path) => !paths.includes(path))).toEqual([]);
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
