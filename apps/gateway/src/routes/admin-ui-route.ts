import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GatewayError } from '@modelgate/core';
import { GuardedRouter } from '../http/create-router.js';

/** Where the built UI is: the `dist/` of @modelgate/admin-ui, or undefined when it is not installed. */
function uiDirectory(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@modelgate/admin-ui/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
/** Vite's hashed asset names: nothing else under /ui/assets is served. */
const ASSET_NAME = /^[\w-]+\.(js|css)$/;
/** The page loads only its own scripts and calls only the admin API; uPlot and Preact set inline styles. */
const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data: blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function notBuilt(): GatewayError {
  return new GatewayError({ status: 404, code: 'admin_ui_not_built', message: 'The admin UI is not built: run `npm run build` (or `pnpm --filter @modelgate/admin-ui run build`).' });
}

/**
 * The admin web UI at `/ui`: a static page and its hashed assets, public like any web page (they
 * hold no data). The page signs in with the admin token and reads only `/admin`.
 */
export function createAdminUiRouter(directory = uiDirectory()): GuardedRouter {
  const router = new GuardedRouter(undefined, 'public', undefined);
  const read = async (file: string) => {
    if (!directory) throw notBuilt();
    return readFile(join(directory, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw file === 'index.html' ? notBuilt() : new GatewayError({ status: 404, code: 'unknown_url', message: `Unknown request URL: GET /ui/${file}.` });
      throw error;
    });
  };
  router.get('/ui', async (ctx) => {
    ctx.body = await read('index.html');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set({ 'content-security-policy': CONTENT_SECURITY_POLICY, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  });
  router.get('/ui/assets/:file', async (ctx) => {
    const file = ctx.params.file!;
    if (!ASSET_NAME.test(file)) throw new GatewayError({ status: 404, code: 'unknown_url', message: `Unknown request URL: GET ${ctx.path}.` });
    ctx.body = await read(join('assets', file));
    ctx.type = CONTENT_TYPES[file.split('.').pop()!]!;
    ctx.set({ 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
  });
  return router;
}
