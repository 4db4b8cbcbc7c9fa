import type { OpenAiSimulatorEndpoint } from './openai-simulator-endpoint.js';

export type OpenAiRoute =
  | { kind: 'chat-completions' }
  | { kind: 'endpoint'; endpoint: OpenAiSimulatorEndpoint }
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

/**
 * The endpoint a request is for (added, or built in), or undefined for a path or method the
 * simulator does not serve. An added endpoint comes first, so a vendor's simulator can replace the
 * built-in chat with its own dialect of it (DeepSeek's reasoning) and keep the rest.
 */
export function matchOpenAiRoute(method: string, path: string, endpoints: readonly OpenAiSimulatorEndpoint[] = []): OpenAiRoute | undefined {
  const endpoint = endpoints.find((candidate) => candidate.method === method && (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)));
  if (endpoint !== undefined) return { kind: 'endpoint', endpoint };
  if (method === 'POST' && path === '/v1/chat/completions') return { kind: 'chat-completions' };
  if (method === 'GET' && path === '/v1/models') return { kind: 'list-models' };
  // Model ids may contain `/` and `:`, so everything after the prefix is the id.
  if (method === 'GET' && path.startsWith(MODEL_PREFIX) && path.length > MODEL_PREFIX.length) {
    return { kind: 'retrieve-model', modelId: decodeModelId(path.slice(MODEL_PREFIX.length)) };
  }
  return undefined;
}
