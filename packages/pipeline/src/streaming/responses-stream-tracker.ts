import { upstreamProtocolError, type ResponsesUsage, type SseEvent } from '@modelgate/core';

const TERMINAL_TYPES: ReadonlySet<string> = new Set(['response.completed', 'response.failed', 'response.incomplete', 'error']);

/**
 * Reads (never rewrites) the events of a relayed Responses stream: the last `sequence_number`, the
 * usage of the final response, and whether a terminal event arrived (PROTOCOLS B.3). The upstream's
 * own `error` event counts as terminal, so the gateway never appends a second one.
 */
export class ResponsesStreamTracker {
  private lastSequenceNumber = -1;
  private terminalType: string | undefined;
  usage: ResponsesUsage | undefined;

  observe(event: SseEvent): void {
    let payload: { type?: unknown; sequence_number?: unknown; response?: { usage?: ResponsesUsage | null } };
    try {
      payload = JSON.parse(event.data) as typeof payload;
    } catch (error) {
      throw upstreamProtocolError('The upstream sent a Responses stream event whose data is not JSON.', error);
    }
    if (typeof payload.sequence_number === 'number') this.lastSequenceNumber = payload.sequence_number;
    const type = event.event ?? (typeof payload.type === 'string' ? payload.type : undefined);
    if (type === undefined || !TERMINAL_TYPES.has(type)) return;
    this.terminalType = type;
    if (payload.response?.usage) this.usage = payload.response.usage;
  }

  get ended(): boolean {
    return this.terminalType !== undefined;
  }

  /** The number a gateway-written event takes: one past the upstream's last. */
  get nextSequenceNumber(): number {
    return this.lastSequenceNumber + 1;
  }
}
