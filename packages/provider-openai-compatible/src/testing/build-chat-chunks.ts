import type { ChatCompletionChunk, ChatCompletionChunkChoice, ChatCompletionDelta, CompletionUsage, ToolCallDelta } from '@modelgate/core';
import { splitEvery, splitText } from '@modelgate/testkit';
import type { CompletionIdentity } from './completion-identity.js';
import type { PlannedChoice } from './plan-chat-choices.js';

/** Argument fragments are cut this small so even short arguments arrive in several pieces. */
const ARGUMENT_PIECE_LENGTH = 8;

/** Per call: a header delta (index, id, type, name, empty arguments), then argument fragments. */
function toolCallDeltas(choice: PlannedChoice): ToolCallDelta[] {
  const headers: ToolCallDelta[] = choice.toolCalls.map((call, index) => ({
    index,
    id: call.id,
    type: 'function',
    function: { name: call.function.name, arguments: '' },
  }));
  const fragments = choice.toolCalls.map((call, index) =>
    splitEvery(call.function.arguments, ARGUMENT_PIECE_LENGTH).map((piece): ToolCallDelta => ({ index, function: { arguments: piece } })),
  );
  if (choice.interleaveArguments) return [...headers, ...roundRobin(fragments)];
  return headers.flatMap((header, index) => [header, ...(fragments[index] ?? [])]);
}

/** The deltas of one choice in order, the finish delta excluded. */
function choiceDeltas(choice: PlannedChoice): ChatCompletionDelta[] {
  const toolDeltas = toolCallDeltas(choice);
  if (choice.refusal !== null) {
    return [{ role: 'assistant', content: null, refusal: '' }, ...splitText(choice.refusal).map((refusal) => ({ refusal }))];
  }
  if (choice.content === null) {
    // Tool calls without text: the role rides on the first call's header, as OpenAI sends it.
    const [first, ...rest] = toolDeltas;
    const opening: ChatCompletionDelta = { role: 'assistant', content: null, refusal: null };
    if (first !== undefined) opening.tool_calls = [first];
    return [opening, ...rest.map((delta) => ({ tool_calls: [delta] }))];
  }
  return [
    { role: 'assistant', content: '', refusal: null },
    ...splitText(choice.content).map((content) => ({ content })),
    ...toolDeltas.map((delta) => ({ tool_calls: [delta] })),
  ];
}

function choiceChunks(choice: PlannedChoice): ChatCompletionChunkChoice[] {
  const chunks: ChatCompletionChunkChoice[] = choiceDeltas(choice).map((delta) => ({
    index: choice.index,
    delta,
    logprobs: null,
    finish_reason: null,
  }));
  chunks.push({ index: choice.index, delta: {}, logprobs: null, finish_reason: choice.finishReason });
  return chunks;
}

function roundRobin<T>(lists: readonly (readonly T[])[]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let position = 0; position < longest; position++) {
    for (const list of lists) {
      const item = list[position];
      if (item !== undefined) merged.push(item);
    }
  }
  return merged;
}

/**
 * The chunks of a streamed completion (PROTOCOLS A.5). Each chunk carries one choice; with `n` > 1
 * the choices take turns, as OpenAI interleaves them. With `usage` (include_usage) every chunk has
 * `usage: null` and a last chunk with no choices carries the totals; without it no chunk has the key.
 */
export function* buildChatChunks(
  identity: CompletionIdentity,
  choices: readonly PlannedChoice[],
  usage: CompletionUsage | undefined,
): Generator<ChatCompletionChunk> {
  const base = {
    id: identity.id,
    object: 'chat.completion.chunk' as const,
    created: identity.created,
    model: identity.model,
    system_fingerprint: identity.systemFingerprint,
  };
  for (const choice of roundRobin(choices.map(choiceChunks))) {
    yield usage === undefined ? { ...base, choices: [choice] } : { ...base, choices: [choice], usage: null };
  }
  if (usage !== undefined) yield { ...base, choices: [], usage };
}
