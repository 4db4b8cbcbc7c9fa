import { type CompletionUsage, upstreamProtocolError, type ChatCompletionChunk, type ChatCompletionDelta, type FinishReason, type SseEvent, type StreamOutputV1, type StreamTranslatorV1, type GoogleCandidate, type GoogleErrorBody, type GoogleGenerateContentResponse, type GoogleUsageMetadata } from '@modelgate/core';
import { googleChatId } from './convert-from-google-response.js';
import { convertGoogleUsage, mergeGoogleUsage } from './convert-google-usage.js';
import { googleErrorFrom } from './google-error.js';
import type { FunctionNameMap } from './google-function-names.js';
import { blockedPromptRefusal } from './google-prompt-feedback.js';
import { finishOf } from './map-google-finish-reason.js';
import { candidateParts, readGooglePart, signatureDetail } from './read-google-parts.js';

/** One choice being streamed; its tool-call counter persists across chunks (F.14: never reset per chunk). */
interface ChoiceState {
  nextToolIndex: number;
  nextDetailIndex: number;
  finished: boolean;
}

/**
 * PROTOCOLS E.4, F.11: Gemini's SSE stream (each event a whole `GenerateContentResponse` holding only
 * the new parts, no `[DONE]`) → `chat.completion.chunk`s. A choice opens with its role; each call
 * arrives whole and gets the next index of its choice; metadata-only chunks only update usage, which
 * is cumulative and merged per field; the finish reason closes the choice.
 */
export class GoogleStreamTranslator implements StreamTranslatorV1 {
  private id = '';
  private model: string;
  private usage: GoogleUsageMetadata = {};
  private readonly choices = new Map<number, ChoiceState>();

  constructor(
    private readonly includeUsage: boolean,
    private readonly created: number,
    model: string,
    private readonly names: FunctionNameMap,
    /** The model and endpoint the request went to, which signatures are tagged with (E.7). */
    private readonly issuer: string,
  ) {
    this.model = model;
  }

  onEvent(event: SseEvent): readonly StreamOutputV1[] {
    let parsed: GoogleGenerateContentResponse & GoogleErrorBody;
    try {
      parsed = JSON.parse(event.data) as GoogleGenerateContentResponse & GoogleErrorBody;
    } catch (error) {
      throw upstreamProtocolError('Gemini sent a stream event that is not valid JSON.', error);
    }
    if (typeof parsed.error === 'object' && parsed.error !== null) throw googleErrorFrom(parsed.error, 502);
    if (this.id === '') {
      this.id = googleChatId(parsed);
      if (typeof parsed.modelVersion === 'string') this.model = parsed.modelVersion;
    }
    this.usage = mergeGoogleUsage(this.usage, parsed.usageMetadata);
    const refusal = blockedPromptRefusal(parsed);
    if (refusal) {
      const opened = this.open(0);
      this.choices.get(0)!.finished = true;
      return [...opened, this.emit(0, { refusal }, 'content_filter')];
    }
    return (parsed.candidates ?? []).flatMap((candidate, position) => this.onCandidate(candidate, candidate.index ?? position));
  }

  /** The vendor's counts so far, for the gateway's accounting even when the client asked for no usage chunk. */
  accountedUsage(): CompletionUsage | undefined {
    return Object.keys(this.usage).length > 0 ? convertGoogleUsage(this.usage) : undefined;
  }

  onEnd(): readonly StreamOutputV1[] {
    if (this.choices.size === 0) throw upstreamProtocolError('Gemini ended the stream without a candidate.');
    if ([...this.choices.values()].some((choice) => !choice.finished)) throw upstreamProtocolError('Gemini ended the stream without a finish reason.');
    if (!this.includeUsage) return [];
    return [{ chunk: { ...this.base(), choices: [], usage: convertGoogleUsage(this.usage) } }];
  }

  private onCandidate(candidate: GoogleCandidate, index: number): StreamOutputV1[] {
    const outputs = this.open(index);
    const state = this.choices.get(index)!;
    if (state.finished) return outputs;
    for (const piece of candidateParts(candidate).flatMap((part) => readGooglePart(part, this.names, this.issuer))) {
      if (piece.kind === 'text') outputs.push(this.emit(index, { content: piece.text }));
      else if (piece.kind === 'reasoning') outputs.push(this.emit(index, { reasoning_content: piece.text }));
      else if (piece.kind === 'image') outputs.push(this.emit(index, { images: [piece.image] }));
      else if (piece.kind === 'signature') outputs.push(this.emit(index, { reasoning_details: [signatureDetail(piece.signature, state.nextDetailIndex++)] }));
      else {
        const { id, type, function: fn, extra_content } = piece.call;
        outputs.push(this.emit(index, { tool_calls: [{ index: state.nextToolIndex++, id, type, function: fn, ...(extra_content ? { extra_content } : {}) }] }));
      }
    }
    if (candidate.finishReason !== undefined) {
      state.finished = true;
      outputs.push(this.emit(index, {}, finishOf(candidate, state.nextToolIndex > 0)));
    }
    return outputs;
  }

  /** The role chunk the first time a choice appears (several clients need it first, F.14). */
  private open(index: number): StreamOutputV1[] {
    if (this.choices.has(index)) return [];
    this.choices.set(index, { nextToolIndex: 0, nextDetailIndex: 0, finished: false });
    return [this.emit(index, { role: 'assistant', content: '' })];
  }

  private base(): Pick<ChatCompletionChunk, 'id' | 'object' | 'created' | 'model'> {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
  }

  private emit(index: number, delta: ChatCompletionDelta, finishReason: FinishReason | null = null): StreamOutputV1 {
    const chunk: ChatCompletionChunk = { ...this.base(), choices: [{ index, delta, logprobs: null, finish_reason: finishReason }] };
    if (this.includeUsage) chunk.usage = null;
    return { chunk };
  }
}
