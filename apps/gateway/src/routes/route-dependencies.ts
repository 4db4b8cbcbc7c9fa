import type { Logger } from 'pino';
import type { ModelRouter } from '../routing/model-router.js';
import type { UpstreamTransport } from '../transport/upstream-transport.js';

export interface RouteDependencies {
  readonly models: ModelRouter;
  readonly transport: UpstreamTransport;
  readonly bodyLimitBytes: number;
  /** Deepest nesting accepted in a JSON body. */
  readonly maxJsonDepth: number;
  /** Silence after which a relayed stream gets an SSE comment keep-alive. */
  readonly keepAliveIntervalMs: number;
  readonly logger: Logger;
}
