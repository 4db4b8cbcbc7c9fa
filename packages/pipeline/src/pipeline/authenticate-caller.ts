import { GatewayError } from '@modelgate/core';
import type { ExchangeKey } from '../exchange/exchange.js';
import type { ClientConventions } from '../fronts/front-door.js';
import type { KeyAuthenticator } from './pipeline-extension.js';

/** The 401 every front answers a missing or unknown key with, in its own envelope. */
export function invalidApiKey(): GatewayError {
  return new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' });
}

/** The caller's key, read where the front's clients send it and checked; a 401 thrown when there is none or it matches none. */
export async function authenticateCaller(headers: Readonly<Record<string, string | string[] | undefined>>, conventions: ClientConventions, keys: KeyAuthenticator): Promise<ExchangeKey> {
  const found = keys.authenticate(conventions.readKey((name) => [headers[name]].flat()[0] || undefined));
  // Config keys answer at once: no extra turn for the commonest case.
  const key = found instanceof Promise ? await found : found;
  if (!key) throw invalidApiKey();
  return key;
}
