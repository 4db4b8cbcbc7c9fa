import { openAiErrorFormat, type OpenAiSimulatorEndpoint, type OpenAiSimulatorExchange } from '@modelgate/provider-openai-compatible/testing';
import { writeEventStream, writeJsonReply } from '@modelgate/testkit';
import { ResponseEventFramer } from './frame-response-events.js';
import type { OrganisationResponses, StoredResponse } from './organisation-responses.js';

const ID = '([^/]+)';

/**
 * OpenAI's answer to a response id the organisation does not hold: 404, "Response with id '…' not
 * found.", `param: "response_id"` (vLLM's OpenAI-compatible server mirrors it:
 * vllm/entrypoints/openai/serving_responses.py, read 2026-11-27; PROTOCOLS C.8).
 */
function notFound(exchange: OpenAiSimulatorExchange, id: string): void {
  exchange.sendProblem({ status: 404, message: `Response with id '${id}' not found.`, type: 'invalid_request_error', param: 'response_id', code: null });
}

function stored(exchange: OpenAiSimulatorExchange, organisation: OrganisationResponses, pattern: RegExp): { id: string; found?: StoredResponse } {
  const id = decodeURIComponent(pattern.exec(exchange.request.path)![1]!);
  return { id, found: organisation.find(id) };
}

function reply(exchange: OpenAiSimulatorExchange, body: unknown): Promise<void> {
  const { response, fault, signal, headers } = exchange;
  return writeJsonReply(response, body, { fault, format: openAiErrorFormat, signal, headers });
}

/** `?limit=` (1–100, default 20), `?order=` (`asc`|`desc`, default `desc`) and `?after=` over a stored response's input items. */
function pageOf(items: readonly Record<string, unknown>[], query: Record<string, string>) {
  const ordered = query.order === 'asc' ? [...items] : [...items].reverse();
  const start = query.after === undefined ? 0 : ordered.findIndex((item) => item.id === query.after) + 1;
  const limit = Math.min(Math.max(Number(query.limit ?? 20) || 20, 1), 100);
  const data = ordered.slice(start, start + limit);
  return { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: start + limit < ordered.length };
}

/**
 * The stored-response endpoints of the Responses API (PROTOCOLS C.8): `GET /v1/responses/{id}`
 * (the object; `?stream=true` replays its events), `DELETE` (`{id, object, deleted}`), `POST
 * …/cancel` (a response not created with `background: true` cannot be cancelled: 400 "Cannot
 * cancel a synchronous response.", as vLLM mirrors it) and `GET …/input_items` (a cursor page).
 * One organisation's: an id another simulator stored is unknown here.
 */
export function storedResponseEndpoints(organisation: OrganisationResponses): OpenAiSimulatorEndpoint[] {
  const one = new RegExp(`^/v1/responses/${ID}$`);
  const cancel = new RegExp(`^/v1/responses/${ID}/cancel$`);
  const items = new RegExp(`^/v1/responses/${ID}/input_items$`);
  return [
    {
      method: 'GET',
      path: one,
      async answer(exchange) {
        const { id, found } = stored(exchange, organisation, one);
        if (!found) return notFound(exchange, id);
        if (exchange.request.query.stream !== 'true') return reply(exchange, found.response);
        const framer = new ResponseEventFramer();
        const { response, fault, signal, headers } = exchange;
        await writeEventStream(response, { events: framer.frame(found.events()), fault, format: framer.errorFormat, signal, headers });
      },
    },
    {
      method: 'DELETE',
      path: one,
      async answer(exchange) {
        const { id } = stored(exchange, organisation, one);
        if (!organisation.forget(id)) return notFound(exchange, id);
        return reply(exchange, { id, object: 'response', deleted: true });
      },
    },
    {
      method: 'POST',
      path: cancel,
      async answer(exchange) {
        const { id, found } = stored(exchange, organisation, cancel);
        if (!found) return notFound(exchange, id);
        exchange.sendProblem({ status: 400, message: 'Cannot cancel a synchronous response.', type: 'invalid_request_error', param: null, code: null });
      },
    },
    {
      method: 'GET',
      path: items,
      async answer(exchange) {
        const { id, found } = stored(exchange, organisation, items);
        if (!found) return notFound(exchange, id);
        return reply(exchange, pageOf(found.inputItems, exchange.request.query));
      },
    },
  ];
}
