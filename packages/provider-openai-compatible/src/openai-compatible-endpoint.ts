/** Where an OpenAI-compatible server is and how to reach it; the part of the settings every vendor shares. */
export interface OpenAiCompatibleConnection {
  /** Base URL including `/v1` (or whatever prefix the server's `/chat/completions` sits under). */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer`; keyless local servers (Ollama, vLLM) need none. */
  readonly apiKey?: string;
  /** Extra headers sent on every upstream request. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface OpenAiCompatibleEndpoint {
  url(path: string): string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Base URL and headers resolved once per provider instance, not per request. `vendorHeaders`
 * (OpenAI's organization and project) come last, so they win over the configured `headers`.
 */
export function createOpenAiCompatibleEndpoint(
  connection: OpenAiCompatibleConnection,
  vendorHeaders: Readonly<Record<string, string>> = {},
): OpenAiCompatibleEndpoint {
  const baseUrl = connection.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json', ...connection.headers };
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  Object.assign(headers, vendorHeaders);
  return { url: (path) => `${baseUrl}${path}`, headers: Object.freeze(headers) };
}
