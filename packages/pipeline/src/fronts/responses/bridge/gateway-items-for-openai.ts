import type { CallContextV1, ResponsesRequest } from '@modelgate/core';
import { COMPACTION_SUMMARY_PREFIX } from './convert-responses-input.js';
import { decodeMinted } from './minted-reasoning.js';

/**
 * A Responses request for an OpenAI-family model, rid of the items the gateway minted when it
 * bridged earlier turns to another family (the client switched models, or a fallback): OpenAI
 * cannot read them and rejects the request with 400 `invalid_encrypted_content` (PROTOCOLS C.4,
 * "Never forward a gateway-minted encrypted_content to OpenAI"). A gateway compaction becomes its
 * summary as a user message; reasoning another model produced is left out, with a warning. Any
 * other request is returned as it came, so the pass-through still relays the client's bytes.
 */
export function withoutGatewayItems(request: ResponsesRequest, call: CallContextV1): ResponsesRequest {
  const input = request.input;
  if (!Array.isArray(input) || !input.some((item) => decodeMinted(item.encrypted_content) !== undefined)) return request;
  const kept = input.flatMap((item, index) => {
    const minted = decodeMinted(item.encrypted_content);
    if (!minted) return [item];
    if (minted.summary !== undefined) return [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: COMPACTION_SUMMARY_PREFIX + minted.summary }] }];
    call.warn({ kind: 'dropped-parameter', parameter: `input[${index}]`, reason: 'reasoning another model produced through the gateway; only that model can read it' });
    return [];
  });
  return { ...request, input: kept };
}
