import type { AdminConfig } from '../config/gateway-config.js';
import { GuardedRouter } from '../http/create-router.js';
import { readJsonBody } from '@modelgate/pipeline';
import type { ModelDeployments } from '../deployments/deployment-report.js';
import type { GatewayStore } from '../store/gateway-store.js';
import { createAdminAuthMiddleware } from './admin-auth-middleware.js';
import { KeyService } from './key-service.js';
import { listKeySpend } from './key-spend.js';
import { buildUsageReport, buildUsageSeries, type UsageQuery, type UsageSeriesParams } from './usage-report.js';

const ADMIN_BODY_LIMIT_BYTES = 64 * 1024;

/** `/admin`: issue and manage keys, read usage; every route behind the admin token. Mounted by create-app, beside `/v1`. */
export function createAdminRouter(store: GatewayStore, config: AdminConfig | undefined, deployments: () => readonly ModelDeployments[]): GuardedRouter {
  const keys = new KeyService(store);
  const router = new GuardedRouter('/admin', 'admin-token', createAdminAuthMiddleware(config));
  router.post('/keys', async (ctx) => {
    ctx.status = 201;
    ctx.body = await keys.create(await readJsonBody(ctx.req, ADMIN_BODY_LIMIT_BYTES));
  });
  router.get('/keys', async (ctx) => {
    ctx.body = { object: 'list', data: await keys.list() };
  });
  router.get('/keys/:id', async (ctx) => {
    ctx.body = await keys.show(ctx.params.id!);
  });
  router.post('/keys/:id/revoke', async (ctx) => {
    ctx.body = await keys.revoke(ctx.params.id!);
  });
  router.post('/keys/:id/rotate', async (ctx) => {
    ctx.body = await keys.rotate(ctx.params.id!);
  });
  router.post('/keys/:id/disable', async (ctx) => {
    ctx.body = await keys.setDisabled(ctx.params.id!, true);
  });
  router.post('/keys/:id/enable', async (ctx) => {
    ctx.body = await keys.setDisabled(ctx.params.id!, false);
  });
  router.get('/deployments', async (ctx) => {
    ctx.body = { object: 'list', data: deployments() };
  });
  router.get('/usage', async (ctx) => {
    ctx.body = await buildUsageReport(store, ctx.query as UsageQuery);
  });
  router.get('/usage/series', async (ctx) => {
    ctx.body = await buildUsageSeries(store, ctx.query as UsageSeriesParams);
  });
  router.get('/spend', async (ctx) => {
    ctx.body = { object: 'list', data: await listKeySpend(store) };
  });
  return router;
}
