import { Ajv, type ValidateFunction } from 'ajv';
import {
  chatCompletionChunkSchema,
  chatCompletionResponseSchema,
  errorEnvelopeSchema,
  type ChatCompletionChunk,
  type ChatCompletionResponse,
  type CompletionUsage,
} from '@modelgate/core';

const ajv = new Ajv({ strict: false, allErrors: true });
const validators: Record<'response' | 'chunk' | 'error', ValidateFunction> = {
  response: ajv.compile(chatCompletionResponseSchema),
  chunk: ajv.compile(chatCompletionChunkSchema),
  error: ajv.compile(errorEnvelopeSchema),
};

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`conformance: ${message}`);
}

export function checkSchema(kind: keyof typeof validators, value: unknown): void {
  const validate = validators[kind];
  assert(validate(value), `${kind} does not match the /v1 schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`);
}

export function checkUsage(usage: CompletionUsage | null | undefined): void {
  assert(usage, 'usage is missing');
  for (const value of [usage.prompt_tokens, usage.completion_tokens, usage.total_tokens]) assert(Number.isInteger(value) && value >= 0, `usage ${JSON.stringify(usage)} is not non-negative integers`);
  assert(usage.total_tokens === usage.prompt_tokens + usage.completion_tokens, `usage does not add up: ${JSON.stringify(usage)}`);
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  assert(cached <= usage.prompt_tokens, 'cached_tokens exceeds prompt_tokens');
}

export function checkResponse(response: ChatCompletionResponse): void {
  checkSchema('response', response);
  checkUsage(response.usage);
  for (const choice of response.choices) {
    for (const call of choice.message.tool_calls ?? []) JSON.parse(call.function.arguments);
    if (choice.message.tool_calls) assert(choice.finish_reason === 'tool_calls', 'tool calls without finish_reason tool_calls');
  }
}

export interface AssembledCall {
  id: string;
  name: string;
  arguments: string;
}

export interface AssembledStream {
  content: string;
  finishReasons: Map<number, string>;
  toolCalls: AssembledCall[];
  usage: CompletionUsage | undefined;
}

/** Checks every chunk and the stream's rules (PROTOCOLS A.5), and reassembles what the client would see. */
export function checkStream(chunks: readonly ChatCompletionChunk[], includeUsage: boolean): AssembledStream {
  assert(chunks.length > 0, 'the stream has no chunks');
  const assembled: AssembledStream = { content: '', finishReasons: new Map(), toolCalls: [], usage: undefined };
  const calls = new Map<number, AssembledCall>();
  const seenRole = new Set<number>();
  chunks.forEach((chunk, position) => {
    checkSchema('chunk', chunk);
    assert(chunk.id === chunks[0]!.id && chunk.created === chunks[0]!.created, 'chunks of one stream differ in id or created');
    if (chunk.choices.length === 0) {
      assert(includeUsage && position === chunks.length - 1, 'a chunk without choices that is not the final usage chunk');
      checkUsage(chunk.usage);
      assembled.usage = chunk.usage!;
      return;
    }
    if (includeUsage) assert(chunk.usage === null, 'with include_usage every chunk but the last must carry usage: null');
    else assert(chunk.usage === undefined || chunk.usage === null, 'usage sent without include_usage');
    for (const choice of chunk.choices) {
      if (!seenRole.has(choice.index)) {
        assert(choice.delta.role === 'assistant', 'the first chunk of a choice must carry role');
        seenRole.add(choice.index);
      }
      assert(!assembled.finishReasons.has(choice.index), 'a chunk after the finish chunk of its choice');
      assembled.content += choice.delta.content ?? '';
      for (const delta of choice.delta.tool_calls ?? []) {
        const existing = calls.get(delta.index);
        if (existing === undefined) {
          assert(delta.id && delta.function?.name && delta.type === 'function', `the first delta of tool call ${delta.index} must carry id, type and name`);
          assert(delta.index === calls.size, `tool call indexes must count up from 0; got ${delta.index}`);
          calls.set(delta.index, { id: delta.id, name: delta.function.name, arguments: delta.function.arguments ?? '' });
        } else {
          assert(delta.id === undefined || delta.id === existing.id, `tool call ${delta.index} changed its id`);
          existing.arguments += delta.function?.arguments ?? '';
        }
      }
      if (choice.finish_reason) assembled.finishReasons.set(choice.index, choice.finish_reason);
    }
  });
  assert(assembled.finishReasons.size === seenRole.size && seenRole.size > 0, 'every choice needs exactly one finish reason');
  if (includeUsage) assert(assembled.usage, 'include_usage set, but no usage chunk');
  assembled.toolCalls = [...calls.values()];
  for (const call of assembled.toolCalls) JSON.parse(call.arguments);
  return assembled;
}
