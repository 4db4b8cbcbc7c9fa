#!/usr/bin/env node
// Writes docs/config-reference.md from the config schema and its notes (run after a build:
// `npx pnpm@10.34.9 --filter @modelgate/gateway run build`). `--check` only compares, exiting 1
// when the committed file is stale; `npm test` runs the same comparison
// (apps/gateway/test/docs/config-reference.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderConfigReference } from '../dist/config/render-config-reference.js';

const target = fileURLToPath(new URL('../../../docs/config-reference.md', import.meta.url));
const expected = renderConfigReference();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== expected) {
    console.error(`${target} is stale: run node apps/gateway/scripts/generate-config-reference.mjs`);
    process.exit(1);
  }
  console.log(`${target} is current`);
} else {
  writeFileSync(target, expected);
  console.log(`wrote ${target}`);
}
