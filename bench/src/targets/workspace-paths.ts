import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's root (bench/dist/targets → three levels up). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const GATEWAY_MAIN = join(REPOSITORY_ROOT, 'apps/gateway/dist/main.js');

export const OPENAI_PLUGIN = join(REPOSITORY_ROOT, 'packages/provider-openai/dist/index.js');

export const ANTHROPIC_PACKAGE_DIRECTORY = join(REPOSITORY_ROOT, 'packages/provider-anthropic');

export const TURBO = join(REPOSITORY_ROOT, 'node_modules/.bin/turbo');

export const PORTKEY_SERVER = join(dirname(fileURLToPath(import.meta.resolve('@portkey-ai/gateway/package.json'))), 'build/start-server.js');
