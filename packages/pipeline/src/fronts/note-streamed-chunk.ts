import type { ChatCompletionChunk } from '@modelgate/core';
import type { Exchange } from '../exchange/exchange.js';

/**
 * What the chat front's stream relay tells the exchange about each chunk it sent: the first byte's time,
 * the usage when the chunk carries it, and the text's length, so that a stream cut off before its
 * usage arrived can still be charged an estimate; the model and finish reasons for traces (and the
 * text, when an observer records content).
 */
export function noteStreamedChunk(exchange: Exchange, chunk: ChatCompletionChunk): void {
  exchange.firstByteAt ??= process.hrtime.bigint();
  if (chunk.usage) exchange.usage = chunk.usage;
  exchange.responseModel ??= chunk.model;
  for (const choice of chunk.choices) {
    const delta = choice.delta as { content?: string | null; refusal?: string | null; tool_calls?: Array<{ function?: { arguments?: string } }> };
    const toolText = delta.tool_calls?.reduce((length, call) => length + (call.function?.arguments?.length ?? 0), 0) ?? 0;
    exchange.streamedCharacters += (delta.content?.length ?? 0) + (delta.refusal?.length ?? 0) + toolText;
    if (delta.content) exchange.streamedText?.push(delta.content);
    if (choice.finish_reason) exchange.finishReasons.push(choice.finish_reason);
  }
}
