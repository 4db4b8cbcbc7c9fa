import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);

// Only the parts of undici the transport runs. Its index also loads fetch, WebSocket,
// EventSource, the mock and cache layers (with a SQLite store) and Node's own bundled undici: about
// 13 MB of RSS in a gateway that never uses them. undici is pinned and has no `exports` map, so
// these paths are its published files; the transport suite runs on them.
export const Agent = require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
export const Pool = require('undici/lib/dispatcher/pool.js') as typeof Undici.Pool;
export const Client = require('undici/lib/dispatcher/client.js') as typeof Undici.Client;
export const errors = require('undici/lib/core/errors.js') as typeof Undici.errors;
export type Agent = Undici.Agent;
