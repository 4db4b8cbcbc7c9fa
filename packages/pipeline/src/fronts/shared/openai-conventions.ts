import { GatewayError } from '@modelgate/core';
import type { ClientConventions } from '../front-door.js';

function missingKey(message: string): GatewayError {
  return new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message });
}

/**
 * OpenAI's clients: the key in `Authorization: Bearer <key>`, errors in
 * `{"error":{"message","type","param","code"}}` with the error's own status and headers.
 */
export const openAiConventions: ClientConventions = {
  keySources: ['Authorization: Bearer'],
  readKey(header) {
    const authorization = header('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (match) return match[1]!;
    throw missingKey(
      authorization
        ? "The Authorization header must be 'Bearer <key>'."
        : "You didn't provide an API key. Send it in an Authorization header: 'Authorization: Bearer <key>'.",
    );
  },
  renderError: (error) => ({ status: error.status, headers: error.headers, body: error.toEnvelope() }),
};
