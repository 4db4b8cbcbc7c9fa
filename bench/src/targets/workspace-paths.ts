import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's root (bench/dist/targets → three levels up). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const PORTKEY_SERVER = join(dirname(fileURLToPath(import.meta.resolve('@portkey-ai/gateway/package.json'))), 'build/start-server.js');
