export type OpenAiRoute =
  | { kind: 'chat-completions' }
  | { kind: 'responses' }
  | { kind: 'responses-compact' }
  | { kind: 'list-models' }
  | { kind: 'retrieve-model'; modelId: string };

const MODEL_PREFIX = '/v1/models/';

function decodeModelId(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** The endpoint a request is for, or undefined for a path or method OpenAI does not serve. */
export function matchOpenAiRoute(method: string, path: string): OpenAiRoute | undefined {
  if (method === 'POST' && path === '/v1/chat/completions') return { kind: 'chat-completions' };
  if (method === 'POST' && path === '/v1/responses') return { kind: 'responses' };
  if (method === 'POST' && path === '/v1/responses/compact') return { kind: 'responses-compact' };
  if (method === 'GET' && path === '/v1/models') return { kind: 'list-models' };
  // Model ids may contain `/` and `:`, so everything after the prefix is the id.
  if (method === 'GET' && path.startsWith(MODEL_PREFIX) && path.length > MODEL_PREFIX.length) {
    return { kind: 'retrieve-model', modelId: decodeModelId(path.slice(MODEL_PREFIX.length)) };
  }
  return undefined;
}
