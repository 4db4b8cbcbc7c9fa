import { deploymentSummary } from '../../deployments/deployment-report.js';
import { GuardedRouter } from '../../http/create-router.js';
import { createHealthHandler } from '../../routes/health-route.js';
import { createReadyHandler } from '../../routes/ready-route.js';
import { defineModule } from '../gateway-module.js';

/** `GET /health` (liveness) and `GET /ready` (readiness) for load balancers, without a key. */
export const healthModule = defineModule({
  id: 'health',
  create(_config, { startedAt, limiter, store, deploymentReport }) {
    const deploymentCounts = () => deploymentSummary(deploymentReport());
    const router = new GuardedRouter(undefined, 'public', undefined)
      .get('/health', createHealthHandler(startedAt, () => limiter.health(), deploymentCounts))
      .get(
        '/ready',
        createReadyHandler({
          store: async () => store.ping?.(),
          limiter: () => limiter.health(),
          modelsWithoutDeployment: () => deploymentCounts().modelsWithoutDeployment,
        }),
      );
    return { routers: [router] };
  },
});
