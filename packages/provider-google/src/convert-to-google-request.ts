import { applyParameterPolicy, type CallContextV1, type ChatCompletionRequest, type GoogleGenerateContentRequest, type GoogleGenerationConfig } from '@modelgate/core';
import { convertToGoogleContents } from './convert-to-google-contents.js';
import { convertToGoogleLegacySchema } from './convert-to-google-legacy-schema.js';
import { convertToGoogleTools } from './convert-to-google-tools.js';
import type { FunctionNameMap } from './google-function-names.js';
import type { GoogleModelTraits } from './google-model-traits.js';
import { googleModelTraits } from './google-models.js';
import { GOOGLE_PARAMETER_MAP } from './google-parameter-map.js';
import type { GoogleSchemaDialect, GoogleSettings } from './google-settings.js';
import { convertToGoogleThinkingConfig, DEFAULT_GOOGLE_THINKING_BUDGETS } from './google-thinking-config.js';

/** PROTOCOLS F.10: `json_schema` → JSON output with the schema in the dialect's field; `json_object` → JSON output. */
function outputFormat(request: ChatCompletionRequest, dialect: GoogleSchemaDialect): GoogleGenerationConfig {
  const format = request.response_format;
  if (format?.type === 'json_schema' && format.json_schema.schema) {
    const schema = format.json_schema.schema;
    return dialect === 'json-schema'
      ? { responseMimeType: 'application/json', responseJsonSchema: schema }
      : { responseMimeType: 'application/json', responseSchema: convertToGoogleLegacySchema(schema, 'response_format.json_schema.schema') };
  }
  if (format?.type === 'json_schema' || format?.type === 'json_object') return { responseMimeType: 'application/json' };
  return {};
}

/** Sampling as sent, never a default of the gateway's (Gemini 3 loops below 1.0, E.2); dropped with a warning where the model ignores it. */
function sampling(request: ChatCompletionRequest, traits: GoogleModelTraits, call: CallContextV1): GoogleGenerationConfig {
  const values = { temperature: request.temperature ?? undefined, topP: request.top_p ?? undefined };
  if (!traits.ignoresSampling) return values;
  for (const parameter of ['temperature', 'top_p'] as const) {
    if (request[parameter] !== undefined && request[parameter] !== null) call.warn({ kind: 'dropped-parameter', parameter, reason: `${call.upstreamModel} ignores sampling settings` });
  }
  return {};
}

function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** The whole `:generateContent` body for one chat request (PROTOCOLS E.2, F.0–F.12); the model goes in the URL. */
export function convertToGoogleRequest(
  input: ChatCompletionRequest,
  call: CallContextV1,
  settings: GoogleSettings,
  dialect: GoogleSchemaDialect,
  names: FunctionNameMap,
  signatureIssuer: string,
): GoogleGenerateContentRequest {
  const request = applyParameterPolicy(input, GOOGLE_PARAMETER_MAP, { vendorName: 'Gemini', handling: settings.unsupportedParameters ?? 'reject', warn: call.warn });
  const traits = googleModelTraits(call.upstreamModel);
  const stop = request.stop ?? undefined;
  const generationConfig: GoogleGenerationConfig = withoutUndefined({
    maxOutputTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
    stopSequences: typeof stop === 'string' ? [stop] : stop,
    ...sampling(request, traits, call),
    candidateCount: request.n ?? undefined,
    seed: request.seed ?? undefined,
    ...outputFormat(request, dialect),
    thinkingConfig: convertToGoogleThinkingConfig(
      request.reasoning_effort,
      traits.thinking,
      { budgets: { ...DEFAULT_GOOGLE_THINKING_BUDGETS, ...settings.thinkingBudgets }, includeThoughts: settings.includeThoughts ?? true },
      call,
    ),
  });
  return {
    ...convertToGoogleContents(request.messages, names, traits, signatureIssuer),
    ...convertToGoogleTools(request, names, dialect),
    ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
  };
}
