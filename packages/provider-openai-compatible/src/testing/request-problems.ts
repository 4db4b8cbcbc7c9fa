import type { OpenAiProblem } from './openai-errors.js';

// Builders for OpenAI's 400 messages, worded as OpenAI words them so clients that match on text still work.

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

export function badRequest(message: string, param: string | null = null, code: string | null = null): OpenAiProblem {
  return { status: 400, message, type: 'invalid_request_error', param, code };
}

export function invalidType(param: string, expected: string, value: unknown): OpenAiProblem {
  return badRequest(`Invalid type for '${param}': expected ${expected}, but got ${describeType(value)} instead.`, param, 'invalid_type');
}

export function missingParameter(param: string): OpenAiProblem {
  return badRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
}

export function invalidValue(param: string, message: string): OpenAiProblem {
  return badRequest(`Invalid value for '${param}': ${message}`, param, 'invalid_value');
}

export function emptyArray(param: string): OpenAiProblem {
  return badRequest(`Invalid '${param}': empty array. Expected an array with minimum length 1, but got an empty array instead.`, param, 'empty_array');
}

/** `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`: how OpenAI lists supported values. */
function listValues(values: readonly string[]): string {
  const quoted = values.map((value) => `'${value}'`);
  if (quoted.length < 3) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)!}`;
}

/** E.g. "Invalid value: 'tooool'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'." */
export function unsupportedValue(param: string, value: unknown, supported: readonly string[]): OpenAiProblem {
  return badRequest(`Invalid value: '${String(value)}'. Supported values are: ${listValues(supported)}.`, param, 'invalid_value');
}
