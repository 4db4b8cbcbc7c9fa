import { defineProvider, type ChatTranslatorV1 } from '@modelgate/core';
import { awsCredentialsInEnvironment } from '../aws-credentials-in-environment.js';
import { bedrockRuntime } from '../bedrock-anthropic-request.js';
import { bedrockError } from '../bedrock-error.js';
import { createConverseEventStreamDecoder } from '../bedrock-event-stream-decoder.js';
import { BEDROCK_ENVIRONMENT, bedrockSettingsSchema, type BedrockSettings } from '../bedrock-settings.js';
import { createBedrockSigner } from '../bedrock-sigv4-signer.js';
import { CONVERSE_MODEL_CARDS, CONVERSE_MODEL_PATTERNS } from './converse-models.js';
import { ConverseStreamTranslator } from './converse-stream-translator.js';
import { convertFromConverseResponse } from './convert-from-converse-response.js';
import { convertToConverseRequest, converseReasoningFormat } from './convert-to-converse-request.js';

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** `/v1/chat/completions` ↔ Converse and ConverseStream (PROTOCOLS J.3). */
export function createConverseChatTranslator(settings: BedrockSettings): ChatTranslatorV1 {
  const runtime = bedrockRuntime(settings.region, settings.endpoint);
  return {
    toUpstreamRequest(request, call) {
      const stream = request.stream === true;
      const body = convertToConverseRequest(request, call, settings.defaultMaxTokens);
      const headers = { 'content-type': 'application/json', accept: stream ? 'application/vnd.amazon.eventstream' : 'application/json' };
      return { method: 'POST', url: runtime.converseUrl(call.upstreamModel, stream), headers, body, stream };
    },
    fromUpstreamResponse(body, call) {
      return convertFromConverseResponse(body, nowInSeconds(), call.publicModel, converseReasoningFormat(call.upstreamModel));
    },
    createStreamTranslator(request, call) {
      return new ConverseStreamTranslator(request.stream_options?.include_usage === true, nowInSeconds(), call.publicModel, converseReasoningFormat(call.upstreamModel));
    },
    toGatewayError: bedrockError,
  };
}

/**
 * AWS Bedrock's other models (Amazon Nova, Llama, Mistral, DeepSeek, gpt-oss, Qwen, …) through the
 * Converse API: its own message, tool, reasoning and usage schema, SigV4 over the final body and
 * the binary event stream, the same settings and credentials as the `bedrock` provider (which
 * serves Claude). Its own family: reasoning it mints goes back only to the model that minted it.
 */
export const bedrockConverseProvider = defineProvider<BedrockSettings>({
  specificationVersion: 'v1',
  id: 'bedrock-converse',
  family: 'bedrock-converse',
  settingsSchema: bedrockSettingsSchema,
  modelPatterns: CONVERSE_MODEL_PATTERNS,
  environment: BEDROCK_ENVIRONMENT,
  credentialsInEnvironment: awsCredentialsInEnvironment,
  create(settings) {
    return {
      chat: createConverseChatTranslator(settings),
      models: CONVERSE_MODEL_CARDS,
      signer: createBedrockSigner(settings),
      streamDecoder: createConverseEventStreamDecoder(),
    };
  },
});
