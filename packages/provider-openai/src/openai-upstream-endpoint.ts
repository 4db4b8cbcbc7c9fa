import type { OpenAiSettings } from './openai-settings.js';
import { OPENAI_DEFAULT_BASE_URL } from './openai-settings.js';

export interface OpenAiUpstreamEndpoint {
  url(path: string): string;
  readonly headers: Readonly<Record<string, string>>;
}

/** Base URL and headers resolved once per provider instance, not per request. */
export function createOpenAiUpstreamEndpoint(settings: OpenAiSettings): OpenAiUpstreamEndpoint {
  const baseUrl = (settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const headers: Record<string, string> = { 'content-type': 'application/json', ...settings.headers };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  if (settings.organization) headers['openai-organization'] = settings.organization;
  if (settings.project) headers['openai-project'] = settings.project;
  return { url: (path) => `${baseUrl}${path}`, headers: Object.freeze(headers) };
}
