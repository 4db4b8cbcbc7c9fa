import {
  GatewayError,
  openAiErrorKind,
  upstreamProtocolError,
  type ChatCompletionChunk,
  type SseEvent,
  type StreamOutputV1,
  type StreamTranslatorV1,
} from '@modelgate/core';

const NOTHING: readonly StreamOutputV1[] = [];

/**
 * Relays an OpenAI(-compatible) chunk stream. Chunks are parsed (the gateway reads usage and
 * finish reasons from them) but written out as the upstream's exact bytes.
 */
export class OpenAiChatStreamTranslator implements StreamTranslatorV1 {
  private sawDone = false;

  constructor(private readonly vendorName: string) {}

  onEvent(event: SseEvent): readonly StreamOutputV1[] {
    if (event.data === '[DONE]') {
      this.sawDone = true;
      return NOTHING;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(event.data);
    } catch (error) {
      throw upstreamProtocolError(`${this.vendorName} sent a stream chunk that is not valid JSON.`, error);
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw upstreamProtocolError(`${this.vendorName} sent a stream chunk that is not a JSON object.`);
    }
    const upstreamError = (parsed as { error?: Record<string, unknown> }).error;
    if (event.event === 'error' || (upstreamError && typeof upstreamError === 'object')) {
      throw new GatewayError({
        status: 502,
        message: typeof upstreamError?.message === 'string' ? upstreamError.message : `${this.vendorName} reported an error mid-stream.`,
        type: typeof upstreamError?.type === 'string' ? upstreamError.type : 'server_error',
        code: typeof upstreamError?.code === 'string' ? upstreamError.code : null,
        kind: openAiErrorKind(502, upstreamError ?? {}),
      });
    }
    return [{ chunk: parsed as ChatCompletionChunk, serialized: event.data }];
  }

  onEnd(): readonly StreamOutputV1[] {
    if (!this.sawDone) {
      throw upstreamProtocolError(`${this.vendorName} closed the stream before sending [DONE].`);
    }
    return NOTHING;
  }
}
