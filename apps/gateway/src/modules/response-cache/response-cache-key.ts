import { createHash } from 'node:crypto';
import type { UpstreamIntent } from '@modelgate/pipeline';

/**
 * The cache key of a request: a digest of who may read the answer (the key, or the operator's
 * shared namespace) and of everything that shapes the answer: the front operation, the model after
 * alias resolution, streamed or not, and every other parameter of the body as the client sent it
 * (objects with their keys sorted, so their order does not matter; arrays keep theirs, which does).
 */
export function responseCacheKey(scope: string, intent: UpstreamIntent): string {
  const { model: _requested, ...parameters } = intent.body as { model: string } & Record<string, unknown>;
  const request = canonicalJson({ endpoint: intent.endpoint, model: intent.route.publicId, stream: intent.stream, parameters });
  return createHash('sha256').update(scope).update('\n').update(request).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
