import { isRecord } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';
import type { SimulatedModel } from './google-simulator-models.js';

const FUNCTION_RESPONSE_PART_FIELDS = new Set(['inlineData', 'fileData']);

/**
 * `functionResponse.parts` (multimodal function responses, https://ai.google.dev/gemini-api/docs/function-calling,
 * "Multimodal function responses"): Gemini 3 series only; a 2.x model answers 400 in these words
 * (google-gemini/gemini-cli#19436, gemini-2.5, 2026-02-18). Each part is a FunctionResponsePart,
 * whose only data fields are `inlineData` and `fileData` (a `text` is an unknown field, as the API
 * answers any field its message lacks).
 */
export function checkFunctionResponseParts(functionResponse: Record<string, unknown>, path: string, model: SimulatedModel): GoogleProblem | undefined {
  const { parts } = functionResponse;
  if (parts === undefined) return undefined;
  if (model.generation !== 'gemini-3') {
    return invalidGoogleArgument('Unable to submit request because `function_response.parts` is not supported for this model. Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling');
  }
  if (!Array.isArray(parts)) return invalidGoogleArgument(`Invalid value at '${path}.parts'`);
  for (const [index, part] of parts.entries()) {
    if (!isRecord(part)) return invalidGoogleArgument(`Invalid value at '${path}.parts[${index}]'`);
    const unknown = Object.keys(part).find((key) => !FUNCTION_RESPONSE_PART_FIELDS.has(key));
    if (unknown !== undefined) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "${unknown}" at '${path}.parts[${index}]': Cannot find field.`);
    if (Object.keys(part).length !== 1) return invalidGoogleArgument(`* GenerateContentRequest.${path}.parts[${index}].data: required oneof field 'data' must have one initialized field`);
    if (isRecord(part.inlineData) && (typeof part.inlineData.data !== 'string' || /^data:/.test(part.inlineData.data))) {
      return invalidGoogleArgument(`Invalid value at '${path}.parts[${index}].inline_data.data' (TYPE_BYTES), Base64 decoding failed`);
    }
  }
  return undefined;
}

/** The first `$ref` value found in a Struct, at any depth. */
function findReference(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(findReference).find((found) => found !== undefined);
  if (!isRecord(value)) return undefined;
  if (value.$ref !== undefined) return String(value.$ref);
  return Object.values(value).map(findReference).find((found) => found !== undefined);
}

/**
 * Gemini reserves `$ref` inside `functionResponse.response` for references to the multimodal
 * `functionResponse.parts` by `displayName`; any other `$ref`, at any depth, is a 400. Source:
 * "The referenced name `#/$defs/__schema2` in function_response.response does not match to a
 * display_name in the function_response.parts." (twentyhq/twenty#21712 2026-06-17, vercel/ai#14369,
 * googleapis/python-genai#2792, BerriAI/litellm PR #19062).
 */
export function checkFunctionResponseReferences(functionResponse: Record<string, unknown>): GoogleProblem | undefined {
  const reference = findReference(functionResponse.response);
  if (reference === undefined) return undefined;
  const parts = Array.isArray(functionResponse.parts) ? functionResponse.parts : [];
  const named = parts.some((part) => isRecord(part) && isRecord(part.inlineData) && part.inlineData.displayName === reference);
  return named ? undefined : invalidGoogleArgument(`The referenced name \`${reference}\` in function_response.response does not match to a display_name in the function_response.parts.`);
}
