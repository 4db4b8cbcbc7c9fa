#!/usr/bin/env node
// Writes docs/models.md from the bundled providers' model cards (run after a build:
// `npx pnpm@10.34.9 --filter @modelgate/gateway run build`). `--check` only compares, exiting 1
// when the committed file is stale; `npm test` runs the same comparison
// (apps/gateway/test/docs/models-doc.test.ts).
import { fileURLToPath } from 'node:url';
import { renderModelsDoc } from '../dist/catalog/render-models-doc.js';
import { writeGeneratedDoc } from './write-generated-doc.mjs';

writeGeneratedDoc(fileURLToPath(new URL('../../../docs/models.md', import.meta.url)), renderModelsDoc(), 'generate-models-doc.mjs');
