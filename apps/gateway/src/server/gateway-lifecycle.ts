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
}
