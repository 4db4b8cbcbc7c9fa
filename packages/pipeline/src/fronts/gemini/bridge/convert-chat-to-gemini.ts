import { randomBytes } from 'node:crypto';
import { upstreamProtocolError, type ChatCompletionResponse, type GoogleGenerateContentResponse } from '@modelgate/core';
import { finishReasonOf, messageParts, usageMetadataOf } from './chat-to-gemini-parts.js';

/** A response id in the shape of Gemini's (`responseId`, opaque). */
export function mintResponseId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * A whole chat completion as Gemini's `GenerateContentResponse` (PROTOCOLS E.3): one candidate
 * (the model's parts, its finish reason), `usageMetadata`, and the model as the client named it.
 */
export function convertChatToGemini(response: ChatCompletionResponse, model: string, includeThoughts: boolean): GoogleGenerateContentResponse {
  const choice = response.choices[0];
  if (!choice) throw upstreamProtocolError('The upstream answered with no choice.');
  return {
    candidates: [{ content: { role: 'model', parts: messageParts(choice.message, includeThoughts) }, finishReason: finishReasonOf(choice.finish_reason), index: 0 }],
    usageMetadata: usageMetadataOf(response.usage),
    modelVersion: model,
    responseId: mintResponseId(),
  };
}
