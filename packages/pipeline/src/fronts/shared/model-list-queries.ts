import { invalidRequest } from '@modelgate/core';
import type { ModelRoute } from '../../routing/model-router.js';
import { keyMayUseModel, resolveModelForKey } from '../../scope/key-scope.js';
import { anthropicModelInfo, anthropicModelPage } from '../messages/anthropic-model-list.js';
import type { FrontQuery, FrontQueryInput } from '../front-query.js';

/** The id in `/v1/models/{id}` (ids may contain `/` and `:`), resolved for the key. */
function requestedModel({ key, path, models }: FrontQueryInput): { readonly route: ModelRoute; readonly name: string } {
  const id = path.slice(path.indexOf('/models/') + '/models/'.length);
  let name: string;
  try {
    name = decodeURIComponent(id);
  } catch {
    throw invalidRequest('The model id in the URL is not valid percent-encoding.', 'model');
  }
  return { route: resolveModelForKey(models, key, name), name };
}

const mayUse = (input: FrontQueryInput) => (names: readonly string[], family: string) => keyMayUseModel(input.key, names, family);

/** `GET /v1/models` and `GET /v1/models/{id}` in OpenAI's shapes: the models this key may use (by an alias, when only the alias is in its scope). */
export const openAiModelQueries: readonly FrontQuery[] = [
  { method: 'GET', path: '/v1/models', endpoint: 'models', answer: (input) => ({ object: 'list', data: input.models.listFor(mayUse(input)) }) },
  {
    method: 'GET',
    path: '/v1/models/*id',
    endpoint: 'models',
    answer(input) {
      const { route, name } = requestedModel(input);
      return input.models.describe(route, name);
    },
  },
];

/** The same in Anthropic's shapes (`models.list()` pages, PROTOCOLS D.7). */
export const anthropicModelQueries: readonly FrontQuery[] = [
  { method: 'GET', path: '/v1/models', endpoint: 'models', answer: (input) => anthropicModelPage(input.models.listFor(mayUse(input), anthropicModelInfo), input.query) },
  {
    method: 'GET',
    path: '/v1/models/*id',
    endpoint: 'models',
    answer(input) {
      const { route, name } = requestedModel(input);
      return anthropicModelInfo(route, name);
    },
  },
];
