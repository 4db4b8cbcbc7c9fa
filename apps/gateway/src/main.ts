// The process entry (`node dist/main.js`, what `npm start` runs): the same as `modelgate serve`.
// Only the version check is imported statically: on a Node.js too old for the gateway's imports
// (node:sqlite, zstd) it explains instead of crashing.
import { exitIfNodeTooOld } from './runtime/node-version.js';

exitIfNodeTooOld();
const { serveGateway } = await import('./server/serve-gateway.js');
try {
  await serveGateway({ env: process.env });
} catch (error) {
  process.stderr.write(`modelgate: ${(error as Error).message}\n`);
  process.exit(1);
}
