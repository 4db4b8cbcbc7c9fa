import { createRequire } from 'node:module';
import type * as NodeHttp from 'node:http';
import type KoaRouterClass from '@koa/router';

const require = createRequire(import.meta.url);

// Loaded through `require`, not `import`: an ES import of node:http reads every export of the
// module, and three of them (WebSocket, CloseEvent, MessageEvent) are lazy getters that load
// Node's bundled undici (fetch, WebSocket), about 12 MB of RSS in a gateway that never uses it.
// @koa/router's ES build imports node:http that way; its CommonJS build requires it.

export const nodeHttp = require('node:http') as typeof NodeHttp;
export const KoaRouter = require('@koa/router') as typeof KoaRouterClass;
