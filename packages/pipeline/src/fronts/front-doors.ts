import type { ModelCardV1, ProviderV1 } from '@modelgate/core';
import type { FrontDoor, FrontOperation, FrontPolicy } from './front-door.js';
import type { FrontQuery } from './front-query.js';
import type { StateOperation } from './state-operation.js';
import { anthropicMessagesFront } from './messages/anthropic-messages-front.js';
import { openAiChatFront } from './chat/openai-chat-front.js';
import { openAiEmbeddingsFront } from './embeddings/openai-embeddings-front.js';
import { geminiFront } from './gemini/gemini-front.js';
import { openAiResponsesFront } from './responses/openai-responses-front.js';

/**
 * Every client dialect the gateway serves: the one list that endpoint names, routes and key
 * scopes derive from. A new front is one module added here.
 */
export const FRONT_DOORS = [openAiChatFront, openAiResponsesFront, anthropicMessagesFront, openAiEmbeddingsFront, geminiFront] as const satisfies readonly FrontDoor[];

/** The endpoints that ask a model for something: one per front operation. */
export type ModelEndpoint = (typeof FRONT_DOORS)[number]['operations'][number]['endpoint'];

/** Every key scope: the model endpoints, and `models` for listing them. */
export type GatewayEndpoint = ModelEndpoint | 'models';

/** Each once: operations that are one in the vendor's eyes share a scope (Gemini's `generateContent` and `streamGenerateContent`). */
export const MODEL_ENDPOINTS: readonly ModelEndpoint[] = [...new Set(FRONT_DOORS.flatMap((front) => front.operations.map((operation) => operation.endpoint)))];

export const GATEWAY_ENDPOINTS: readonly GatewayEndpoint[] = [...MODEL_ENDPOINTS, 'models'];

/** A front's query with the front whose conventions (key, error envelope) it follows. */
export interface FrontQueryRoute {
  readonly front: FrontDoor;
  readonly query: FrontQuery;
}

/** Every front operation with the front it belongs to, for hosts that register routes. */
export function frontOperations(): ReadonlyArray<{ readonly front: FrontDoor; readonly operation: FrontOperation }> {
  return FRONT_DOORS.flatMap((front) => front.operations.map((operation) => ({ front, operation })));
}

/** Every path fronts answer themselves (`GET`), with the fronts' queries for it in the order of the fronts. */
export function frontQueries(): ReadonlyArray<{ readonly method: 'GET'; readonly path: string; readonly routes: readonly FrontQueryRoute[] }> {
  const byPath = new Map<string, FrontQueryRoute[]>();
  for (const front of FRONT_DOORS as readonly FrontDoor[]) {
    for (const query of front.queries ?? []) byPath.set(query.path, [...(byPath.get(query.path) ?? []), { front, query }]);
  }
  return [...byPath].map(([path, routes]) => ({ method: 'GET', path, routes }));
}

/** A front's endpoint about vendor-side state, with the front whose conventions it follows. */
export interface StateOperationRoute {
  readonly front: FrontDoor;
  readonly operation: StateOperation;
}

/** Every endpoint about vendor-side state by id, in the order of the fronts. */
export function frontStateOperations(): readonly StateOperationRoute[] {
  return (FRONT_DOORS as readonly FrontDoor[]).flatMap((front) => (front.stateOperations ?? []).map((operation) => ({ front, operation })));
}

/**
 * The model endpoints a provider serves for one of its models (under the gateway's settings, when
 * given), in the order of the fronts: an embedding model's (its card says `embeddings`) or a
 * generation model's (any other, a model without a card included).
 */
export function endpointsServedBy(provider: ProviderV1, policy?: FrontPolicy, card?: ModelCardV1): ModelEndpoint[] {
  const kind = card?.capabilities?.embeddings === true ? 'embedding' : 'generation';
  const served = frontOperations()
    .filter(({ operation }) => (operation.modelKind ?? 'generation') === kind && operation.serves(provider, policy))
    .map(({ operation }) => operation.endpoint as ModelEndpoint);
  return [...new Set(served)];
}

/** The path of a model endpoint as people write it (`chat` → `/v1/chat/completions`, `generate_content` → `/v1beta/models/{model}:generateContent`). */
export function endpointPath(endpoint: string): string | undefined {
  const path = frontOperations().find(({ operation }) => operation.endpoint === endpoint)?.operation.path;
  return path?.replace(/\*(\w+)/, '{$1}').replaceAll('\\:', ':');
}
