import { randomBytes } from 'node:crypto';
import { upstreamProtocolError, type ChatCompletionChoice, type ChatCompletionMessage, type ChatCompletionResponse, type FunctionToolCall, type ReasoningDetail, type GoogleCandidate, type GoogleGenerateContentResponse } from '@modelgate/core';
import { convertGoogleUsage } from './convert-google-usage.js';
import type { FunctionNameMap } from './google-function-names.js';
import { blockedPromptRefusal } from './google-prompt-feedback.js';
import { finishOf } from './map-google-finish-reason.js';
import { candidateParts, readGooglePart, signatureDetail, type GeneratedImage } from './read-google-parts.js';

/** The chat id of a Gemini answer: its `responseId`, which every chunk of one stream shares (E.3). */
export function googleChatId(response: GoogleGenerateContentResponse): string {
  return typeof response.responseId === 'string' && response.responseId !== '' ? response.responseId : `chatcmpl-${randomBytes(12).toString('hex')}`;
}

function isGoogleResponse(body: unknown): body is GoogleGenerateContentResponse {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && ('candidates' in body || 'promptFeedback' in body || 'usageMetadata' in body);
}

function convertCandidate(candidate: GoogleCandidate, position: number, names: FunctionNameMap, issuer: string): ChatCompletionChoice {
  let text: string | null = null;
  let reasoning: string | undefined;
  const toolCalls: FunctionToolCall[] = [];
  const details: ReasoningDetail[] = [];
  const images: GeneratedImage[] = [];
  for (const piece of candidateParts(candidate).flatMap((part) => readGooglePart(part, names, issuer))) {
    if (piece.kind === 'text') text = (text ?? '') + piece.text;
    else if (piece.kind === 'reasoning') reasoning = (reasoning ?? '') + piece.text;
    else if (piece.kind === 'tool-call') toolCalls.push(piece.call);
    else if (piece.kind === 'image') images.push(piece.image);
    else details.push(signatureDetail(piece.signature, details.length));
  }
  // OpenAI answers `""` for an empty answer; `null` only beside tool calls (PROTOCOLS A.4).
  const message: ChatCompletionMessage = { role: 'assistant', content: text ?? (toolCalls.length > 0 ? null : ''), refusal: null };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  if (images.length > 0) message.images = images;
  if (reasoning !== undefined) message.reasoning_content = reasoning;
  if (details.length > 0) message.reasoning_details = details;
  return { index: candidate.index ?? position, message, logprobs: null, finish_reason: finishOf(candidate, toolCalls.length > 0) };
}

/**
 * A `generateContent` answer as a `chat.completion` (PROTOCOLS E.3, F.7, F.8): one choice per
 * candidate, text joined into `content`, thoughts as `reasoning_content`, calls as `tool_calls`,
 * generated images as `images` (data URLs, OpenRouter's shape)
 * (signatures in `extra_content.google`), other signatures in `reasoning_details`. A blocked prompt
 * is a `content_filter` answer whose `refusal` says why; a malformed call is a 502. Signatures are
 * tagged with `issuer`, the model and endpoint the request went to (E.7).
 */
export function convertFromGoogleResponse(body: unknown, created: number, model: string, names: FunctionNameMap, issuer: string): ChatCompletionResponse {
  if (!isGoogleResponse(body)) throw upstreamProtocolError('Gemini answered with a body that is not a GenerateContentResponse.');
  const refusal = blockedPromptRefusal(body);
  const choices: ChatCompletionChoice[] = refusal
    ? [{ index: 0, message: { role: 'assistant', content: null, refusal }, logprobs: null, finish_reason: 'content_filter' }]
    : (body.candidates ?? []).map((candidate, position) => convertCandidate(candidate, position, names, issuer));
  if (choices.length === 0) throw upstreamProtocolError('Gemini answered with no candidate and no reason.');
  return {
    id: googleChatId(body),
    object: 'chat.completion',
    created,
    model: body.modelVersion ?? model,
    choices,
    usage: convertGoogleUsage(body.usageMetadata ?? {}),
  };
}
