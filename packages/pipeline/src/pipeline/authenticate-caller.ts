import { GatewayError } from '@modelgate/core';
import type { ExchangeKey } from '../exchange/exchange.js';
import type { ClientConventions } from '../fronts/front-door.js';
import type { KeyAuthenticator } from './pipeline-extension.js';

/** The 401 every front answers a missing or unknown key with, in its own envelope. */
export function invalidApiKey(): GatewayError {
  return new GatewayError({ status: 401, type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' });
}

type Values = Readonly<Record<string, string | string[] | undefined>>;

/** The first value of a header or query parameter, undefined when absent or empty. */
function firstOf(values: Values): (name: string) => string | undefined {
  return (name) => [values[name]].flat()[0] || undefined;
}

/** The caller's key, read where the front's clients send it (a header, or the query string) and checked; a 401 thrown when there is none or it matches none. */
export async function authenticateCaller(headers: Values, query: Values, conventions: ClientConventions, keys: KeyAuthenticator): Promise<ExchangeKey> {
  const found = keys.authenticate(conventions.readKey(firstOf(headers), firstOf(query)));
  // Config keys answer at once: no extra turn for the commonest case.
  const key = found instanceof Promise ? await found : found;
  if (!key) throw invalidApiKey();
  return key;
}
