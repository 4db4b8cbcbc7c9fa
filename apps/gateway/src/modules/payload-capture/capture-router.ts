import { GatewayError } from '@modelgate/core';
import { createAdminAuthMiddleware } from '../../admin/admin-auth-middleware.js';
import { GuardedRouter } from '../../http/create-router.js';
import type { AdminConfig } from '../admin/admin-config.js';
import type { CaptureFilter } from './captured-exchange.js';
import type { CaptureStore } from './capture-store.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

function queryNumber(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || typeof value !== 'string') throw new GatewayError({ status: 400, code: 'invalid_query', message: `'${name}' must be a number.` });
  return number;
}

function queryText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, 256) : undefined;
}

/** The filter of `GET /admin/captures`: `key`, `model`, `status`, `from`/`to` (Unix ms or ISO dates), `limit`. */
export function captureFilterOf(query: Record<string, unknown>): CaptureFilter {
  const time = (value: unknown, name: string) => (typeof value === 'string' && /^\d{4}-/.test(value) ? Date.parse(value) : queryNumber(value, name));
  const limit = queryNumber(query.limit, 'limit') ?? DEFAULT_LIMIT;
  return {
    keyId: queryText(query.key),
    model: queryText(query.model),
    status: queryNumber(query.status, 'status'),
    from: time(query.from, 'from'),
    to: time(query.to, 'to'),
    limit: Math.max(1, Math.min(MAX_LIMIT, Math.trunc(limit))),
  };
}

/** `GET /admin/captures` (newest first, without bodies) and `GET /admin/captures/:id`, behind the admin token. */
export function createCaptureRouter(store: CaptureStore, admin: AdminConfig | undefined): GuardedRouter {
  const router = new GuardedRouter('/admin', 'admin-token', createAdminAuthMiddleware(admin));
  router.get('/captures', async (ctx) => {
    ctx.body = { object: 'list', data: await store.search(captureFilterOf(ctx.query)) };
  });
  router.get('/captures/:id', async (ctx) => {
    const capture = await store.find(ctx.params.id!);
    if (!capture) throw new GatewayError({ status: 404, code: 'capture_not_found', message: 'No capture has this id (it may have been swept by retention).' });
    ctx.body = capture;
  });
  return router;
}
