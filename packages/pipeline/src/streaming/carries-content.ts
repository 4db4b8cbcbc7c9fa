import type { ChatCompletionChunk } from '@modelgate/core';

/**
 * Whether a chunk says something to the client: text, reasoning, a tool call, a refusal, a finish
 * reason or usage. A chunk that only opens the message (`role`, empty `content`) does not, so the
 * answer's headers may wait for the first one that does.
 */
export function carriesContent(chunk: ChatCompletionChunk): boolean {
  if (chunk.usage) return true;
  return chunk.choices.some(
    (choice) =>
      Boolean(choice.finish_reason) ||
      Object.entries(choice.delta as Record<string, unknown>).some(
        ([field, value]) => field !== 'role' && value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
      ),
  );
}
