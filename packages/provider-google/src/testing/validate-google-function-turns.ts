import { isRecord } from '@modelgate/testkit';
import { invalidGoogleArgument, type GoogleProblem } from './google-simulator-errors.js';
import type { SimulatedModel } from './google-simulator-models.js';
import { signatureModel, SKIP_SIGNATURE_SENTINELS } from './google-simulator-signatures.js';

type Part = Record<string, unknown>;
interface Content {
  role?: unknown;
  parts: Part[];
}

const callOf = (part: Part) => (isRecord(part.functionCall) ? part.functionCall : undefined);
const responseOf = (part: Part) => (isRecord(part.functionResponse) ? part.functionResponse : undefined);

/**
 * Function responses answer the model content just before them (PROTOCOLS E.5, E.7): as many
 * response parts as call parts, each naming a call's function and, when it has an id, a call's id.
 */
function checkPairing(contents: readonly Content[]): GoogleProblem | undefined {
  for (const [index, content] of contents.entries()) {
    const responses = content.parts.map(responseOf).filter((response) => response !== undefined);
    if (responses.length === 0) continue;
    const calls = (contents[index - 1]?.role === 'model' ? contents[index - 1]!.parts : []).map(callOf).filter((call) => call !== undefined);
    if (responses.length !== calls.length) {
      return invalidGoogleArgument('Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.');
    }
    for (const [position, response] of responses.entries()) {
      if (!calls.some((call) => call.name === response.name)) {
        return invalidGoogleArgument(`* GenerateContentRequest.contents[${index}].parts[${position}].function_response.name: Function response name "${String(response.name)}" does not match any function call name of the preceding model content.`);
      }
      if (response.id !== undefined && !calls.some((call) => call.id === response.id)) {
        return invalidGoogleArgument(`* GenerateContentRequest.contents[${index}].parts[${position}].function_response.id: Function response id "${String(response.id)}" does not match any function call id of the preceding model content.`);
      }
    }
  }
  return undefined;
}

/** Gemini 2.x does not know part ids: an `id` on a call or response is an unknown name (E.7). */
function checkNoIds(contents: readonly Content[]): GoogleProblem | undefined {
  for (const [index, content] of contents.entries()) {
    for (const [position, part] of content.parts.entries()) {
      const field = callOf(part)?.id !== undefined ? 'function_call' : responseOf(part)?.id !== undefined ? 'function_response' : undefined;
      if (field) return invalidGoogleArgument(`Invalid JSON payload received. Unknown name "id" at 'contents[${index}].parts[${position}].${field}': Cannot find field.`);
    }
  }
  return undefined;
}

/**
 * Gemini 3 validates the current turn (every model content after the last user content with more
 * than function responses): the first call of each step needs its signature, and a signature must
 * be one issued for this model (the placeholder passes). Older turns are not checked (E.7).
 */
function checkSignatures(contents: readonly Content[], model: string): GoogleProblem | undefined {
  const turnStart = contents.findLastIndex((content) => content.role === 'user' && content.parts.some((part) => responseOf(part) === undefined)) + 1;
  for (const [offset, content] of contents.slice(turnStart).entries()) {
    if (content.role !== 'model') continue;
    for (const part of content.parts) {
      const signature = part.thoughtSignature;
      if (typeof signature === 'string' && !SKIP_SIGNATURE_SENTINELS.has(signature) && signatureModel(signature) !== model) {
        return invalidGoogleArgument('Corrupted thought signature.');
      }
    }
    const first = content.parts.find((part) => callOf(part) !== undefined);
    if (first && typeof first.thoughtSignature !== 'string') {
      return invalidGoogleArgument(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${String(callOf(first)!.name)}\` , position ${turnStart + offset + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      );
    }
  }
  return undefined;
}

export function validateFunctionTurns(contents: readonly Content[], model: SimulatedModel): GoogleProblem | undefined {
  return (
    checkPairing(contents) ??
    (model.generation === 'gemini-2' ? checkNoIds(contents) : undefined) ??
    (model.generation === 'gemini-3' ? checkSignatures(contents, model.resolved) : undefined)
  );
}
