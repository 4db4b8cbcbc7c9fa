import type { GatewayError } from '../../errors/gateway-error.js';
import type { EmbeddingsRequest, EmbeddingsResponse } from '../../protocol/v1/embeddings.js';
import type { CallContextV1 } from './call-context-v1.js';
import type { UpstreamFailureV1, UpstreamRequestV1 } from './upstream-v1.js';

/** Translation between `/v1/embeddings` and one vendor's embeddings API. Pure: no I/O. */
export interface EmbeddingsTranslatorV1 {
  toUpstreamRequest(request: EmbeddingsRequest, call: CallContextV1): UpstreamRequestV1;
  /**
   * The vendor's answer in OpenAI's shape, each vector in the encoding the request asked for
   * (`encodeEmbedding` turns floats into OpenAI's base64), with the vendor's token count.
   */
  fromUpstreamResponse(body: unknown, request: EmbeddingsRequest, call: CallContextV1): EmbeddingsResponse;
  /**
   * True when the vendor answers in OpenAI's shape itself (an OpenAI-compatible upstream): the
   * gateway relays its exact bytes and reads only `usage`.
   */
  readonly relaysResponseVerbatim?: boolean;
  toGatewayError(failure: UpstreamFailureV1, call: CallContextV1): GatewayError;
}
