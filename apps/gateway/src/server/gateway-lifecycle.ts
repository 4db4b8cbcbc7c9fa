import type { ServerResponse } from 'node:http';
import type { ConnectionClose } from '@modelgate/pipeline';

/**
 * Where a running gateway is on its way out, for requests to tell: `draining` once shutdown has
 * begun (answers then carry `Connection: close`), `cut` once the grace period is over and the
 * connections still open were closed (their requests are recorded as `shutdown`, not as clients
 * that went away).
 */
export class GatewayLifecycle {
  private phase: 'serving' | 'draining' | 'cut' = 'serving';

  get draining(): boolean {
    return this.phase !== 'serving';
  }

  get connectionsCut(): boolean {
    return this.phase === 'cut';
  }

  startDraining(): void {
    if (this.phase === 'serving') this.phase = 'draining';
  }

  cutConnections(): void {
    this.phase = 'cut';
  }

  /** What a response's connection tells as it closes; call it in the 'close' handler. */
  describeClose(response: ServerResponse): ConnectionClose {
    const finished = response.writableFinished;
    return { finished, headersSent: response.headersSent, cutByShutdown: !finished && this.connectionsCut };
  }
}
