import { createAdminUiRouter } from '../../routes/admin-ui-route.js';
import { defineModule } from '../gateway-module.js';

/** The admin web UI at `/ui`: static pages that sign in with the admin token and read `/admin`. */
export const adminUiModule = defineModule({
  id: 'admin-ui',
  create: () => ({ routers: [createAdminUiRouter()] }),
});
