import {
  invalidRequest,
  unsupportedParameter,
  type CallContextV1,
  type ChatCompletionRequest,
  type ChatMessage,
  type GoogleGenerateContentRequest,
  type GoogleGenerationConfig,
  type ReasoningEffort,
  type ResponseFormat,
} from '@modelgate/core';
import type { ModelRoute } from '../../../routing/model-router.js';
import { convertGeminiContents } from './convert-gemini-contents.js';
import { convertGeminiToolConfig, convertGeminiTools, jsonSchemaOfLegacy } from './convert-gemini-tools.js';

/** Thresholds that ask for no filtering: another family honours them by doing nothing. */
const PERMISSIVE_THRESHOLDS = new Set(['BLOCK_NONE', 'OFF', 'HARM_BLOCK_THRESHOLD_UNSPECIFIED']);

/** Generation settings the hub has no counterpart for, dropped with a warning. */
const DROPPED_GENERATION_FIELDS = new Set(['topK', 'responseLogprobs', 'logprobs', 'mediaResolution', 'enableEnhancedCivicAnswers']);

/** The settings the bridge maps, so that anything else is named in a warning. */
const MAPPED_GENERATION_FIELDS = new Set([
  'temperature', 'topP', 'maxOutputTokens', 'stopSequences', 'candidateCount', 'presencePenalty', 'frequencyPenalty', 'seed',
  'responseMimeType', 'responseJsonSchema', 'responseSchema', 'thinkingConfig', 'responseModalities',
]);

function describe(route: ModelRoute): string {
  return `${route.publicId} (${route.instance.family})`;
}

/**
 * Safety settings (documented policy, docs/gemini-cli.md): another family has no such filters, so
 * a threshold that asks for none (`BLOCK_NONE`, `OFF`) is honoured by sending nothing, and a
 * stricter one is refused: the gateway will not pretend to filter.
 */
function checkSafetySettings(settings: GoogleGenerateContentRequest['safetySettings'], route: ModelRoute): void {
  const strict = (settings ?? []).find((setting) => setting.threshold !== undefined && !PERMISSIVE_THRESHOLDS.has(setting.threshold));
  if (strict) {
    throw unsupportedParameter(
      'safetySettings',
      `safetySettings threshold '${strict.threshold}' for ${strict.category ?? 'a category'} cannot be enforced by ${describe(route)}: only Gemini models filter by category. Send BLOCK_NONE or OFF, or no safetySettings, or use a Gemini model.`,
    );
  }
}

/** A thinking budget as an effort (PROTOCOLS F.12 read backwards): 0 none, -1 the model's default, below 2,048 low, below 8,192 medium, else high. */
function effortOf(config: GoogleGenerationConfig['thinkingConfig']): ReasoningEffort | undefined {
  if (!config) return undefined;
  if (config.thinkingLevel !== undefined) return config.thinkingLevel.toLowerCase() as ReasoningEffort;
  const budget = config.thinkingBudget;
  if (budget === undefined || budget < 0) return undefined;
  if (budget === 0) return 'none';
  if (budget < 2_048) return 'low';
  return budget < 8_192 ? 'medium' : 'high';
}

/** `responseMimeType` with its schema as `response_format`: JSON with a schema, JSON, or text. */
function responseFormatOf(config: GoogleGenerationConfig, route: ModelRoute): ResponseFormat | undefined {
  const mimeType = config.responseMimeType;
  if (mimeType === undefined || mimeType === 'text/plain') return undefined;
  if (mimeType !== 'application/json') throw unsupportedParameter('generationConfig.responseMimeType', `responseMimeType '${String(mimeType)}' has no counterpart on ${describe(route)}: use application/json or text/plain.`);
  const schema = config.responseJsonSchema ?? (config.responseSchema ? (jsonSchemaOfLegacy(config.responseSchema) as Record<string, unknown>) : undefined);
  // Gemini enforces the schema (constrained decoding): `strict`, so that the other family enforces it too.
  return schema ? { type: 'json_schema', json_schema: { name: 'response', schema, strict: true } } : { type: 'json_object' };
}

/** `generationConfig` as hub parameters; `candidateCount` above 1 and output other than text refused, settings without a counterpart dropped with a warning. */
function generationParameters(config: GoogleGenerationConfig | undefined, route: ModelRoute, call: CallContextV1): Partial<ChatCompletionRequest> {
  if (!config) return {};
  if ((config.candidateCount ?? 1) > 1) throw unsupportedParameter('generationConfig.candidateCount', `candidateCount above 1 cannot be served by ${describe(route)} over the Gemini API: ask once per candidate.`);
  const modalities = Array.isArray(config.responseModalities) ? (config.responseModalities as unknown[]) : [];
  if (modalities.some((modality) => modality !== 'TEXT')) throw unsupportedParameter('generationConfig.responseModalities', `${describe(route)} answers text only over the Gemini API.`);
  for (const field of Object.keys(config)) {
    if (MAPPED_GENERATION_FIELDS.has(field)) continue;
    const reason = DROPPED_GENERATION_FIELDS.has(field) ? `no counterpart on ${route.instance.family}` : `not a generationConfig field the gateway maps; not sent to ${route.instance.family}`;
    call.warn({ kind: 'dropped-parameter', parameter: `generationConfig.${field.slice(0, 64)}`, reason });
  }
  const effort = route.card?.capabilities?.reasoning === false ? undefined : effortOf(config.thinkingConfig);
  const format = responseFormatOf(config, route);
  return {
    ...(config.temperature !== undefined && { temperature: config.temperature }),
    ...(config.topP !== undefined && { top_p: config.topP }),
    ...(config.maxOutputTokens !== undefined && { max_completion_tokens: config.maxOutputTokens }),
    ...(config.stopSequences !== undefined && config.stopSequences.length > 0 && { stop: config.stopSequences }),
    ...(config.presencePenalty !== undefined && { presence_penalty: config.presencePenalty }),
    ...(config.frequencyPenalty !== undefined && { frequency_penalty: config.frequencyPenalty }),
    ...(config.seed !== undefined && { seed: config.seed }),
    ...(effort !== undefined && { reasoning_effort: effort }),
    ...(format !== undefined && { response_format: format }),
  };
}

function systemMessageOf(instruction: GoogleGenerateContentRequest['systemInstruction']): ChatMessage[] {
  const text = (instruction?.parts ?? []).map((part) => (typeof part.text === 'string' ? part.text : '')).join('\n');
  return text === '' ? [] : [{ role: 'system', content: text }];
}

/**
 * A Gemini request as the hub's chat request, for a family that does not speak the Gemini API
 * (PROTOCOLS E.2 read backwards): `systemInstruction` as a system message, `contents` as messages,
 * function declarations as tools, `generationConfig` as sampling, output and reasoning parameters.
 * What cannot be honoured is refused naming it (cached content, Gemini's own tools, strict safety
 * settings, several candidates); a stream always asks for its usage, which `usageMetadata` reports.
 */
export function convertGeminiRequest(request: GoogleGenerateContentRequest, route: ModelRoute, call: CallContextV1, stream: boolean): ChatCompletionRequest {
  if (request.cachedContent !== undefined) throw unsupportedParameter('cachedContent', `cachedContent names a Gemini cache; ${describe(route)} cannot read it. Send the contents instead.`);
  if (!Array.isArray(request.contents) || request.contents.length === 0) throw invalidRequest('contents must name at least one content.', 'contents', 'invalid_value');
  checkSafetySettings(request.safetySettings, route);
  const target = describe(route);
  const tools = convertGeminiTools(request.tools, target);
  const toolChoice = tools ? convertGeminiToolConfig(request.toolConfig) : undefined;
  return {
    model: route.publicId,
    messages: [...systemMessageOf(request.systemInstruction), ...convertGeminiContents(request.contents, target)],
    ...(tools && { tools }),
    ...(toolChoice !== undefined && { tool_choice: toolChoice }),
    ...generationParameters(request.generationConfig, route, call),
    ...(stream && { stream: true, stream_options: { include_usage: true } }),
  };
}
