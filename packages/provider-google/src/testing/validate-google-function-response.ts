import { isRecord } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';

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
