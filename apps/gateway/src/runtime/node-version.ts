// The first module the entry points load, before anything that needs a recent Node.js: it must
// import nothing and parse on old runtimes, so that they print a message instead of crashing on
// an import (`node:sqlite`, zstd in `node:zlib`, `module.registerHooks` all need 22.15).

export const MINIMUM_NODE_VERSION = '22.15.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Is `version` (`22.15.0` or `v22.15.0`) at least MINIMUM_NODE_VERSION? */
export function isSupportedNodeVersion(version: string): boolean {
  const actual = parts(version);
  const minimum = parts(MINIMUM_NODE_VERSION);
  for (let index = 0; index < minimum.length; index++) {
    const difference = (actual[index] ?? 0) - minimum[index]!;
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** What to tell someone running an older Node.js; undefined when the version will do. */
export function unsupportedNodeVersionMessage(version: string): string | undefined {
  if (isSupportedNodeVersion(version)) return undefined;
  return [
    `modelgate needs Node.js ${MINIMUM_NODE_VERSION.replace(/\.0$/, '')} or newer (this is v${version.replace(/^v/, '')}).`,
    'Install a current Node.js (https://nodejs.org, or `nvm install 24`), or, inside the Modelgate',
    'repository after one `npm start` or `npm test`, use the Node.js it pinned: `npm run modelgate -- …`',
    'or `node_modules/node/bin/node apps/gateway/bin/modelgate.mjs …`.',
  ].join('\n');
}

/** Prints the message and exits 1 on an older Node.js; returns otherwise. */
export function exitIfNodeTooOld(): void {
  const message = unsupportedNodeVersionMessage(process.versions.node);
  if (message === undefined) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
