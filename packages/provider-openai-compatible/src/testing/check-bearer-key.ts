import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAiProblem } from './openai-errors.js';

/** Shows only the ends of a key, the way OpenAI echoes a wrong one. */
function maskKey(key: string): string {
  if (key.length <= 8) return '***';
  return `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}`;
}

/** OpenAI's only scheme: `Authorization: Bearer <key>`. Returns the 401 problem, or undefined when the key matches. */
export function checkBearerKey(headers: IncomingHttpHeaders, expectedKey: string): OpenAiProblem | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  const key = match?.[1]?.trim();
  if (key === expectedKey) return undefined;
  const message =
    key === undefined
      ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
      : `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`;
  return { status: 401, message, type: 'invalid_request_error', code: 'invalid_api_key' };
}
