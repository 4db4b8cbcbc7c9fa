import type { ResponseObject, ResponsesRequest } from '@modelgate/core';
import { badRequest, type OpenAiProblem } from '@modelgate/provider-openai-compatible/testing';
import type { ResponseEventBody } from './build-response-events.js';

/**
 * The stored responses of one OpenAI organisation: one simulator instance is one organisation, so
 * a `previous_response_id` minted by another instance (another organisation's key, e.g. a second
 * deployment of the same model) is unknown here, as it is to OpenAI. OpenAI answers an id it
 * does not hold with 400 `previous_response_not_found`, "Previous response with id '…' not found."
 * (OpenAI's answer quoted in maximhq/bifrost#2441, 2026-03-31; param as in PROTOCOLS' ownership rule).
 */
/** A response OpenAI keeps: the object as answered, its input items, and how to replay its events. */
export interface StoredResponse {
  readonly response: ResponseObject;
  readonly inputItems: readonly Record<string, unknown>[];
  readonly events: () => Iterable<ResponseEventBody>;
}

export class OrganisationResponses {
  private readonly stored = new Map<string, StoredResponse>();
  /** Every blob this organisation minted: kept across `reset()`, as an organisation's keys do not change. */
  private readonly minted = new Set<string>();

  /** A response OpenAI keeps (`store` defaults to true); `store: false` leaves nothing to chain or read. */
  remember(id: string, request: ResponsesRequest, stored: StoredResponse): void {
    if ((request as { store?: unknown }).store !== false) this.stored.set(id, stored);
  }

  /** The stored response of this id, if this organisation holds it. */
  find(id: string): StoredResponse | undefined {
    return this.stored.get(id);
  }

  /** Deletes a stored response; false when there was none. */
  forget(id: string): boolean {
    return this.stored.delete(id);
  }

  /** The 400 for a `previous_response_id` this organisation never stored. */
  previousResponseProblem(request: ResponsesRequest): OpenAiProblem | undefined {
    const previous = (request as { previous_response_id?: unknown }).previous_response_id;
    if (typeof previous !== 'string' || this.stored.has(previous)) return undefined;
    return badRequest(`Previous response with id '${previous}' not found.`, 'previous_response_id', 'previous_response_not_found');
  }

  /** The `encrypted_content` blobs of output items this organisation sent (reasoning, compaction). */
  rememberBlobs(output: readonly unknown[]): void {
    for (const item of output) {
      const blob = (item as { encrypted_content?: unknown }).encrypted_content;
      if (typeof blob === 'string') this.minted.add(blob);
    }
  }

  /**
   * The 400 for an input item carrying a blob this organisation did not mint: OpenAI decrypts only
   * its own (400 `invalid_request_error`, `param: null`, `code: "invalid_encrypted_content"`,
   * "The encrypted content for item rs_… could not be verified. Reason: Encrypted content could not
   * be decrypted or parsed.", for `cmp_…` items too; PROTOCOLS C.8, openai/codex#35334,
   * Wei-Shaw/sub2api#2863; QuantumNous/new-api#4662 for a blob sent to another organisation).
   */
  foreignBlobProblem(request: ResponsesRequest): OpenAiProblem | undefined {
    if (!Array.isArray(request.input)) return undefined;
    for (const item of request.input as unknown[]) {
      const { encrypted_content: blob, id } = item as { encrypted_content?: unknown; id?: unknown };
      if (typeof blob !== 'string' || this.minted.has(blob)) continue;
      // Without an item id, OpenAI's older wording names the blob by its ends.
      const what = typeof id === 'string' ? `for item ${id}` : `${blob.slice(0, 4)}...${blob.slice(-4)}`;
      return badRequest(`The encrypted content ${what} could not be verified. Reason: Encrypted content could not be decrypted or parsed.`, null, 'invalid_encrypted_content');
    }
    return undefined;
  }

  clear(): void {
    this.stored.clear();
  }
}
