import type { OpenAiSimulatorEndpoint } from './openai-chat-simulator.js';

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

/** The endpoint a request is for (built in, or added), or undefined for a path or method the simulator does not serve. */
export function matchOpenAiRoute(method: string, path: string, endpoints: readonly OpenAiSimulatorEndpoint[] = []): OpenAiRoute | undefined {
  if (method === 'POST' && path === '/v1/chat/completions') return { kind: 'chat-completions' };
  const endpoint = endpoints.find((candidate) => candidate.method === method && candidate.path === path);
  if (endpoint !== undefined) return { kind: 'endpoint', endpoint };
  if (method === 'GET' && path === '/v1/models') return { kind: 'list-models' };
  // Model ids may contain `/` and `:`, so everything after the prefix is the id.
  if (method === 'GET' && path.startsWith(MODEL_PREFIX) && path.length > MODEL_PREFIX.length) {
    return { kind: 'retrieve-model', modelId: decodeModelId(path.slice(MODEL_PREFIX.length)) };
  }
  return undefined;
}
