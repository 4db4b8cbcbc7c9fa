import type { UpstreamIntent } from '@modelgate/pipeline';

/** The operations whose answers depend on the request alone. */
const CACHEABLE_ENDPOINTS: ReadonlySet<string> = new Set(['chat', 'messages', 'responses', 'embeddings', 'generate_content', 'embed_content']);

/**
 * Whether a request's answer may be replayed. A Responses answer the vendor stores (`store` not
 * false) or runs in the background names vendor-side state by its id: a replay with a fresh id
 * would name nothing, and one with the old id would hand a second caller the first one's state.
 */
export function isCacheableRequest(intent: UpstreamIntent): boolean {
  if (!CACHEABLE_ENDPOINTS.has(intent.endpoint)) return false;
  // A Gemini stream is framed as SSE or as one JSON array by the query (`alt=sse`), which the key does not see.
  if (intent.endpoint === 'generate_content') return !intent.stream;
  if (intent.endpoint !== 'responses') return true;
  const body = intent.body as { store?: boolean; background?: boolean };
  return body.store === false && body.background !== true;
}

/** The client's `Cache-Control`: `no-store` leaves the cache out, `no-cache` skips the lookup but stores the fresh answer. */
export function readCacheControl(header: string | string[] | undefined): { readonly lookup: boolean; readonly store: boolean } {
  const directives = new Set(
    [header ?? []]
      .flat()
      .flatMap((value) => value.split(','))
      .map((directive) => directive.trim().toLowerCase()),
  );
  if (directives.has('no-store')) return { lookup: false, store: false };
  return { lookup: !directives.has('no-cache'), store: true };
}
