import { invalidRequest } from '@modelgate/core';
import type { ModelRoute } from '../../routing/model-router.js';
import { keyMayUseModel, resolveModelForKey } from '../../scope/key-scope.js';
import type { FrontQuery, FrontQueryInput } from '../front-query.js';
import { GEMINI_API_VERSIONS, withoutModelsPrefix } from './gemini-request.js';

/** The Gemini front's methods a model offers, by its kind (Google's `supportedGenerationMethods`). */
function methodsOf(route: ModelRoute): string[] {
  return route.card?.capabilities?.embeddings === true ? ['embedContent', 'batchEmbedContents'] : ['generateContent', 'streamGenerateContent', 'countTokens'];
}

/** A model as the Gemini API's `models.get` describes it (PROTOCOLS E.9): `models/{id}`, its limits and methods. */
export function geminiModelInfo(route: ModelRoute, name: string): object {
  return {
    name: `models/${name}`,
    baseModelId: name,
    version: route.upstreamModel,
    displayName: route.card?.displayName ?? name,
    ...(route.card?.contextWindow !== undefined && { inputTokenLimit: route.card.contextWindow }),
    ...(route.card?.maxOutputTokens !== undefined && { outputTokenLimit: route.card.maxOutputTokens }),
    supportedGenerationMethods: methodsOf(route),
    ...(route.card?.capabilities?.reasoning === true && { thinking: true }),
  };
}

/** Google's paging: `pageSize` (default 50, at most 1000) and the opaque `pageToken` of the previous page (here, the offset). */
function page(models: readonly object[], query: FrontQueryInput['query']): object {
  const size = Math.min(1000, Math.max(1, Number.parseInt(query.pageSize ?? '', 10) || 50));
  const start = Math.max(0, Number.parseInt(query.pageToken ?? '', 10) || 0);
  const next = start + size < models.length ? String(start + size) : undefined;
  return { models: models.slice(start, start + size), ...(next && { nextPageToken: next }) };
}

function requestedModel({ key, path, models }: FrontQueryInput): { route: ModelRoute; name: string } {
  let name: string;
  try {
    name = withoutModelsPrefix(decodeURIComponent(path.slice(path.indexOf('/models/') + '/models/'.length)));
  } catch {
    throw invalidRequest('The model id in the URL is not valid percent-encoding.', 'model');
  }
  return { route: resolveModelForKey(models, key, name), name };
}

/**
 * `GET /{version}/models` and `/{version}/models/{model}` in Google's shapes: the models this key
 * may use. Under `/v1` the OpenAI front answers the same paths; Gemini clients are told apart by
 * their key header (`claims`).
 */
export const geminiModelQueries: readonly FrontQuery[] = GEMINI_API_VERSIONS.flatMap((version): FrontQuery[] => [
  {
    method: 'GET',
    path: `/${version}/models`,
    endpoint: 'models',
    answer: (input) => page(input.models.listFor((names, family) => keyMayUseModel(input.key, names, family), geminiModelInfo), input.query),
  },
  {
    method: 'GET',
    path: `/${version}/models/*id`,
    endpoint: 'models',
    answer(input) {
      const { route, name } = requestedModel(input);
      return geminiModelInfo(route, name);
    },
  },
]);
