#!/usr/bin/env node
// Moves issued keys and usage records from the store one config names to the store another names
// (SQLite → PostgreSQL), after a build: `node apps/gateway/scripts/copy-store.mjs --from old.yaml --to new.yaml`.
// Stop the gateway first (SIGTERM writes its last usage records), copy, then start it on the new config.
import { parseArgs } from 'node:util';
import { loadGatewayConfig } from '../dist/config/load-gateway-config.js';
import { copyStore } from '../dist/store/copy-store.js';
import { openGatewayStore } from '../dist/store/open-gateway-store.js';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
if (!values.from || !values.to) {
  console.error('usage: copy-store.mjs --from <config of the old store> --to <config of the new store>');
  process.exit(2);
}

async function open(file) {
  const { config, baseDirectory } = await loadGatewayConfig(file, process.env);
  console.log(`${file}: ${config.storage.driver}`);
  return openGatewayStore(config.storage, process.env, baseDirectory);
}

const source = await open(values.from);
let target;
try {
  target = await open(values.to);
  const copied = await copyStore(source, target);
  console.log(`copied ${copied.keys} keys (${copied.keysAlreadyThere} already there) and ${copied.usageRecords} usage records`);
} catch (error) {
  console.error(`copy-store: ${error.message}`);
  process.exitCode = 1;
} finally {
  await target?.close();
  await source.close();
}
