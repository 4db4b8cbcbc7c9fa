import { adminModule } from './admin/admin-module.js';
import { adminUiModule } from './admin-ui/admin-ui-module.js';
import { catalogModule } from './catalog/catalog-module.js';
import type { GatewayModule } from './gateway-module.js';
import { guardrailsModule } from './guardrails/guardrails-module.js';
import { healthModule } from './health/health-module.js';
import { keysModule } from './keys/keys-module.js';
import { limitsModule } from './limits/limits-module.js';
import { payloadCaptureModule } from './payload-capture/payload-capture-module.js';
import { metricsModule } from './metrics/metrics-module.js';
import { responseCacheModule } from './response-cache/response-cache-module.js';
import { stateOwnersModule } from './state-owners/state-owners-module.js';
import { tracingModule } from './tracing/tracing-module.js';
import { usageModule } from './usage/usage-module.js';

/**
 * The gateway's capabilities, in order: the order their hooks run at each point of a request
 * (limits admit before usage notes the admission; guardrails check a prompt once it is admitted, and capture keeps what they left; usage records before state owners and metrics
 * hear of it) and the order of their routes. Adding a capability adds a line here.
 */
export const GATEWAY_MODULES: readonly GatewayModule<never>[] = [
  keysModule,
  limitsModule,
  guardrailsModule,
  payloadCaptureModule,
  usageModule,
  responseCacheModule,
  stateOwnersModule,
  healthModule,
  catalogModule,
  adminUiModule,
  adminModule,
  metricsModule,
  tracingModule,
];
