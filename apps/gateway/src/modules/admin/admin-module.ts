import { createAdminRouter } from '../../admin/admin-router.js';
import { defineModule } from '../gateway-module.js';

/** The `/admin` API (keys, usage, deployments), behind the admin token; off without `admin`. */
export const adminModule = defineModule({
  id: 'admin',
  create(config, context) {
    return { routers: [createAdminRouter(context.store, config.admin, context.deploymentReport)] };
  },
});
