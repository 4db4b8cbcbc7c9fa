import type { ConformanceGateway } from '../conformance-types.js';

/** `POST /v1/chat/completions` to a pipeline gateway with its service key: for a provider's own tests over real HTTP. */
export function postChatCompletion(gateway: ConformanceGateway, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${gateway.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gateway.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
