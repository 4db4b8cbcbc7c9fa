import { createAdminRouter } from '../../admin/admin-router.js';
import { defineModule } from '../gateway-module.js';
import { adminConfigFragment, type AdminSection } from './admin-config.js';

/** The `/admin` API (keys, usage, deployments), behind the admin token; off without `admin`. */
export const adminModule = defineModule<AdminSection>({
  id: 'admin',
  configSchema: adminConfigFragment,
  create(config, context) {
    return { routers: [createAdminRouter(context.store, config.admin, context.deploymentReport)] };
  },
});
