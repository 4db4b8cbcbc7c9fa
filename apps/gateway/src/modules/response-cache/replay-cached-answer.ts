import { randomBytes } from 'node:crypto';
import type { CachedAnswer } from './response-cache-store.js';

/** `"created": 1700000000` or `"created_at": …` as JSON writes it (never inside a string, where the quotes are escaped). */
const CREATED_MEMBER = /(?<!\\)"(created|created_at)"(\s*:\s*)\d+/g;

/**
 * A cached answer as a new one: its id (a chat completion's, a Messages answer's, a Responses
 * answer's, wherever it appears) replaced by a fresh id of the same prefix, and its creation time
 * by now, in every event of a stream alike.
 */
export function replayCachedAnswer(answer: CachedAnswer, nowSeconds = Math.floor(Date.now() / 1000)): CachedAnswer {
  const texts = 'body' in answer ? [answer.body] : answer.events;
  const oldId = texts.map(answerIdIn).find((id) => id !== undefined);
  const newId = oldId === undefined ? undefined : freshIdLike(oldId);
  const renew = (text: string): string => {
    const renamed = oldId === undefined ? text : text.split(oldId).join(newId!);
    return renamed.replace(CREATED_MEMBER, (_member, name: string, separator: string) => `"${name}"${separator}${nowSeconds}`);
  };
  return 'body' in answer ? { ...answer, body: renew(answer.body) } : { ...answer, events: answer.events.map(renew) };
}

/** The answer's id in a whole body or one SSE event: `id` (Gemini's `responseId`), a `message_start`'s `message.id`, a Responses event's `response.id`. */
function answerIdIn(text: string): string | undefined {
  for (const json of jsonPayloadsOf(text)) {
    const candidate = json as { id?: unknown; responseId?: unknown; message?: { id?: unknown }; response?: { id?: unknown } };
    for (const id of [candidate.id, candidate.responseId, candidate.message?.id, candidate.response?.id]) {
      if (typeof id === 'string' && id.length >= 8) return id;
    }
  }
  return undefined;
}

/** The JSON values of a whole body, or of an SSE event's `data:` lines. */
export function jsonPayloadsOf(text: string): unknown[] {
  const sources = text.startsWith('{') || text.startsWith('[') ? [text] : text.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
  return sources.flatMap((source) => {
    try {
      return [JSON.parse(source) as unknown];
    } catch {
      return [];
    }
  });
}

function freshIdLike(id: string): string {
  const prefix = /^[A-Za-z]+[_-]/.exec(id)?.[0] ?? '';
  return prefix + randomBytes(12).toString('hex');
}
