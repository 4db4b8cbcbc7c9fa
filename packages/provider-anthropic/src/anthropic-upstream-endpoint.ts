import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_VERSION, type AnthropicSettings } from './anthropic-settings.js';

export interface AnthropicUpstreamEndpoint {
  readonly messagesUrl: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** URL and headers (PROTOCOLS D.1), resolved once per provider instance. */
export function createAnthropicUpstreamEndpoint(settings: AnthropicSettings): AnthropicUpstreamEndpoint {
  const baseUrl = (settings.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': settings.anthropicVersion ?? ANTHROPIC_DEFAULT_VERSION,
    ...settings.headers,
  };
  if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
  if (settings.betas && settings.betas.length > 0) headers['anthropic-beta'] = settings.betas.join(',');
  return { messagesUrl: `${baseUrl}/messages`, headers: Object.freeze(headers) };
}
