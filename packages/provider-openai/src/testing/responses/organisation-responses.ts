import type { ResponsesRequest } from '@modelgate/core';
import { badRequest, type OpenAiProblem } from '@modelgate/provider-openai-compatible/testing';

/**
 * The stored responses of one OpenAI organisation: one simulator instance is one organisation, so
 * a `previous_response_id` minted by another instance (another organisation's key, e.g. a second
 * deployment of the same model) is unknown here, as it is to OpenAI. OpenAI answers an id it
 * does not hold with 400 `previous_response_not_found`, "Previous response with id '…' not found."
 * (OpenAI's answer quoted in maximhq/bifrost#2441, 2026-03-31; param as in PROTOCOLS' ownership rule).
 */
export class OrganisationResponses {
  private readonly stored = new Set<string>();

  /** A response OpenAI keeps (`store` defaults to true); `store: false` leaves nothing to chain. */
  remember(id: string, request: ResponsesRequest): void {
    if ((request as { store?: unknown }).store !== false) this.stored.add(id);
  }

  /** The 400 for a `previous_response_id` this organisation never stored. */
  previousResponseProblem(request: ResponsesRequest): OpenAiProblem | undefined {
    const previous = (request as { previous_response_id?: unknown }).previous_response_id;
    if (typeof previous !== 'string' || this.stored.has(previous)) return undefined;
    return badRequest(`Previous response with id '${previous}' not found.`, 'previous_response_id', 'previous_response_not_found');
  }

  clear(): void {
    this.stored.clear();
  }
}
