import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The gateway package's folder (apps/gateway in this repository), from src/ and dist/ alike. */
export const GATEWAY_PACKAGE_DIRECTORY = fileURLToPath(new URL('../..', import.meta.url));

/** The gateway's version, from its package.json. */
export function gatewayVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
