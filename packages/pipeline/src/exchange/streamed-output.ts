import type { ChatCompletionChunk, CompletionUsage } from '@modelgate/core';

/**
 * What one piece of a relayed stream told, in any front's dialect: the stream relays describe each
 * piece they send with it, and the exchange counts them in one place (StreamedOutput).
 */
export interface StreamedPiece {
  /** Characters of generated text (content, refusals, tool arguments), to estimate tokens when no usage arrives. */
  readonly characters?: number;
  /** The generated text itself, when the dialect's piece carries it plainly (a chat chunk's content). */
  readonly text?: string;
  /** The usage, when the piece carries it (the last one wins). */
  readonly usage?: CompletionUsage;
  /** The model the upstream says answered (the first one wins). */
  readonly model?: string;
  readonly finishReasons?: readonly string[];
}

/** A hub chat chunk as a streamed piece (the chat front's streams, and every bridged stream). */
export function chatChunkPiece(chunk: ChatCompletionChunk): StreamedPiece {
  let characters = 0;
  let text = '';
  const finishReasons: string[] = [];
  for (const choice of chunk.choices) {
    const delta = choice.delta as { content?: string | null; refusal?: string | null; tool_calls?: Array<{ function?: { arguments?: string } }> };
    const toolText = delta.tool_calls?.reduce((length, call) => length + (call.function?.arguments?.length ?? 0), 0) ?? 0;
    characters += (delta.content?.length ?? 0) + (delta.refusal?.length ?? 0) + toolText;
    if (delta.content) text += delta.content;
    if (choice.finish_reason) finishReasons.push(choice.finish_reason);
  }
  return { characters, text: text || undefined, usage: chunk.usage ?? undefined, model: chunk.model, finishReasons };
}

/** What a relayed stream has sent so far: the first byte's time, the usage, the model, finish reasons and the text's length. */
export class StreamedOutput {
  firstByteAt: bigint | undefined;
  usage: CompletionUsage | undefined;
  responseModel: string | undefined;
  readonly finishReasons: string[] = [];
  characters = 0;

  count(piece: StreamedPiece): void {
    this.firstByteAt ??= process.hrtime.bigint();
    if (piece.usage) this.usage = piece.usage;
    this.responseModel ??= piece.model;
    this.characters += piece.characters ?? 0;
    if (piece.finishReasons) this.finishReasons.push(...piece.finishReasons);
  }
}
