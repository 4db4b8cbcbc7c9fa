import type { AnthropicModelInfo, AnthropicModelList } from '@modelgate/core';
import type { ModelRoute } from '../../routing/model-router.js';

/** A model as Anthropic's `GET /v1/models` lists it (PROTOCOLS D.7): its card's display name, its date as RFC 3339. */
export function anthropicModelInfo(route: ModelRoute, name: string): AnthropicModelInfo {
  return { type: 'model', id: name, display_name: route.card?.displayName ?? name, created_at: new Date(route.created * 1000).toISOString() };
}

/** Anthropic's paging of the model list: `limit` (1 to 1000, default 20), then `after_id` or `before_id`. */
export interface AnthropicPageQuery {
  readonly limit?: string;
  readonly after_id?: string;
  readonly before_id?: string;
}

function pageSize(limit: string | undefined): number {
  const parsed = limit === undefined ? 20 : Number(limit);
  return Number.isInteger(parsed) ? Math.min(1000, Math.max(1, parsed)) : 20;
}

/**
 * One page of the list, as Anthropic pages it: the models after `after_id` (or before `before_id`),
 * at most `limit`, with `has_more` and the ids the SDKs' auto-paging continues from.
 */
export function anthropicModelPage(models: readonly AnthropicModelInfo[], query: AnthropicPageQuery): AnthropicModelList {
  const size = pageSize(query.limit);
  let page: readonly AnthropicModelInfo[];
  let hasMore: boolean;
  if (query.before_id !== undefined) {
    const end = Math.max(0, models.findIndex((model) => model.id === query.before_id));
    page = models.slice(Math.max(0, end - size), end);
    hasMore = end - size > 0;
  } else {
    const start = query.after_id === undefined ? 0 : models.findIndex((model) => model.id === query.after_id) + 1;
    page = start === 0 && query.after_id !== undefined ? [] : models.slice(start, start + size);
    hasMore = start + size < models.length && page.length > 0;
  }
  return { data: [...page], has_more: hasMore, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null };
}
