import { isRecord } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';
import type { SimulatedModel } from './google-simulator-models.js';
import { checkFunctionResponseParts, checkFunctionResponseReferences } from './validate-google-function-response.js';
import { validateFunctionTurns } from './validate-google-function-turns.js';
import { validateJsonSchema, validateLegacySchema } from './validate-google-schema.js';
import { validateGoogleTools } from './validate-google-tools.js';

// Checks a `:generateContent` body the way the Gemini API does (PROTOCOLS E.2, E.5–E.7, I), with
// Google's wording, so a translator that would fail in production fails the same way in tests.

const TOP_LEVEL_FIELDS = new Set(['contents', 'systemInstruction', 'tools', 'toolConfig', 'safetySettings', 'generationConfig', 'cachedContent', 'labels']);
const DATA_FIELDS = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult'] as const;
const PART_FIELDS = new Set<string>([...DATA_FIELDS, 'thought', 'thoughtSignature', 'videoMetadata', 'mediaResolution']);
const GENERATION_FIELDS = new Set([
  'temperature', 'topP', 'topK', 'candidateCount', 'maxOutputTokens', 'stopSequences', 'presencePenalty', 'frequencyPenalty', 'seed',
  'responseLogprobs', 'logprobs', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseModalities', 'thinkingConfig',
  'mediaResolution', 'speechConfig',
]);

function checkPart(part: unknown, path: string, model: SimulatedModel): GoogleProblem | undefined {
  if (!isRecord(part)) return invalidGoogleArgument(`Invalid value at '${path}'`);
  const unknown = Object.keys(part).find((key) => !PART_FIELDS.has(key));
  if (unknown !== undefined) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "${unknown}" at '${path}': Cannot find field.`);
  const data = DATA_FIELDS.filter((field) => part[field] !== undefined);
  if (data.length !== 1) return invalidGoogleArgument(`* GenerateContentRequest.${path}.data: required oneof field 'data' must have one initialized field`);
  if (part.functionCall !== undefined && (!isRecord(part.functionCall) || typeof part.functionCall.name !== 'string' || (part.functionCall.args !== undefined && !isRecord(part.functionCall.args)))) {
    return invalidGoogleArgument(`Invalid value at '${path}.function_call.args' (type.googleapis.com/google.protobuf.Struct)`);
  }
  if (part.functionResponse !== undefined && (!isRecord(part.functionResponse) || typeof part.functionResponse.name !== 'string' || !isRecord(part.functionResponse.response))) {
    return invalidGoogleArgument(`Invalid value at '${path}.function_response.response' (type.googleapis.com/google.protobuf.Struct)`);
  }
  if (isRecord(part.functionResponse)) {
    const problem = checkFunctionResponseParts(part.functionResponse, `${path}.function_response`, model) ?? checkFunctionResponseReferences(part.functionResponse);
    if (problem) return problem;
  }
  if (isRecord(part.inlineData) && (typeof part.inlineData.data !== 'string' || /^data:/.test(part.inlineData.data))) {
    return invalidGoogleArgument(`Invalid value at '${path}.inline_data.data' (TYPE_BYTES), Base64 decoding failed`);
  }
  return undefined;
}

function checkContents(contents: unknown, model: SimulatedModel): GoogleProblem | undefined {
  if (!Array.isArray(contents) || contents.length === 0) return invalidGoogleArgument('* GenerateContentRequest.contents: contents is not specified');
  for (const [index, content] of contents.entries()) {
    if (!isRecord(content)) return invalidGoogleArgument(`Invalid value at 'contents[${index}]'`);
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') return invalidGoogleArgument('Please use a valid role: user, model.');
    if (!Array.isArray(content.parts) || content.parts.length === 0) return invalidGoogleArgument(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.`);
    for (const [position, part] of content.parts.entries()) {
      const problem = checkPart(part, `contents[${index}].parts[${position}]`, model);
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkThinking(config: Record<string, unknown>, model: SimulatedModel): GoogleProblem | undefined {
  const { thinkingLevel: level, thinkingBudget: budget } = config;
  if (level !== undefined && budget !== undefined) return invalidGoogleArgument('You can only set only one of thinking budget and thinking level.');
  const thinking = model.thinking;
  if (level !== undefined) {
    if (thinking.knob === 'budget') return invalidGoogleArgument('Thinking level is not supported for this model.');
    if (thinking.knob === 'level' && !thinking.accepted.has(String(level))) {
      return invalidGoogleArgument(`Thinking level ${String(level)} is not supported for this model. Please retry with other thinking level.`);
    }
  }
  if (budget !== undefined && thinking.knob === 'budget' && budget !== -1) {
    if (budget === 0 && !thinking.offAllowed) return invalidGoogleArgument('Budget 0 is invalid. This model only works in thinking mode.');
    if (typeof budget !== 'number' || (budget !== 0 && (budget < thinking.lowest || budget > thinking.highest))) {
      return invalidGoogleArgument(`The thinking budget (${String(budget)}) is invalid.`);
    }
  }
  return undefined;
}

function checkGenerationConfig(config: unknown, model: SimulatedModel, jsonSchemaFields: boolean): GoogleProblem | undefined {
  if (config === undefined) return undefined;
  if (!isRecord(config)) return invalidGoogleArgument("Invalid value at 'generation_config'");
  const unknown = Object.keys(config).find((key) => !GENERATION_FIELDS.has(key) || (!jsonSchemaFields && key === 'responseJsonSchema'));
  if (unknown !== undefined) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "${unknown}" at 'generation_config': Cannot find field.`);
  // Every current Gemini model refuses a penalty other than 0 (0 is not validated). Source:
  // google-gemini/cookbook#1290 (2026-07-17, "on every tested model"), vercel/ai#8943, BerriAI/litellm PR #32273.
  if ([config.presencePenalty, config.frequencyPenalty].some((penalty) => penalty !== undefined && penalty !== 0)) {
    return invalidGoogleArgument('Penalty is not enabled for this model');
  }
  if (Array.isArray(config.stopSequences) && config.stopSequences.length > 5) return invalidGoogleArgument('* GenerateContentRequest.generation_config.stop_sequences: at most 5 stop sequences are allowed.');
  if (config.responseSchema !== undefined && config.responseJsonSchema !== undefined) {
    return invalidGoogleArgument('* GenerateContentRequest.generation_config: response_schema and response_json_schema cannot both be set.');
  }
  const schema = config.responseJsonSchema ?? config.responseSchema;
  if (schema !== undefined && config.responseMimeType !== 'application/json') {
    return invalidGoogleArgument('* GenerateContentRequest.generation_config.response_mime_type: must be application/json when a response schema is set.');
  }
  const schemaProblem =
    config.responseSchema !== undefined
      ? validateLegacySchema(config.responseSchema, 'generation_config.response_schema')
      : config.responseJsonSchema !== undefined
        ? validateJsonSchema(config.responseJsonSchema, 'generation_config.response_json_schema')
        : undefined;
  return schemaProblem ?? (isRecord(config.thinkingConfig) ? checkThinking(config.thinkingConfig, model) : undefined);
}

/**
 * The first problem the Gemini API would report for this body (the model from the URL, `v1beta`
 * or `v1` by `jsonSchemaFields`), or undefined when it would accept it.
 */
export function validateGoogleRequest(body: unknown, model: SimulatedModel, jsonSchemaFields: boolean): GoogleProblem | undefined {
  if (!isRecord(body)) return invalidGoogleArgument('Invalid JSON payload received. Expected an object.');
  const unknown = Object.keys(body).find((key) => !TOP_LEVEL_FIELDS.has(key));
  if (unknown !== undefined) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
  if (body.systemInstruction !== undefined) {
    const parts = isRecord(body.systemInstruction) ? body.systemInstruction.parts : undefined;
    if (!Array.isArray(parts) || parts.length === 0) return invalidGoogleArgument('* GenerateContentRequest.system_instruction.parts: contents.parts must not be empty.');
  }
  return (
    checkContents(body.contents, model) ??
    validateGoogleTools(body, jsonSchemaFields) ??
    checkGenerationConfig(body.generationConfig, model, jsonSchemaFields) ??
    validateFunctionTurns(body.contents as Array<{ role?: unknown; parts: Array<Record<string, unknown>> }>, model)
  );
}
