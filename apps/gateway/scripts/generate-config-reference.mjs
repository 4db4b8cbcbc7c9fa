#!/usr/bin/env node
// Writes docs/config-reference.md from the config schema (its fragments' descriptions and defaults) (run after a build:
// `npx pnpm@10.34.9 --filter @modelgate/gateway run build`). `--check` only compares, exiting 1
// when the committed file is stale; `npm test` runs the same comparison
// (apps/gateway/test/docs/config-reference.test.ts).
import { fileURLToPath } from 'node:url';
import { renderConfigReference } from '../dist/config/render-config-reference.js';
import { writeGeneratedDoc } from './write-generated-doc.mjs';

writeGeneratedDoc(fileURLToPath(new URL('../../../docs/config-reference.md', import.meta.url)), renderConfigReference(), 'generate-config-reference.mjs');
