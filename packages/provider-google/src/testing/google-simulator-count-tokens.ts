import { isRecord } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';
import type { SimulatedModel } from './google-simulator-models.js';
import { validateGoogleRequest } from './validate-google-request.js';

// `POST /v1beta/models/{m}:countTokens` as the Gemini API takes it (https://ai.google.dev/api/tokens,
// models.countTokens): a body of `contents`, or of `generateContentRequest` (the whole request, with
// its `model` as `models/{m}`); `contents` "is ignored when generateContentRequest is set". Answers a CountTokensResponse: `totalTokens` and `promptTokensDetails` by modality.

/** What the simulator counts an image (Gemini: 258 tokens for an image up to 384 px a side, https://ai.google.dev/gemini-api/docs/tokens). */
export const SIMULATED_IMAGE_TOKENS = 258;

type Parts = Array<Record<string, unknown>>;

function countParts(parts: unknown, counts: { text: number; image: number }): void {
  if (!Array.isArray(parts)) return;
  for (const part of parts as Parts) {
    if (typeof part.text === 'string') counts.text += Math.ceil(part.text.length / 4);
    else if (isRecord(part.inlineData)) counts.image += SIMULATED_IMAGE_TOKENS;
    else if (isRecord(part.functionCall) || isRecord(part.functionResponse)) {
      counts.text += Math.ceil(JSON.stringify({ ...part, functionResponse: isRecord(part.functionResponse) ? { ...part.functionResponse, parts: undefined } : undefined }).length / 4);
      if (isRecord(part.functionResponse)) countParts(part.functionResponse.parts, counts);
    }
  }
}

/** The simulated count of a countTokens body, or Google's refusal of it. */
export function countGoogleTokens(body: unknown, model: SimulatedModel, jsonSchema: boolean): { problem: GoogleProblem } | { answer: object } {
  if (!isRecord(body)) return { problem: invalidGoogleArgument('Invalid JSON payload received.') };
  // Google's wording when the embedded request's model is not `models/{m}` (songquanpeng/one-api#938, zed-industries/zed#29630).
  const { generateContentRequest } = body;
  let request: Record<string, unknown> = { contents: body.contents };
  if (generateContentRequest !== undefined) {
    if (!isRecord(generateContentRequest)) return { problem: invalidGoogleArgument("Invalid value at 'generate_content_request'") };
    const { model: named, ...rest } = generateContentRequest;
    if (typeof named !== 'string' || !/^models\/[^/]+$/.test(named)) return { problem: invalidGoogleArgument('* GenerateContentRequest.model: unexpected model name format\n') };
    request = rest;
  }
  const problem = validateGoogleRequest(request, model, jsonSchema);
  if (problem) return { problem };
  const counts = { text: 0, image: 0 };
  const system = isRecord(request.systemInstruction) ? request.systemInstruction.parts : undefined;
  countParts(system, counts);
  for (const content of Array.isArray(request.contents) ? request.contents : []) if (isRecord(content)) countParts(content.parts, counts);
  if (request.tools !== undefined) counts.text += Math.ceil(JSON.stringify(request.tools).length / 4);
  const details = [{ modality: 'TEXT', tokenCount: counts.text }, ...(counts.image > 0 ? [{ modality: 'IMAGE', tokenCount: counts.image }] : [])];
  return { answer: { totalTokens: counts.text + counts.image, promptTokensDetails: details } };
}
