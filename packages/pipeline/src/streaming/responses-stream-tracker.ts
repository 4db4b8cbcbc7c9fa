import { formatSseEvent, upstreamProtocolError, type CompletionUsage, type GatewayError, type ResponsesUsage, type SseEvent } from '@modelgate/core';
import { countResponsesToolCalls } from '../fronts/responses/responses-tool-calls.js';
import { toCompletionUsage } from '../fronts/responses/responses-usage.js';
import { topLevelMembers } from '../http/json-text.js';
import type { VerbatimStreamTracker } from './relay-verbatim-stream.js';

/** `[DONE]` with a little white space around it; longer data is never it. */
const MAX_DONE_LENGTH = 16;

const TERMINAL_TYPES: ReadonlySet<string> = new Set(['response.completed', 'response.failed', 'response.incomplete', 'error']);

/**
 * Reads the events of a relayed Responses stream: the last `sequence_number`, the usage of the
 * final response, and whether a terminal event arrived (PROTOCOLS B.3). The upstream's own `error`
 * event counts as terminal, so the gateway never appends a second one.
 */
export class ResponsesStreamTracker implements VerbatimStreamTracker {
  readonly terminalEvents = 'response.completed, response.failed or response.incomplete';
  private lastSequenceNumber = -1;
  private terminalType: string | undefined;
  private responsesUsage: ResponsesUsage | undefined;
  /** Calls of per-call billed tools in the final response, when the request declared such tools. */
  serverToolCalls: Record<string, number> | undefined;

  /**
   * @param countsToolCalls the request declared tools billed per call: their calls are counted in the terminal event.
   * @param onResponse learns the final response from the terminal event (the owner of its id and blobs is recorded).
   */
  constructor(
    private readonly countsToolCalls = false,
    private readonly onResponse?: (response: { readonly id?: unknown; readonly output?: unknown }) => void,
  ) {}

  observe(event: SseEvent): void {
    // Several compatible servers end with a chat-style `[DONE]`, after the terminal event: not data.
    if (event.data.length <= MAX_DONE_LENGTH && event.data.trim() === '[DONE]') return;
    // A named event that ends nothing (the deltas, most of a stream) is relayed as it is: only its
    // sequence number is read, and its data checked to be one JSON object, not parsed.
    if (event.event !== undefined && !TERMINAL_TYPES.has(event.event)) {
      this.noteSequenceNumber(event.data);
      return;
    }
    let payload: { type?: unknown; sequence_number?: unknown; response?: { id?: unknown; output?: unknown; usage?: ResponsesUsage | null } };
    try {
      payload = JSON.parse(event.data) as typeof payload;
    } catch (error) {
      throw upstreamProtocolError('The upstream sent a Responses stream event whose data is not JSON.', error);
    }
    if (typeof payload.sequence_number === 'number') this.lastSequenceNumber = payload.sequence_number;
    const type = event.event ?? (typeof payload.type === 'string' ? payload.type : undefined);
    if (type === undefined || !TERMINAL_TYPES.has(type)) return;
    this.terminalType = type;
    if (payload.response?.usage) this.responsesUsage = payload.response.usage;
    if (payload.response) this.onResponse?.(payload.response);
    if (this.countsToolCalls) this.serverToolCalls = countResponsesToolCalls(event.data);
  }

  private noteSequenceNumber(data: string): void {
    const members = topLevelMembers(data);
    if (!members) throw upstreamProtocolError('The upstream sent a Responses stream event whose data is not JSON.');
    for (const { key, start, end } of members) {
      if (key !== 'sequence_number') continue;
      const value = Number(data.slice(start, end));
      if (Number.isFinite(value)) this.lastSequenceNumber = value;
    }
  }

  get ended(): boolean {
    return this.terminalType !== undefined;
  }

  get usage(): CompletionUsage | undefined {
    return this.responsesUsage && toCompletionUsage(this.responsesUsage);
  }

  /** The Responses API's own mid-stream `error` event, numbered one past the upstream's last. */
  failureEvent(failure: GatewayError): string {
    return formatSseEvent(
      'error',
      JSON.stringify({ type: 'error', code: failure.code, message: failure.message, param: failure.param, sequence_number: this.lastSequenceNumber + 1 }),
    );
  }
}
